package org.sfsbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

/**
 * close() while other threads are inside the real engine (a phase watcher in waitFor, status
 * queries in sample and error, the agent's abort in stop): the engine is freed only after they
 * leave, later calls fail cleanly, and the JVM never touches freed memory (without the lock this
 * crashes the test JVM with SIGSEGV or corrupts the heap).
 */
class EngineCloseRaceTest {
    private static final String CONFIG = String.join("\n", "backend=null", "workload=randread", "procs=4",
            "rate=0", "target.0=/", "working_set=1048576", "xfer_size=4096", "seed=1", "");

    @Test
    void closeWhileThreadsAreInsideTheEngine() throws InterruptedException {
        for (int round = 0; round < 40; round++) {
            Engine e = Engine.open(CONFIG);
            e.start(Phase.INIT, 30);
            while (e.waitFor(1000) == Engine.State.RUNNING) {
                Thread.onSpinWait();
            }
            e.start(Phase.RUN, 30);
            AtomicReference<Throwable> unexpected = new AtomicReference<>();
            CountDownLatch running = new CountDownLatch(4);
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int kind = t;
                Thread th = new Thread(() -> {
                    running.countDown();
                    try {
                        while (true) {
                            switch (kind) {
                                case 0 -> e.waitFor(5000);
                                case 1 -> e.sample();
                                case 2 -> e.error();
                                default -> e.stop();
                            }
                            if (kind == 3 && e.isClosed()) {
                                return;
                            }
                        }
                    } catch (IllegalStateException closed) {
                        if (!"engine closed".equals(closed.getMessage())) {
                            unexpected.set(closed);
                        }
                    } catch (Throwable x) {
                        unexpected.set(x);
                    }
                }, "engine-user-" + t);
                th.start();
                threads.add(th);
            }
            running.await();
            Thread.sleep(round % 5);
            e.close(); // while the watcher waits up to 5 s in sfs_engine_wait
            for (Thread th : threads) {
                th.join(10_000);
                assertTrue(!th.isAlive(), th.getName() + " still inside a closed engine");
            }
            assertEquals(null, unexpected.get());
            assertThrows(IllegalStateException.class, e::sample);
            e.stop();
            e.close();
        }
    }
}
