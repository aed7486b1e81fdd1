package org.sfsbench.results;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** The one timestamp style of consoles, logs and results: UTC, ISO 8601, whole seconds, "Z" (2026-11-23T14:05:09Z). */
public final class Timestamps {
    private Timestamps() {
    }

    public static String now() {
        return of(Instant.now());
    }

    public static String of(Instant t) {
        return t.truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
