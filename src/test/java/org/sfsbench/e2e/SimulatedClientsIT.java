package org.sfsbench.e2e;

import org.sfsbench.testsupport.RunsAlone;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.launch.BuildId;
import org.sfsbench.rmi.Secrets;
import org.sfsbench.sim.SimulatedAgent;
import org.sfsbench.sim.SimulatedClients;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;

/**
 * A real manager ({@code sfs run}) against simulated agents in this JVM (org.sfsbench.sim): the
 * agent's RMI protocol and login, engine-format samples, no engine or server behind them. The
 * merged counts must be exactly the clients' own, a client that dies among 1,000 must end the run
 * promptly and by name, and a client that cannot be reached must be named before anything runs.
 */
@RunsAlone
class SimulatedClientsIT {
    private static final String SECRET = Secrets.generate();
    /** The build of the packaged sfs the test runs, which the simulated agents must claim. */
    private static final String BUILD = BuildId.of(Sfs.buildDir().resolve("sfsbench.jar"));

    private static Path rc(Path dir, SimulatedClients fleet, String loads, int runtime) throws Exception {
        return TestRc.write(dir, "nfs", fleet.clientsValue(), 1, "127.0.0.1:/simulated", loads, 1, runtime,
                "AGENT_TLS=off");
    }

    private static ChildProcess run(Path dir, Path rc) throws Exception {
        return Sfs.start(dir.resolve("out.txt"), Map.of(Secrets.ENV, SECRET), "run", "-r", rc.toString(), "-s", "sim",
                "-d", dir.resolve("results").toString());
    }

    /** Total ops (4th column) of every sfssum row. */
    private static List<Long> sfssumOps(Path dir) throws Exception {
        return Files.readAllLines(dir.resolve("results/sfssum.sim")).stream()
                .map(l -> Long.parseLong(l.trim().split("\\s+")[3])).toList();
    }

    @Test
    void mergedCountsAreTheSumOfEveryClient(@TempDir Path dir) throws Exception {
        try (SimulatedClients fleet = SimulatedClients.start(SECRET, BUILD, 300, 1500, 0.6, 0, null)) {
            ChildProcess run = run(dir, rc(dir, fleet, "3000 6000", 3));
            int status = run.waitFor(300);
            String out = run.output();
            assertEquals(0, status, out);
            List<Long> ops = sfssumOps(dir);
            assertEquals(2, ops.size(), out);
            for (int p = 1; p <= 2; p++) {
                long expected = fleet.runOps(p);
                assertTrue(expected > 0, "point " + p + ": no client counted ops");
                assertEquals(expected, ops.get(p - 1), "point " + p + ": merged total ops of 300 clients");
            }
            for (SimulatedAgent a : fleet.agents()) {
                assertTrue(a.runOps(2) > 0, "client " + a.number() + " has no RUN ops in point 2");
            }
        }
    }

    @Test
    void oneDeadClientOfAThousandEndsTheRunByName(@TempDir Path dir) throws Exception {
        int dying = 537;
        try (SimulatedClients fleet = SimulatedClients.start(SECRET, BUILD, 1000, 1500, 0.6, dying,
                new SimulatedAgent.Death(2, 1.0))) {
            ChildProcess run = run(dir, rc(dir, fleet, "2000 4000", 4));
            int status = run.waitFor(600);
            long ended = System.currentTimeMillis();
            String out = run.output();
            SimulatedAgent dead = fleet.agents().get(dying - 1);
            assertTrue(dead.dead(), "client " + dying + " never reached its death:\n" + out);
            assertNotEquals(0, status, out);
            assertTrue(ended - dead.diedAtMs() <= 30_000, "the run took " + (ended - dead.diedAtMs())
                    + " ms to end after client " + dying + " died:\n" + out);
            assertTrue(out.contains("client " + dying + " "), "the output must name client " + dying + ":\n" + out);
            List<Long> ops = sfssumOps(dir);
            assertEquals(List.of(fleet.runOps(1)), ops, "the finished point 1 must be kept, exact");
        }
    }

    @Test
    void unreachableClientIsNamedAndTheOthersReleased(@TempDir Path dir) throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        try (SimulatedClients fleet = SimulatedClients.start(SECRET, BUILD, 2, 1500, 0.6, 0, null)) {
            String clients = fleet.clientsValue() + " localhost 127.0.0.1:" + closed;
            Path rc = TestRc.write(dir, "nfs", clients, 1, "127.0.0.1:/simulated", "40", 1, 2, "AGENT_TLS=off");
            long started = System.currentTimeMillis();
            ChildProcess run = run(dir, rc);
            int status = run.waitFor(120);
            long took = System.currentTimeMillis() - started;
            String out = run.output();
            assertNotEquals(0, status, out);
            assertTrue(out.contains("client 4 (127.0.0.1:" + closed + ")"), "the unreachable client must be named:\n" + out);
            // the start timeout of an agent that runs already is 5 s; the JVM's start comes on top
            assertTrue(took < 30_000, "took " + took + " ms to name it:\n" + out);
            for (SimulatedAgent a : fleet.agents()) {
                assertTrue(a.loggedOut(), "client " + a.number() + " was left logged in:\n" + out);
            }
            assertTrue(Sfs.leftovers(dir.toString()).isEmpty(), "agents left running: "
                    + Sfs.leftovers(dir.toString()).stream().map(p -> p.info().commandLine().orElse("?")).toList());
        }
    }
}
