package org.sfsbench.rc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MNT_POINTS in its three forms (guide 3.3). */
class MountPointsTest {

    @TempDir
    Path dir;

    private RunConfig parse(String clients, int procs, String mnt, String protocol) throws RcException {
        return parse(clients, procs, mnt, protocol, "");
    }

    private RunConfig parse(String clients, int procs, String mnt, String protocol, String more) throws RcException {
        String rc = String.join("\n", "LOAD=\"1000 2000\"", "PROCS=" + procs, "CLIENTS=\"" + clients + "\"",
                "MNT_POINTS=\"" + mnt + "\"", "FS_PROTOCOL=" + protocol, "USERNAME=u", "PASSWORD=p", more);
        return RcParser.parse(RcFiles.write(dir, "sfs_rc", rc));
    }

    private static List<String> texts(List<MountPoint> mps) {
        return mps.stream().map(MountPoint::text).toList();
    }

    @Test
    void procsEntriesAreSharedByEveryClient() throws Exception {
        RunConfig c = parse("c1 c2 c3", 2, "s:/a s:/b", "nfs");
        assertEquals(MountPointForm.PER_PROC, c.mountPointForm());
        for (int i = 0; i < 3; i++) {
            assertEquals(List.of("s:/a", "s:/b"), texts(c.mountPointsOf(i)));
        }
    }

    @Test
    void procsTimesClientsEntriesAreSplitInClientOrder() throws Exception {
        RunConfig c = parse("c1 c2", 3, "s:/1 s:/2 s:/3 s:/4 s:/5 s:/6", "nfs");
        assertEquals(MountPointForm.PER_CLIENT_AND_PROC, c.mountPointForm());
        assertEquals(List.of("s:/1", "s:/2", "s:/3"), texts(c.mountPointsOf(0)));
        assertEquals(List.of("s:/4", "s:/5", "s:/6"), texts(c.mountPointsOf(1)));
    }

    @Test
    void oneClientWithProcsEntriesIsThePerProcForm() throws Exception {
        RunConfig c = parse("c1", 2, "s:/1 s:/1", "nfs");
        assertEquals(MountPointForm.PER_PROC, c.mountPointForm());
    }

    @Test
    void ipv6AndHostNamesAreNfsServers() throws Exception {
        RcException e = assertThrows(RcException.class,
                () -> parse("c1", 2, "[::1]:/export/x nfs-srv.example.org:/e", "nfs"));
        assertTrue(e.getMessage().contains(":4: MNT_POINTS=[::1]:/export/x nfs-srv.example.org:/e: server '[::1]' of"
                + " [::1]:/export/x is an IPv6 address but IPV6_ENABLE is off"), e.getMessage());
        e = assertThrows(RcException.class, () -> parse("::1", 1, "h:/e", "nfs"));
        assertTrue(e.getMessage().contains(":3: CLIENTS=::1: '::1' is an IPv6 address"), e.getMessage());
        RunConfig c = parse("c1", 2, "[::1]:/export/x nfs-srv.example.org:/e", "nfs", "IPV6_ENABLE=1\n");
        assertEquals("[::1]", c.mountPointsOf(0).get(0).server());
        assertEquals("/export/x", c.mountPointsOf(0).get(0).path());
        assertEquals("nfs-srv.example.org", c.mountPointsOf(0).get(1).server());
    }

    @Test
    void nfsUrlsWithExplicitPortsParse() throws Exception {
        RunConfig c = parse("c1", 2, "nfs://127.0.0.1/sfs?nfsport=2050&mountport=20049 nfs://srv/e", "nfs");
        MountPoint url = c.mountPointsOf(0).get(0);
        assertEquals("nfs://127.0.0.1/sfs?nfsport=2050&mountport=20049", url.text());
        assertEquals("127.0.0.1", url.server());
        assertEquals("/sfs", url.path());
        assertEquals("/e", c.mountPointsOf(0).get(1).path());
        RcException e = assertThrows(RcException.class, () -> parse("c1", 1, "nfs://srv/e?nfsport", "nfs"));
        assertTrue(e.getMessage().contains("'nfs://srv/e?nfsport' is not a mount point for FS_PROTOCOL=nfs"), e.getMessage());
        e = assertThrows(RcException.class, () -> parse("c1", 1, "nfs:///e", "nfs"));
        assertTrue(e.getMessage().contains("'nfs:///e' is not a mount point"), e.getMessage());
    }

    @Test
    void cifsSharesParse() throws Exception {
        RunConfig c = parse("c1", 2, "\\\\testsys\\test1 \\\\testsys\\test2", "cifs");
        assertEquals("testsys", c.mountPointsOf(0).get(0).server());
        assertEquals("test2", c.mountPointsOf(0).get(1).path());
    }

    @Test
    void fileFormAssignsLinesByClientName() throws Exception {
        RcFiles.write(dir, "mnts", "# client mount points\nc2 s:/c2a s:/c2b\n\nc1 s:/c1a s:/c1b\n");
        RunConfig c = parse("c1 c2", 2, "mnts", "nfs");
        assertEquals(MountPointForm.FILE, c.mountPointForm());
        assertEquals(dir.resolve("mnts").toAbsolutePath().normalize(), c.mountPointsFile());
        assertEquals(List.of("s:/c1a", "s:/c1b"), texts(c.mountPointsOf(0)));
        assertEquals(List.of("s:/c2a", "s:/c2b"), texts(c.mountPointsOf(1)));
        assertEquals(List.of("s:/c1a", "s:/c1b", "s:/c2a", "s:/c2b"), texts(c.mountPoints()));
    }

    @Test
    void fileFormWithCifsShares() throws Exception {
        RcFiles.write(dir, "mnts", "c1 \\\\srv\\s1 \\\\srv\\s2\n");
        RunConfig c = parse("c1", 2, "mnts", "cifs");
        assertEquals(List.of("\\\\srv\\s1", "\\\\srv\\s2"), texts(c.mountPointsOf(0)));
    }

    @Test
    void fileFormWithAClientListedTwiceUsesItsLinesInOrder() throws Exception {
        // only this machine may be listed twice (two agents here); another host is one agent
        RcFiles.write(dir, "mnts", "localhost s:/first\nlocalhost s:/second\n");
        RunConfig c = parse("localhost localhost", 1, "mnts", "nfs");
        assertEquals(List.of("s:/first"), texts(c.mountPointsOf(0)));
        assertEquals(List.of("s:/second"), texts(c.mountPointsOf(1)));
    }

    private RcException fileError(String clients, int procs, String fileBody, String protocol) {
        RcFiles.write(dir, "mnts", fileBody);
        return assertThrows(RcException.class, () -> parse(clients, procs, "mnts", protocol));
    }

    @Test
    void fileFormErrorsNameTheMountPointsFileAndLine() {
        Path f = dir.resolve("mnts").toAbsolutePath().normalize();
        RcException e = fileError("c1 c2", 1, "c1 s:/a\nc3 s:/b\n", "nfs");
        assertTrue(e.getMessage().startsWith(f + ":2: the line's client name is not listed in CLIENTS (did you mean c1?)"), e.getMessage());

        e = fileError("c1", 2, "c1 s:/a\n", "nfs");
        assertTrue(e.getMessage().startsWith(f + ":1: c1: 1 mount points, but PROCS=2"), e.getMessage());

        e = fileError("c1 c2", 1, "c1 s:/a\n", "nfs");
        assertTrue(e.getMessage().startsWith(f + ": c2: no line for this client"), e.getMessage());

        e = fileError("c1", 1, "c1 s:/a\nc1 s:/b\n", "nfs");
        assertTrue(e.getMessage().startsWith(f + ":1: c1: 2 lines for this client but CLIENTS lists it 1 time(s)"),
                e.getMessage());

        e = fileError("c1", 1, "c1 \\\\srv\\share\n", "nfs");
        assertTrue(e.getMessage().startsWith(f + ":1: c1: entry 1 is not a mount point for FS_PROTOCOL=nfs"),
                e.getMessage());

        e = fileError("c1", 1, "c1 s:/a\r\n", "nfs");
        assertTrue(e.getMessage().startsWith(f + ":1: the mount-points file has DOS/Windows line ends"), e.getMessage());
        assertTrue(e.getMessage().contains("sed -i 's/\\r$//' " + f), e.getMessage());
    }

    @Test
    void singleWordThatIsNeitherMountPointNorFileIsExplained() {
        RcException e = assertThrows(RcException.class, () -> parse("c1", 1, "mnts.txt", "nfs"));
        assertTrue(e.getMessage().contains(":4: MNT_POINTS=mnts.txt: 'mnts.txt' is not a mount point for FS_PROTOCOL=nfs"
                + " and not an existing mount-points file; allowed: server:/path"), e.getMessage());
    }
}
