package org.sfsbench.rc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CLIENTS: host:port entries, a client listed twice, and the largest number of clients. */
class ClientsRcTest {
    @TempDir
    Path dir;

    private Path rc(String clients) throws Exception {
        return RcFiles.write(dir, "sfs_rc", RcFiles.MINIMAL.replace("CLIENTS=\"localhost\"", "CLIENTS=\"" + clients + "\"")
                .replace("LOAD=\"100 200\"", "LOAD=\"10000 20000\"") + "IPV6_ENABLE=1\n");
    }

    @Test
    void anEntryMayNameTheAgentsPort() throws Exception {
        RunConfig c = RcParser.parse(rc("10.0.0.5:7001 10.0.0.5:7002 [::1]:7003 localhost"));
        assertEquals(List.of("10.0.0.5:7001", "10.0.0.5:7002", "[::1]:7003", "localhost"), c.clients());
        assertEquals(new ClientAddress("10.0.0.5", 7001), ClientAddress.of("10.0.0.5:7001"));
        assertEquals(new ClientAddress("[::1]", 7003), ClientAddress.of("[::1]:7003"));
        assertFalse(ClientAddress.of("fe80::1").hasPort(), "an IPv6 address without brackets has no port");
        assertFalse(ClientAddress.of("client7").hasPort());
        assertTrue(LocalFolders.isThisMachine("127.0.0.1:7001"));
    }

    @Test
    void anotherHostListedTwiceIsRefusedWithItsLine() throws Exception {
        Path f = rc("c1 c2 c1");
        RcException e = assertThrows(RcException.class, () -> RcParser.parse(f));
        assertEquals(3, e.line(), e.getMessage());
        assertTrue(e.getMessage().startsWith(f + ":3: CLIENTS=c1 c2 c1: 'c1' is listed twice"), e.getMessage());
    }

    @Test
    void aRunningAgentListedTwiceIsRefused() throws Exception {
        Path f = rc("127.0.0.1:7001 127.0.0.1:7001");
        RcException e = assertThrows(RcException.class, () -> RcParser.parse(f));
        assertTrue(e.getMessage().contains("'127.0.0.1:7001' is listed twice"), e.getMessage());
    }

    @Test
    void thisMachineTwiceIsTwoAgents() throws Exception {
        RunConfig c = RcParser.parse(rc("localhost localhost"));
        assertEquals(2, c.clients().size());
    }

    @Test
    void moreThanTheLimitIsRefused() throws Exception {
        String most = IntStream.rangeClosed(1, HostsRcReader.MAX_CLIENTS).mapToObj(i -> "c" + i)
                .collect(Collectors.joining(" "));
        assertEquals(HostsRcReader.MAX_CLIENTS, RcParser.parse(rc(most)).clients().size());
        Path f = rc(most + " c0");
        RcException e = assertThrows(RcException.class, () -> RcParser.parse(f));
        assertTrue(e.getMessage().startsWith(f + ":3: CLIENTS="), e.getMessage());
        assertTrue(e.getMessage().endsWith(": 4097 entries; allowed: at most 4096 load generators"), e.getMessage());
    }

    @Test
    void aPortOutOfRangeIsRefused() throws Exception {
        Path f = rc("c1:70000");
        RcException e = assertThrows(RcException.class, () -> RcParser.parse(f));
        assertTrue(e.getMessage().contains("'c1:70000': port 70000 out of range"), e.getMessage());
    }
}
