package org.sfsbench.smb;

import org.sfsbench.engine.Engine;
import org.sfsbench.engine.Phase;
import org.sfsbench.engine.SampleLayout;

/** One load point through the native engine: INIT, a short WARMUP, RUN; the final RUN counters. */
final class CifsLoadPoint {
    static final int CIFS_FIRST_OP = 24;
    static final int CIFS_OPS = 13;

    private CifsLoadPoint() {
    }

    /** Called between phases, with the connections open. */
    interface Hook {
        void call() throws Exception;
    }

    static long[] run(String config, double warmupSeconds, double runSeconds) throws Exception {
        return run(config, warmupSeconds, runSeconds, null, null);
    }

    /** beforeRun: after INIT, before WARMUP/RUN; afterRun: after RUN, before disconnecting. */
    static long[] run(String config, double warmupSeconds, double runSeconds, Hook beforeRun, Hook afterRun)
            throws Exception {
        try (Engine e = Engine.open(config)) {
            e.start(Phase.INIT, 60);
            await(e, 90_000, "INIT");
            if (beforeRun != null) {
                beforeRun.call();
            }
            if (warmupSeconds > 0) {
                e.start(Phase.WARMUP, warmupSeconds);
                Thread.sleep((long) (warmupSeconds * 1000));
            }
            e.start(Phase.RUN, runSeconds);
            await(e, (long) (runSeconds * 1000) + 30_000, "RUN");
            long[] s = e.sample();
            if (afterRun != null) {
                afterRun.call();
            }
            return s;
        }
    }

    static void await(Engine e, long timeoutMs, String phase) {
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (System.currentTimeMillis() < deadline) {
            Engine.State s = e.waitFor(1000);
            if (s == Engine.State.DONE) {
                return;
            }
            if (s == Engine.State.FAILED) {
                throw new IllegalStateException(phase + " failed: " + e.error());
            }
        }
        throw new IllegalStateException(phase + " did not finish within " + timeoutMs + " ms");
    }

    static long word(long[] s, int op, int field) {
        return s[SampleLayout.op(op, field)];
    }

    static long total(long[] s, int field) {
        long t = 0;
        for (int op = 0; op < SampleLayout.OPS_MAX; op++) {
            t += word(s, op, field);
        }
        return t;
    }
}
