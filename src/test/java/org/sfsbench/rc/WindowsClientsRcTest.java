package org.sfsbench.rc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** WINDOWS_CLIENTS and WINDOWS_SFS_DIR: which clients are Windows hosts, and their tree. */
class WindowsClientsRcTest {
    @TempDir
    Path dir;

    private RunConfig parse(String... lines) throws Exception {
        String rc = String.join("\n", "LOAD=100", "PROCS=1", "FS_PROTOCOL=nfs", "MNT_POINTS=\"srv:/e\"",
                String.join("\n", lines), "");
        return RcParser.parse(RcFiles.write(dir, "sfs_rc", rc));
    }

    private RcException refused(String... lines) {
        return assertThrows(RcException.class, () -> parse(lines));
    }

    @Test
    void windowsClientsAreLaunchedFromTheirOwnTree() throws Exception {
        AgentAccess a = parse("CLIENTS=\"lin1 win1\"", "SFS_DIR=/opt/sfsbench", "WINDOWS_CLIENTS=win1",
                "WINDOWS_SFS_DIR=\"C:\\Program Files\\sfsbench\"").agentAccess();
        assertTrue(a.sshLaunch());
        assertTrue(a.windows("win1"));
        assertFalse(a.windows("lin1"));
        assertEquals("C:\\Program Files\\sfsbench", a.windowsSfsDir());
        assertEquals("/opt/sfsbench", a.sfsDir());
    }

    @Test
    void onlyWindowsClientsNeedNoSfsDir() throws Exception {
        AgentAccess a = parse("CLIENTS=\"localhost win1 win2\"", "WINDOWS_CLIENTS=\"win1 win2\"",
                "WINDOWS_SFS_DIR=C:\\sfsbench").agentAccess();
        assertTrue(a.sshLaunch(), "WINDOWS_SFS_DIR alone means ssh launch, as SFS_DIR does");
        assertEquals(List.of("win1", "win2"), a.windowsClients());
    }

    @Test
    void manualWindowsClientsNeedNoTree() throws Exception {
        AgentAccess a = parse("CLIENTS=win1", "WINDOWS_CLIENTS=win1", "AGENT_START=manual").agentAccess();
        assertFalse(a.sshLaunch());
        assertTrue(a.windows("win1"));
    }

    @Test
    void mistakesAreNamed() {
        RcException e = refused("CLIENTS=\"lin1\"", "WINDOWS_CLIENTS=win9", "WINDOWS_SFS_DIR=C:\\sfs");
        assertTrue(e.getMessage().contains("WINDOWS_CLIENTS") && e.getMessage().contains("'win9' is not an entry of CLIENTS"),
                e.getMessage());
        e = refused("CLIENTS=\"localhost\"", "WINDOWS_CLIENTS=localhost", "WINDOWS_SFS_DIR=C:\\sfs");
        assertTrue(e.getMessage().contains("this machine"), e.getMessage());
        e = refused("CLIENTS=\"win1\"", "WINDOWS_CLIENTS=win1", "WINDOWS_SFS_DIR=/opt/sfs");
        assertTrue(e.getMessage().contains("WINDOWS_SFS_DIR") && e.getMessage().contains("not an absolute Windows path"),
                e.getMessage());
        e = refused("CLIENTS=\"win1\"", "WINDOWS_CLIENTS=win1", "WINDOWS_SFS_DIR=C:\\100%");
        assertTrue(e.getMessage().contains("cmd.exe"), e.getMessage());
        e = refused("CLIENTS=\"win1\"", "WINDOWS_CLIENTS=win1", "AGENT_START=ssh");
        assertTrue(e.getMessage().contains("needs WINDOWS_SFS_DIR"), e.getMessage());
        e = refused("CLIENTS=\"lin1 win1\"", "WINDOWS_CLIENTS=win1", "WINDOWS_SFS_DIR=C:\\sfs");
        assertTrue(e.getMessage().contains("ssh launch needs SFS_DIR"), e.getMessage());
    }
}
