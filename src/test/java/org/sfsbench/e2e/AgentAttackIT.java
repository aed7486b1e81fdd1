package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.ObjID;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RemoteObjectInvocationHandler;
import java.rmi.server.UnicastRemoteObject;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.management.BadAttributeValueExpException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.manager.AgentClient;
import org.sfsbench.rmi.AgentException;
import org.sfsbench.rmi.AgentLogin;
import org.sfsbench.rmi.AgentService;
import org.sfsbench.rmi.Challenge;
import org.sfsbench.rmi.Secrets;
import org.sfsbench.rmi.SocketFactories;

/**
 * Attacks on an agent and on the manager, each as it was run against sfsbench on loopback
 * (issue 17 items 1-6): a replayed session stub, a challenge flood during a run, an impostor on
 * the agent's port, hostile replies, a request announcing a 2 GiB array, idle connections, and
 * secrets leaking into worker environments or loose files.
 */
class AgentAttackIT {
    private static final String SECRET = "attack-it-secret-" + Long.toHexString(ThreadLocalRandom.current().nextLong());
    private final List<Process> agents = new ArrayList<>();

    @AfterEach
    void stopAgents() throws Exception {
        for (Process p : agents) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** Item 1: the session stub is a capability of its own login, its own address and its own session only. */
    @Test
    void capturedSessionStubIsUselessFromElsewhereAndAfterLogout(@TempDir Path dir) throws Exception {
        int port = startAgent(dir, "--idle-timeout", "120");
        AgentService s1 = login(port);
        s1.info();
        byte[] captured = serialise(s1); // what a wire capture of the login reply holds

        AgentService fromElsewhere = (AgentService) replay(captured, "127.0.0.2");
        RemoteException other = assertThrows(RemoteException.class, fromElsewhere::info);
        assertTrue(String.valueOf(other.getMessage()).contains("belongs to another address"), other.toString());

        s1.logout();
        Thread.sleep(1000);
        AgentService replayed = (AgentService) replay(captured, null);
        assertThrows(NoSuchObjectException.class, replayed::info, "the session's export is withdrawn at logout");

        AgentService s2 = login(port);
        s2.info();
        assertThrows(NoSuchObjectException.class, ((AgentService) replay(captured, null))::info,
                "a new session does not revive the old id");
        assertNotEquals(new String(captured, StandardCharsets.ISO_8859_1), new String(serialise(s2),
                StandardCharsets.ISO_8859_1), "each login exports anew");
    }

    /**
     * Items 2 and 6: a challenge flood against a local agent while a run is in RUN is refused at
     * the per-peer rate, the agent's memory stays flat and the run finishes with every row; the
     * secret exported to the manager is in no agent's or worker's environment.
     */
    @Test
    void challengeFloodDuringARunIsRefusedAndWorkersCarryNoSecret(@TempDir Path dir) throws Exception {
        Path rc = PosixRunIT.writeRc(dir, "localhost", 1, "20", 1, 30, "").toAbsolutePath();
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(Secrets.ENV, SECRET), "run", "-r", rc.toString(),
                "-s", "fl", "-d", results.toString());
        Path log = results.resolve("sfslog.fl");
        long deadline = System.currentTimeMillis() + 120_000;
        while (!(Files.exists(log) && Files.readString(log).contains("load point 1: RUN"))) {
            assertTrue(run.process().isAlive(), "run ended before RUN:\n" + run.output());
            assertTrue(System.currentTimeMillis() < deadline, "RUN never started:\n" + run.output());
            Thread.sleep(200);
        }
        Matcher m = Pattern.compile("listening on 127\\.0\\.0\\.1:(\\d+) \\(plain, build \\S+, pid (\\d+)\\)")
                .matcher(Files.readString(results.resolve("agents.fl/agent0001.out")));
        assertTrue(m.find(), "agent console output");
        int port = Integer.parseInt(m.group(1));
        long agentPid = Long.parseLong(m.group(2));

        List<ProcessHandle> agentAndWorkers = Sfs.leftovers(results.toString()).stream()
                .filter(p -> p.info().commandLine().orElse("").matches(".* org\\.sfsbench\\.cli\\.Main (agent|worker) .*"))
                .toList();
        for (ProcessHandle p : agentAndWorkers) {
            String env = new String(Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "environ")),
                    StandardCharsets.ISO_8859_1);
            assertTrue(!env.contains(Secrets.ENV) && !env.contains(SECRET),
                    "pid " + p.pid() + " (" + p.info().commandLine().orElse("?") + ") has the secret in its environment");
        }
        assertTrue(agentAndWorkers.stream().anyMatch(p -> p.info().commandLine().orElse("").contains(" worker ")),
                "a worker was checked: " + agentAndWorkers);

        long heapBefore = heapAfterGcKb(agentPid);
        AtomicLong granted = new AtomicLong();
        AtomicLong refused = new AtomicLong();
        List<Thread> flood = new ArrayList<>();
        long until = System.currentTimeMillis() + 6000;
        for (int t = 0; t < 4; t++) {
            Thread th = new Thread(() -> {
                try {
                    Registry r = LocateRegistry.getRegistry("127.0.0.1", port, new SocketFactories.TimedClient());
                    AgentLogin login = (AgentLogin) r.lookup(AgentLogin.REGISTRY_NAME);
                    while (System.currentTimeMillis() < until) {
                        try {
                            login.challenge(Secrets.nonce());
                            granted.incrementAndGet();
                        } catch (AgentException e) {
                            refused.incrementAndGet();
                        }
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            th.start();
            flood.add(th);
        }
        for (Thread th : flood) {
            th.join();
        }
        Path sum = results.resolve("sfssum.fl");
        assertTrue(run.process().isAlive() && (!Files.exists(sum) || Files.readAllLines(sum).isEmpty()),
                "the flood ran while the run was in RUN");
        long heapAfter = heapAfterGcKb(agentPid);
        System.out.println("challenge flood: " + granted + " granted, " + refused + " refused in 6 s; agent heap after GC "
                + heapBefore + " -> " + heapAfter + " kB");
        assertTrue(refused.get() > 4 * granted.get(),
                "the flood is refused: " + refused + " refused, " + granted + " granted");
        assertTrue(granted.get() <= 20 * 8, "at most the per-peer rate is granted: " + granted);
        assertTrue(heapAfter - heapBefore < 4 * 1024, "agent memory flat: " + heapBefore + " -> " + heapAfter + " kB");

        assertEquals(0, run.waitFor(120), run.output());
        assertEquals(1, Files.readAllLines(results.resolve("sfssum.fl")).size(), "the run's row is written");
    }

    /** Item 3: an impostor on the agent's port cannot prove the secret; a taken port names its holder. */
    @Test
    void impostorOnTheAgentPortIsDetectedAndATakenPortNamesItsProcess(@TempDir Path dir) throws Exception {
        FakeAgent fake = new FakeAgent(null);
        int port = fake.port;
        try {
            AgentException e = assertThrows(AgentException.class, () -> AgentClient.connect("client 2 (fake)",
                    "127.0.0.1", port, SECRET, false, 2000, () -> false, ""));
            assertTrue(e.getMessage().contains("is not an agent of this prime client: it cannot prove the shared secret"),
                    e.getMessage());
            assertEquals(0, fake.logins.get(), "the manager never answered the impostor's challenge");
        } finally {
            fake.close();
        }

        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.0.1", 0));
            Path out = dir.resolve("taken.out");
            ProcessBuilder pb = new ProcessBuilder(Sfs.command("agent", "--bind", "127.0.0.1", "--port",
                    Integer.toString(taken.getLocalPort()), "--work-dir", dir.resolve("w").toString()));
            pb.environment().put(Secrets.ENV, SECRET);
            pb.redirectErrorStream(true).redirectOutput(out.toFile());
            Process p = pb.start();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            assertEquals(2, p.exitValue());
            assertTrue(Files.readString(out).contains("port " + taken.getLocalPort() + " on 127.0.0.1 is taken by process "
                    + ProcessHandle.current().pid() + " (java)"), Files.readString(out));
        }
    }

    /** Item 4: the manager's filter refuses a reply holding a class outside the allow-list, or nested too deep. */
    @Test
    void hostileRepliesAreRefusedByTheManager() throws Exception {
        Exception jmx = new IllegalStateException("gadget", new BadAttributeValueExpException("not allow-listed"));
        Exception deep = new IllegalStateException("deep");
        for (int i = 0; i < 40; i++) {
            deep = new IllegalStateException("level " + i, deep);
        }
        for (Exception reply : List.of(jmx, deep)) {
            FakeAgent fake = new FakeAgent(reply);
            try {
                AgentException e = assertThrows(AgentException.class, () -> AgentClient.connect("client 3 (hostile)",
                        "127.0.0.1", fake.port, SECRET, false, 2000, () -> false, ""));
                assertTrue(e.getMessage().contains("refused a reply from the agent at 127.0.0.1:" + fake.port)
                        && e.getMessage().contains("REJECTED"), e.getMessage());
            } finally {
                fake.close();
            }
        }
    }

    /**
     * Item 5: a ~100-byte login request announcing a byte[2^31-9] is refused before anything is
     * allocated; connections over the cap are closed at once, idle ones after the idle timeout.
     */
    @Test
    void hugeArrayRequestAndIdleConnectionsAreRefused(@TempDir Path dir) throws Exception {
        int port = startAgent(dir, "--idle-timeout", "5");
        long pid = agents.get(0).pid();
        long rssBefore = rssKb(pid);
        Registry r = LocateRegistry.getRegistry("127.0.0.1", port, new SocketFactories.TimedClient());
        Remote loginStub = r.lookup(AgentLogin.REGISTRY_NAME);
        String reply = rawCallWithHugeArray(port, objId(loginStub),
                AgentLogin.class.getMethod("login", byte[].class, byte[].class));
        assertTrue(reply.contains("REJECTED"), "the filter refuses the array: " + reply);
        long rssAfter = rssKb(pid);
        assertTrue(rssAfter - rssBefore < 256 * 1024, "no 2 GiB allocation: RSS " + rssBefore + " -> " + rssAfter + " kB");
        login(port).info(); // and the agent still serves

        List<Socket> held = new ArrayList<>();
        int closedAtOnce = 0;
        for (int i = 0; i < 200; i++) {
            Socket s = new Socket("127.0.0.1", port);
            s.setSoTimeout(300);
            held.add(s);
        }
        for (Socket s : held) {
            if (closedByPeer(s)) {
                closedAtOnce++;
            }
        }
        assertTrue(closedAtOnce >= 200 - 64, "connections over the per-peer cap closed at once: " + closedAtOnce);
        Thread.sleep(7000);
        int closedIdle = 0;
        for (Socket s : held) {
            s.setSoTimeout(2000);
            if (closedByPeer(s)) {
                closedIdle++;
            }
            s.close();
        }
        assertEquals(200, closedIdle, "every idle connection is closed after --idle-timeout");
    }

    /** Item 6: a secret file others can read, or a short secret, is refused. */
    @Test
    void looseSecretFileAndShortSecretAreRefused(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("agent.secret");
        Files.writeString(file, SECRET + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        String out = agentFails(dir, Map.of(), "--secret-file", file.toString());
        assertTrue(out.contains(file + ": mode rw-r--r-- lets other users read the agent secret; run: chmod 600 " + file), out);
        out = agentFails(dir, Map.of(Secrets.ENV, "x"), "--secret-file", file.toString());
        assertTrue(out.contains(Secrets.ENV + ": agent secret too short (1 characters; at least 16)"), out);
    }

    // ---- helpers

    private String agentFails(Path dir, Map<String, String> env, String... args) throws Exception {
        List<String> a = new ArrayList<>(List.of("agent", "--bind", "127.0.0.1", "--port", "0", "--work-dir",
                dir.resolve("w").toString()));
        a.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(Sfs.command(a.toArray(new String[0])));
        pb.environment().remove(Secrets.ENV);
        pb.environment().putAll(env);
        Path out = dir.resolve("fail.out");
        pb.redirectErrorStream(true).redirectOutput(out.toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(2, p.exitValue(), Files.readString(out));
        return Files.readString(out);
    }

    /** Starts {@code sfs agent} on loopback, a free port, and returns the port. */
    private int startAgent(Path dir, String... extra) throws Exception {
        List<String> a = new ArrayList<>(List.of("agent", "--bind", "127.0.0.1", "--port", "0", "--work-dir",
                dir.resolve("agent").toString()));
        a.addAll(List.of(extra));
        ProcessBuilder pb = new ProcessBuilder(Sfs.command(a.toArray(new String[0])));
        pb.environment().put(Secrets.ENV, SECRET);
        Path out = dir.resolve("agent.out");
        pb.redirectErrorStream(true).redirectOutput(out.toFile());
        Process p = pb.start();
        agents.add(p);
        Pattern ready = Pattern.compile("listening on 127\\.0\\.0\\.1:(\\d+) ");
        long deadline = System.currentTimeMillis() + 60_000;
        while (true) {
            Matcher m = ready.matcher(Files.readString(out));
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
            assertTrue(p.isAlive() && System.currentTimeMillis() < deadline, "agent not listening: " + Files.readString(out));
            Thread.sleep(100);
        }
    }

    private static AgentService login(int port) throws AgentException {
        return AgentClient.connect("client 1 (test)", "127.0.0.1", port, SECRET, false, 5000, () -> true, "");
    }

    private static byte[] serialise(Object o) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(b)) {
            out.writeObject(o);
        }
        return b.toByteArray();
    }

    /** Rebuilds a stub from captured bytes; with {@code source}, its calls leave from that local address. */
    private static Object replay(byte[] captured, String source) throws Exception {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(captured)) {
            {
                enableResolveObject(source != null);
                setObjectInputFilter(info -> ObjectInputFilter.Status.UNDECIDED); // the attacker filters nothing
            }

            @Override
            protected Object resolveObject(Object obj) {
                return obj instanceof SocketFactories.TimedClient ? new FromAddress(source) : obj;
            }
        }) {
            return in.readObject();
        }
    }

    /** A client socket factory whose connections come from one local address (another "host"). */
    static final class FromAddress implements RMIClientSocketFactory, Serializable {
        private static final long serialVersionUID = 1L;
        private final String source;

        FromAddress(String source) {
            this.source = source;
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            Socket s = new Socket();
            s.bind(new InetSocketAddress(InetAddress.getByName(source), 0));
            s.connect(new InetSocketAddress(host, port), 5000);
            return s;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof FromAddress f && f.source.equals(source);
        }

        @Override
        public int hashCode() {
            return source.hashCode();
        }
    }

    /** An RMI login object that is not an agent: it cannot prove the secret, or it answers with {@code hostile}. */
    static final class FakeAgent implements AgentLogin {
        final int port;
        final AtomicInteger logins = new AtomicInteger();
        private final Exception hostile;
        private final Registry registry;

        FakeAgent(Exception hostile) throws Exception {
            this.hostile = hostile;
            int p;
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                p = s.getLocalPort();
            }
            port = p;
            registry = LocateRegistry.createRegistry(port);
            registry.rebind(REGISTRY_NAME, UnicastRemoteObject.exportObject(this, port));
        }

        @Override
        public Challenge challenge(byte[] managerNonce) throws RemoteException {
            if (hostile != null) {
                throw new RemoteException("hostile", hostile);
            }
            return new Challenge(Secrets.nonce(), Secrets.nonce());
        }

        @Override
        public AgentService login(byte[] agentNonce, byte[] managerProof) {
            logins.incrementAndGet();
            return null;
        }

        void close() throws Exception {
            UnicastRemoteObject.unexportObject(this, true);
            UnicastRemoteObject.unexportObject(registry, true);
        }
    }

    /** The object id inside a stub, as a wire capture shows it. */
    private static ObjID objId(Remote stub) throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(b)) {
            ((RemoteObjectInvocationHandler) Proxy.getInvocationHandler(stub)).getRef().writeExternal(out);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b.toByteArray()))) {
            in.readByte(); // endpoint format (host, port, client socket factory)
            in.readUTF();
            in.readInt();
            in.readObject();
            return ObjID.read(in);
        }
    }

    /**
     * A JRMP call written by hand: the stream protocol header, then a call to {@code method} of
     * object {@code id} whose first argument announces a byte[0x7ffffff7] and carries no data.
     */
    private static String rawCallWithHugeArray(int port, ObjID id, Method method) throws Exception {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(10_000);
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            DataInputStream in = new DataInputStream(s.getInputStream());
            out.writeInt(0x4a524d49); // "JRMI"
            out.writeShort(2);
            out.writeByte(0x4b); // StreamProtocol
            out.flush();
            assertEquals(0x4e, in.readByte(), "ProtocolAck");
            in.readUTF();
            in.readInt();
            out.writeUTF("127.0.0.1");
            out.writeInt(0);
            ByteArrayOutputStream call = new ByteArrayOutputStream();
            try (ObjectOutputStream o = new ObjectOutputStream(call) {
                @Override
                protected void annotateClass(Class<?> cl) throws IOException {
                    writeObject(null); // RMI's class annotation (no codebase)
                }
            }) {
                id.write(o);
                o.writeInt(-1);
                o.writeLong(methodHash(method));
                o.writeObject(new byte[] {1});
            }
            byte[] c = call.toByteArray();
            // the last bytes are the array's length (1) and its one element: announce 2^31-9 instead, send nothing
            byte[] forged = java.util.Arrays.copyOf(c, c.length - 1);
            int at = forged.length - 4;
            forged[at] = 0x7f;
            forged[at + 1] = (byte) 0xff;
            forged[at + 2] = (byte) 0xff;
            forged[at + 3] = (byte) 0xf7;
            System.out.println("huge-array request: " + (forged.length + 1) + " bytes");
            out.writeByte(0x50); // Call
            out.write(forged);
            out.flush();
            ByteArrayOutputStream reply = new ByteArrayOutputStream();
            byte[] buf = new byte[4096];
            try {
                for (int n; (n = in.read(buf)) > 0;) {
                    reply.write(buf, 0, n);
                    if (new String(reply.toByteArray(), StandardCharsets.ISO_8859_1).contains("REJECTED")) {
                        break;
                    }
                }
            } catch (java.net.SocketTimeoutException e) {
                // whatever arrived is the answer
            }
            return new String(reply.toByteArray(), StandardCharsets.ISO_8859_1);
        }
    }

    /** RMI's method hash: the first 8 bytes (little-endian) of SHA-1 over name + descriptor. */
    private static long methodHash(Method m) throws Exception {
        StringBuilder d = new StringBuilder(m.getName()).append('(');
        for (Class<?> p : m.getParameterTypes()) {
            d.append(p.descriptorString());
        }
        d.append(')').append(m.getReturnType().descriptorString());
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        new DataOutputStream(b).writeUTF(d.toString());
        byte[] h = MessageDigest.getInstance("SHA").digest(b.toByteArray());
        long hash = 0;
        for (int i = 0; i < Math.min(8, h.length); i++) {
            hash += ((long) (h[i] & 0xff)) << (i * 8);
        }
        return hash;
    }

    private static boolean closedByPeer(Socket s) {
        try {
            InputStream in = s.getInputStream();
            return in.read() == -1;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true; // reset
        }
    }

    /** Live heap of a JVM (jcmd GC.run, then the generations' used sizes). */
    private static long heapAfterGcKb(long pid) throws Exception {
        String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
        new ProcessBuilder(jcmd, Long.toString(pid), "GC.run").redirectErrorStream(true).start().waitFor(30, TimeUnit.SECONDS);
        Process p = new ProcessBuilder(jcmd, Long.toString(pid), "GC.heap_info").redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(30, TimeUnit.SECONDS);
        long used = 0;
        Matcher m = Pattern.compile("generation\\s+total \\d+K, used (\\d+)K").matcher(text);
        while (m.find()) {
            used += Long.parseLong(m.group(1));
        }
        assertTrue(used > 0, "jcmd GC.heap_info: " + text);
        return used;
    }

    private static long rssKb(long pid) throws IOException {
        for (String l : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (l.startsWith("VmRSS:")) {
                return Long.parseLong(l.replaceAll("\\D", ""));
            }
        }
        return 0;
    }
}
