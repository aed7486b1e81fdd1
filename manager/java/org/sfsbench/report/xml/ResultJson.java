package org.sfsbench.report.xml;

import java.io.IOException;
import java.nio.file.Path;

import org.sfsbench.results.ResultFiles;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;

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

    public static ResultDocument read(Path file) throws IOException {
        return MAPPER.readValue(file.toFile(), ResultDocument.class);
    }
}
