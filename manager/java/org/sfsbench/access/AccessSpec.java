package org.sfsbench.access;

import java.util.List;
import java.util.stream.Collectors;

import org.sfsbench.engine.Engine;

/**
 * A named Iometer access specification: its lines, whose % of accesses add up to 100.
 *
 * @param name  the name users know it by ("File Server", "OLTP 8K")
 * @param lines at least one
 */
public record AccessSpec(String name, List<AccessLine> lines) {
    public AccessSpec {
        lines = List.copyOf(lines);
    }

    /**
     * Why the spec as a whole cannot run, or null: the engine's own check of the spec an agent will
     * get (line count, % of accesses adding up to 100, every field), made at plan time.
     */
    public String problem() {
        if (lines.isEmpty()) {
            return "access specification '" + name + "' has no lines";
        }
        Engine.AccessCheck c = Engine.checkAccessSpec(engineText());
        return c.lines() < 0 ? "access specification '" + name + "': " + c.reason() : null;
    }

    /** The engine's access_spec value: lines separated by ';'. */
    public String engineText() {
        return lines.stream().map(AccessLine::engineText).collect(Collectors.joining(";"));
    }

    /** Largest transfer of any line. */
    public int maxSize() {
        return lines.stream().mapToInt(AccessLine::size).max().orElse(0);
    }

    /** % of transfers that read, over all lines. */
    public double readPct() {
        return lines.stream().mapToDouble(l -> l.pct() * l.readPct() / 100.0).sum();
    }
}
