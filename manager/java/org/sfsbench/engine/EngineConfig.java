package org.sfsbench.engine;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builder of the engine's "key=value" configuration text (keys: docs/engine.md). Values may not
 * contain line breaks. {@link #toString()} masks the password so a config can be logged.
 */
public final class EngineConfig {
    private final Map<String, String> values = new LinkedHashMap<>();

    /** Sets {@code key}, which the engine must declare (a core key or a backend's option). */
    public EngineConfig set(String key, Object value) {
        EngineCatalog.get().key(key);
        String v = String.valueOf(value);
        if (v.indexOf('\n') >= 0 || v.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("engine config value for " + key + " contains a line break");
        }
        values.put(key, v);
        return this;
    }

    public EngineConfig remove(String key) {
        values.remove(key);
        return this;
    }

    public String get(String key) {
        return values.get(key);
    }

    /** The text handed to sfs_engine_open (contains the password, never log it). */
    public String render() {
        StringBuilder sb = new StringBuilder();
        values.forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
        return sb.toString();
    }

    /** Parses text produced by {@link #render()}. */
    public static EngineConfig parse(String text) {
        EngineConfig c = new EngineConfig();
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                c.values.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return c;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        values.forEach((k, v) -> sb.append(k).append('=').append(k.equals("password") ? "********" : v).append(' '));
        return sb.toString().trim();
    }
}
