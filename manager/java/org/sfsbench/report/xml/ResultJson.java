package org.sfsbench.report.xml;

import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Collectors;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import org.sfsbench.results.ResultFiles;

/**
 * {@code sfsresult.<suffix>.json}: the same document as the XML, written by Jackson from the same
 * classes, so the names are the XML's element and attribute names. Decimals are written as plain
 * JSON numbers with the XML's digits (never exponents). The file is written whole to a temporary
 * name and renamed, so a reader never sees a half-written (invalid) JSON file.
 */
public final class ResultJson {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .setSerializationInclusion(JsonInclude.Include.NON_NULL)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            // keep "4.0" as 4.0 when reading a tree: the digits are part of the published value
            .configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);

    private ResultJson() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** Builds the result document's serializer ahead of the first write (Jackson caches it). */
    public static void prepare() {
        MAPPER.writerFor(ResultDocument.class);
    }

    public static String toJson(Object doc) throws IOException {
        return MAPPER.writeValueAsString(doc);
    }

    public static void write(Object doc, Path file) throws IOException {
        ResultFiles.write(file, toJson(doc) + "\n");
    }

    /**
     * @throws IOException naming the file, the line and the field for JSON that is not a result
     *     document (never Jackson's own text, which names internal classes, nor the line's content)
     */
    public static ResultDocument read(Path file) throws IOException {
        try {
            return MAPPER.readValue(file.toFile(), ResultDocument.class);
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            String where = file + (line > 0 ? ":" + line : "") + ": ";
            if (!(e instanceof JsonMappingException m)) {
                throw new IOException(where + "not JSON (the line is not shown)");
            }
            // an unknown field's name may be another file's secret: only where it stands is said
            int known = m.getPath().size() - (e instanceof UnrecognizedPropertyException ? 1 : 0);
            String field = m.getPath().stream().limit(Math.max(0, known)).map(r -> r.getFieldName() != null ? r.getFieldName()
                    : "[" + r.getIndex() + "]").collect(Collectors.joining(".")).replace(".[", "[");
            String what = e instanceof UnrecognizedPropertyException ? "a field that a result document does not"
                    + " have (its name is not shown)"
                    : e instanceof MismatchedInputException mi && mi.getTargetType() != null
                    ? "not " + kind(mi.getTargetType()) : "not what a result document holds there";
            throw new IOException(where + (field.isEmpty() ? "the document" : field) + ": " + what
                    + " (the value is not shown; docs/sfsresult.xsd describes the fields)");
        }
    }

    private static String kind(Class<?> type) {
        if (type == String.class) {
            return "a text";
        }
        if (type.isPrimitive() || Number.class.isAssignableFrom(type)) {
            return type == boolean.class || type == Boolean.class ? "true or false" : "a number";
        }
        if (java.util.Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        return "an object";
    }
}
