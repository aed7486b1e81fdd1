package org.sfsbench.rc;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * LOADFILE_DEAL: which CLIENTS host replays each loadfile of a set (docs/loadfile.md). Every
 * loadfile goes to exactly one host and every host gets at least one.
 */
enum LoadfileDeal {
    /** Loadfile i to host i mod hosts. */
    ROUND_ROBIN("round-robin"),
    /** The loadfiles by op lines, most first, each to the host with the fewest op lines so far. */
    OPS("ops");

    final String word;

    LoadfileDeal(String word) {
        this.word = word;
    }

    static LoadfileDeal of(String word) {
        for (LoadfileDeal d : values()) {
            if (d.word.equals(word)) {
                return d;
            }
        }
        return null;
    }

    /** For each of {@code hosts} hosts, the indexes of the loadfiles it replays, ascending. */
    List<List<Integer>> deal(List<Long> opsOfEach, int hosts) {
        List<List<Integer>> out = new ArrayList<>();
        long[] load = new long[hosts];
        for (int h = 0; h < hosts; h++) {
            out.add(new ArrayList<>());
        }
        List<Integer> order = IntStream.range(0, opsOfEach.size()).boxed().toList();
        if (this == OPS) {
            order = order.stream().sorted(Comparator.comparing((Integer i) -> -opsOfEach.get(i))).toList();
        }
        for (int k = 0; k < order.size(); k++) {
            int file = order.get(k);
            int host = this == ROUND_ROBIN ? k % hosts : lightest(load);
            load[host] += opsOfEach.get(file);
            out.get(host).add(file);
        }
        out.forEach(l -> l.sort(null));
        return out;
    }

    /** The host with the fewest op lines so far; the first of equals. */
    private static int lightest(long[] load) {
        int best = 0;
        for (int h = 1; h < load.length; h++) {
            if (load[h] < load[best]) {
                best = h;
            }
        }
        return best;
    }
}
