package org.sfsbench.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.rmi.Secrets;
import org.sfsbench.testsupport.AccessCsv;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.WineAgent;
import org.sfsbench.testsupport.WindowsJava;
import org.sfsbench.testsupport.Exclusive;

/**
 * The Windows file backend (win32) driven by the Linux manager through an agent on a Windows JVM
 * under Wine: two load points of its standard workload (sfs2008-cifs) on a folder of the Windows
 * client, then an access step whose 8 outstanding I/Os per worker go through overlapped I/O and an
 * I/O completion port: the achieved queue depth (IOPS x mean response time) is about 8, all with 0
 * errors.
 */
@Exclusive(Exclusive.WINE)
class WinFileIT {
    private static final String SECRET = "win-file-it-" + Long.toHexString(ThreadLocalRandom.current().nextLong());

    @Test
    void twoLoadPointsAndAnAccessStepOnAWindowsFolder(@TempDir Path dir) throws Exception {
        try (WineAgent agent = WineAgent.start(dir, SECRET)) {
            String folder = WindowsJava.windowsPath(Files.createDirectories(dir.resolve("w32")));
            String common = String.join("\n", "FS_PROTOCOL=win32", "CLIENTS=\"" + agent.ip() + "\"", "PROCS=2",
                    "MNT_POINTS=\"" + folder + " " + folder + "\"", "SAMPLE_INTERVAL=1", "AGENT_START=manual",
                    "AGENT_TLS=off", "AGENT_PORT=" + agent.port(), "");

            Path results = run(dir, agent, "mix", common + "LOAD=\"100 200\"\nRUNTIME=3\nWARMUP_TIME=1\nFILESET_SCALE=0.0002\n");
            List<String> rows = Files.readAllLines(results.resolve("sfssum.mix"));
            assertEquals(2, rows.size(), "both load points done: " + rows);
            assertTrue(rows.stream().allMatch(r -> r.contains("WIN32")), "protocol column WIN32: " + rows);
            String clientLog = Files.readString(results.resolve("sfsc0001.mix"));
            assertTrue(clientLog.contains("engine win32-x86-64/sfsengine.dll") && clientLog.contains("op=NT_CREATE_ANDX")
                    && clientLog.contains("op=LOCKING_ANDX"), "Windows workers ran win32's standard workload, "
                    + "the CIFS mix:\n" + clientLog);
            assertTrue(clientLog.contains("errors=0") && !clientLog.matches("(?s).*errors=[1-9].*"),
                    "no errors in the client's results:\n" + clientLog);

            results = run(dir, agent, "acc", common + "WORKLOAD=access\nACCESS_SPECS=OLTP\nOUTSTANDING_IOS=\"8\"\n"
                    + "RAMP_UP_TIME=1\nRUNTIME=2\nACCESS_FILE_SIZE=8m\n");
            Path csv = results.resolve("access.acc.csv");
            List<Map<String, String>> allRows = AccessCsv.allRows(csv);
            assertTrue(!allRows.isEmpty(), "no ALL row in " + csv + ":\n" + Files.readString(csv));
            Map<String, String> step = allRows.get(0);
            assertEquals("0", step.get("Errors"), step.toString());
            assertTrue(Double.parseDouble(step.get("IOps")) > 0, step.toString());
            double depth = Double.parseDouble(step.get("Achieved Queue Depth"));
            System.out.println("win32 access step at 8 outstanding I/Os: achieved queue depth " + depth);
            assertTrue(depth > 6.5 && depth < 8.5, "8 outstanding I/Os per worker reached: " + step);
        }
    }

    /** {@code sfs run} of rc text with suffix; its results folder after a clean exit. */
    private static Path run(Path dir, WineAgent agent, String suffix, String rcText) throws Exception {
        Path rc = dir.resolve("rc." + suffix);
        Files.writeString(rc, rcText);
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("run." + suffix + ".out"), Map.of(Secrets.ENV, SECRET), "run", "-r",
                rc.toString(), "-s", suffix, "-d", results.toString());
        try {
            int status = run.waitFor(120);
            assertEquals(0, status, run.output() + "\nagent:\n" + agent.output());
        } finally {
            run.process().destroyForcibly();
        }
        return results;
    }
}
