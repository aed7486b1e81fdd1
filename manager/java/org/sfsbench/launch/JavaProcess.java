package org.sfsbench.launch;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Builds the command line of a child JVM running {@code org.sfsbench.cli.Main} with the same
 * libraries as this one (agents started by the manager, workers started by an agent).
 */
public final class JavaProcess {
    private JavaProcess() {
    }

    /** {@code java [opts] -cp CP org.sfsbench.cli.Main args...} */
    public static List<String> command(List<String> jvmOptions, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaBinary());
        cmd.addAll(jvmOptions);
        String home = System.getProperty("sfs.home");
        if (home != null) {
            cmd.add("-Dsfs.home=" + home);
        }
        cmd.add("-cp");
        cmd.add(classPath());
        cmd.add("org.sfsbench.cli.Main");
        cmd.addAll(args);
        return cmd;
    }

    static String javaBinary() {
        Optional<String> self = ProcessHandle.current().info().command();
        if (self.isPresent() && Files.isExecutable(Path.of(self.get()))) {
            return self.get();
        }
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * The installed tree's manager/lib when present (SfsManager loads its jars through a class
     * loader, so java.class.path is only "."), else this JVM's own class path.
     */
    static String classPath() {
        String explicit = System.getProperty("sfs.classpath");
        if (explicit != null) {
            return explicit;
        }
        String home = System.getProperty("sfs.home");
        if (home != null) {
            File lib = new File(home, "manager/lib");
            if (lib.isDirectory() && new File(lib, "sfsbench.jar").isFile()) {
                return lib.getAbsolutePath() + File.separator + "*";
            }
        }
        return System.getProperty("java.class.path");
    }
}
