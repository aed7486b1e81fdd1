package org.sfsbench.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.WindowsJava;
import org.sfsbench.testsupport.Exclusive;

/**
 * A Windows JVM under Wine runs the packaged jar: JNA loads win32-x86-64/sfsengine.dll from it, and
 * {@code sfs version} lists the Windows engine's backends (nfs3, null, smb and win32, and posix, the
 * Linux engine's, by its descriptor: docs/running.md).
 */
@Exclusive(Exclusive.WINE)
class WindowsVersionIT {
    @Test
    void theWindowsJvmLoadsTheWindowsEngineFromTheJar() throws Exception {
        WindowsJava.require();
        ChildProcess.Result r = ChildProcess.run(WindowsJava.command("version"), WindowsJava.env(), 120, TimeUnit.SECONDS);
        String out = r.output();
        assertEquals(0, r.exit(), r.toString());
        assertTrue(out.contains("on Windows"), "not a Windows JVM: " + r);
        assertFalse(out.contains("not loadable"), r.toString());
        String engine = out.substring(out.indexOf("sfsengine "), out.indexOf("Java ")).replaceAll("\\s+", " ");
        assertTrue(engine.contains("(backends: nfs3 null posix smb win32;"),
                "the Windows engine's backends, smb and its file backend win32 among them: " + engine);
        assertTrue(engine.contains("sfs2008-nfs") && engine.contains("access"), "its workloads: " + engine);
    }
}
