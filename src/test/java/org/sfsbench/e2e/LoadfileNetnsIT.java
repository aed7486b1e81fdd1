package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;

/**
 * WORKLOAD=loadfile with a client on another host whose file system has no LOADFILE: the remote
 * agent runs in a network namespace and a mount namespace where a tmpfs hides the loadfile's
 * folder. The manager reads the file and ships it; the remote client replays it with 0 errors.
 */
class LoadfileNetnsIT {
    private static final String SECRET = "lf-netns-it-" + Long.toHexString(ThreadLocalRandom.current().nextLong());

    @Test
    void aClientWithoutTheLoadfileReplaysTheCopyTheManagerSends(@TempDir Path dir) throws Exception {
        TestHost host = TestHost.create(0);
        assumeTrue(host != null, "ip netns add not permitted (needs root / CAP_NET_ADMIN)");
        Process agent = null;
        try {
            Path lfDir = Files.createDirectories(dir.resolve("lf"));
            Path loadfile = Files.copy(Sfs.home().resolve("native/tests/loadfiles/classic.txt"), lfDir.resolve("classic.txt"));
            Path mnt = Files.createDirectories(dir.resolve("mnt"));
            int port = 21000 + ThreadLocalRandom.current().nextInt(20000);
            // the remote host: its own mount namespace, where lf/ is an empty tmpfs
            List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", host.ns, "unshare", "-m",
                    "--propagation", "private", "sh", "-c",
                    "mount -t tmpfs none \"$1\" && ! test -e \"$2\" && shift 2 && exec \"$@\"", "sh",
                    lfDir.toString(), loadfile.toString()));
            cmd.addAll(Sfs.command("agent", "--bind", host.ip, "--port", Integer.toString(port), "--tls", "off",
                    "--work-dir", dir.resolve("remote-agent").toString()));
            ProcessBuilder pb = new ProcessBuilder(cmd);
            pb.environment().put("SFS_AGENT_SECRET", SECRET);
            pb.redirectErrorStream(true);
            Path agentOut = dir.resolve("remote-agent.out");
            pb.redirectOutput(agentOut.toFile());
            agent = pb.start();
            long deadline = System.currentTimeMillis() + 60_000;
            while (!Files.readString(agentOut, StandardCharsets.UTF_8).contains("listening on " + host.ip + ":" + port)) {
                assertTrue(agent.isAlive(), "remote agent exited: " + Files.readString(agentOut));
                assertTrue(System.currentTimeMillis() < deadline, "remote agent not listening: " + Files.readString(agentOut));
                Thread.sleep(100);
            }
            Path rc = dir.resolve("rc");
            Files.writeString(rc, String.join("\n", "WORKLOAD=loadfile", "LOADFILE=" + loadfile, "CLIENT_COUNTS=\"2\"",
                    "CLIENTS=\"localhost " + host.ip + "\"", "FS_PROTOCOL=posix", "MNT_POINTS=\"" + mnt + "\"",
                    "WARMUP_TIME=1", "RUNTIME=3", "SAMPLE_INTERVAL=1", "AGENT_PORT=" + port, "AGENT_TLS=off", ""));
            Path results = dir.resolve("results");
            ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of("SFS_AGENT_SECRET", SECRET), "run", "-r",
                    rc.toString(), "-s", "lfns", "-d", results.toString());
            int status = run.waitFor(180);
            String out = run.output();
            assertEquals(0, status, out);
            assertTrue(out.matches("(?s).*Throughput [\\d.]+ MB/sec \\(NB=[\\d.]+ MB/sec  [\\d.]+ MBit/sec\\)  2 clients"
                    + "  2 procs  max_latency=[\\d.]+ ms.*"), out);
            JsonNode p = new ObjectMapper().readTree(results.resolve("sfsresult.lfns.json").toFile())
                    .get("loadPoints").get(0);
            assertEquals(0, p.get("failedOps").asLong(), p.toString());
            assertTrue(p.get("throughputMBps").asDouble() > 0, p.toString());
            String remoteLog = Files.readString(results.resolve("sfsc0002.lfns"));
            assertTrue(remoteLog.contains("loadfile classic.txt: " + Files.size(loadfile) + " bytes from the manager"),
                    remoteLog);
            assertTrue(!Files.exists(dir.resolve("remote-agent/loadfile")), "the agent removed its copy");
            // the remote host's client replayed it (its own directory, clients/client1, is the
            // file's last Deltree's, so whether it exists at the end depends on where RUN stopped)
            Matcher m = Pattern.compile("RESULT point=1 worker=1 procs=1 ops=(\\d+) errors=0 ").matcher(remoteLog);
            assertTrue(m.find() && Long.parseLong(m.group(1)) > 0, remoteLog);
        } finally {
            if (agent != null) {
                agent.descendants().forEach(ProcessHandle::destroyForcibly);
                agent.destroyForcibly();
                agent.waitFor(10, TimeUnit.SECONDS);
            }
            host.close();
        }
    }
}
