package org.sfsbench.results.model;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a record from a builder whose public fields have the record's component names and
 * types, and fills such a builder from a record. A new result field is then a record component
 * and a builder field (with its default), nothing else: build and copy follow by name.
 */
final class RecordBuilders {
    private RecordBuilders() {
    }

    /** The record made from the builder's fields, in component order. */
    static <R extends Record> R build(Class<R> type, Object builder) {
        RecordComponent[] components = type.getRecordComponents();
        Object[] args = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        try {
            for (int i = 0; i < components.length; i++) {
                args[i] = field(builder.getClass(), components[i]).get(builder);
                types[i] = components[i].getType();
            }
            Constructor<R> canonical = type.getDeclaredConstructor(types);
            return canonical.newInstance(args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + type.getSimpleName() + ": " + e, e);
        }
    }

    /** Sets every builder field to the record's component of that name (lists as mutable copies). */
    static <B> B copy(Record value, B builder) {
        try {
            for (RecordComponent c : value.getClass().getRecordComponents()) {
                Object v = c.getAccessor().invoke(value);
                field(builder.getClass(), c).set(builder, v instanceof List<?> l ? new ArrayList<>(l) : v);
            }
            return builder;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot copy " + value.getClass().getSimpleName() + ": " + e, e);
        }
    }

    /**
     * Fails unless the builder's public instance fields are exactly the record's components
     * (names and types), so a component without a builder field is found when the class loads.
     */
    static void check(Class<? extends Record> type, Class<?> builder) {
        List<String> want = new ArrayList<>();
        for (RecordComponent c : type.getRecordComponents()) {
            want.add(c.getName() + ":" + c.getGenericType().getTypeName());
        }
        List<String> have = new ArrayList<>();
        for (Field f : builder.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers())) {
                have.add(f.getName() + ":" + f.getGenericType().getTypeName());
            }
        }
        want.sort(null);
        have.sort(null);
        if (!want.equals(have)) {
            List<String> missing = new ArrayList<>(want);
            missing.removeAll(have);
            List<String> extra = new ArrayList<>(have);
            extra.removeAll(want);
            throw new IllegalStateException(type.getSimpleName() + ".Builder does not mirror the record: missing "
                    + missing + ", extra " + extra);
        }
    }

    private static Field field(Class<?> builder, RecordComponent c) throws NoSuchFieldException {
        return builder.getField(c.getName());
    }
}
