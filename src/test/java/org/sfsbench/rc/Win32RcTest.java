package org.sfsbench.rc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.engine.Backend;
import org.sfsbench.engine.Engine;
import org.sfsbench.engine.EngineException;

/**
 * FS_PROTOCOL=win32, the Windows file backend, planned by a Linux manager: its mount points are drive
 * folders or UNC paths of the Windows clients, its standard workload and ops come from the Linux
 * engine's catalog (which lists win32's descriptor), and the Linux engine refuses to open it, naming
 * the engine that can.
 */
class Win32RcTest {
    @TempDir
    Path dir;

    private RunConfig parse(String mnt) throws RcException {
        return RcParser.parse(RcFiles.write(dir, "sfs_rc", RcFiles.MINIMAL.replace("FS_PROTOCOL=nfs", "FS_PROTOCOL=win32")
                .replace("127.0.0.1:/a 127.0.0.1:/b", mnt)));
    }

    @Test
    void driveFoldersAndUncPathsAreItsMountPoints() throws Exception {
        RunConfig c = parse("C:\\sfs\\a \\\\filer\\share\\sub");
        assertEquals(Backend.WIN32, c.fsProtocol());
        assertEquals("sfs2008-cifs", c.workload(), "the standard workload the engine declares for win32");
        assertEquals("", c.mountPoints().get(0).server());
        assertEquals("filer", c.mountPoints().get(1).server());
        assertEquals("share\\sub", c.mountPoints().get(1).path());
        assertEquals("C:/sfs", parse("C:/sfs C:/sfs").mountPoints().get(0).text());
    }

    @Test
    void linuxPathsAreRefusedWithTheSyntax() {
        RcException e = assertThrows(RcException.class, () -> parse("/tmp/a /tmp/b"));
        assertTrue(e.getMessage().contains("C:\\sfs") && e.getMessage().contains("\\\\server\\share"), e.getMessage());
    }

    @Test
    void theLinuxEngineRefusesToOpenItNamingTheWindowsOne() {
        EngineException e = assertThrows(EngineException.class,
                () -> Engine.open("backend=win32\nworkload=sfs2008-cifs\nrate=10\ntarget.0=C:\\sfs\n").close());
        assertTrue(e.getMessage().contains("win32-x86-64/sfsengine.dll") && e.getMessage().contains("posix"),
                e.getMessage());
    }
}
