package org.sfsbench.windows;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The Windows service of a persistent agent ({@code sfs agent --install-service} on Windows): the
 * service host {@code sfsagentsvc.exe} (built with the Windows engine, packed in the jar beside
 * it and copied into the service's work folder) runs the agent's JVM command line, started at
 * boot. One service per port, {@code sfsbench-agent-PORT}.
 */
public final class WindowsService {
    static final String HOST_RESOURCE = "/win32-x86-64/sfsagentsvc.exe";

    private WindowsService() {
    }

    public static boolean onWindows() {
        return System.getProperty("os.name", "").startsWith("Windows");
    }

    static String name(int port) {
        return "sfsbench-agent-" + port;
    }

    /** %ProgramData%\sfsbench\agent-PORT: the service host, its log and the agent's client log. */
    public static Path defaultWorkDir(int port) {
        String data = System.getenv("ProgramData");
        return Path.of(data != null && !data.isEmpty() ? data : "C:\\ProgramData", "sfsbench", "agent-" + port);
    }

    /** The service's command line: the host, its log file, then the agent's JVM command line. */
    static String binaryPath(Path host, Path log, List<String> agentCommand) {
        return WindowsCommandLine.quote(host.toString()) + " " + WindowsCommandLine.quote(log.toString()) + " "
                + WindowsCommandLine.join(agentCommand);
    }

    /**
     * Copies the service host into {@code workDir}, registers the service that runs
     * {@code agentCommand} (an agent with {@code --service}, which stops when the host closes its
     * standard input) and (with {@code start}) starts it.
     */
    public static int install(int port, Path workDir, List<String> agentCommand, boolean start)
            throws IOException, InterruptedException {
        Files.createDirectories(workDir);
        Path host = workDir.resolve("sfsagentsvc.exe");
        try (InputStream in = WindowsService.class.getResourceAsStream(HOST_RESOURCE)) {
            if (in == null) {
                System.err.println("sfs agent: this build has no Windows service host (" + HOST_RESOURCE
                        + " missing from the jar: it was built without the mingw-w64 toolchain)");
                return 2;
            }
            Files.copy(in, host, StandardCopyOption.REPLACE_EXISTING);
        }
        Path log = workDir.resolve("service.log");
        String binaryPath = binaryPath(host, log, agentCommand);
        try (ServiceControl scm = new ServiceControl()) {
            scm.create(name(port), "sfsbench agent (port " + port + ")",
                    "sfsbench load generator agent; remove with: sfs agent --uninstall-service --port " + port, binaryPath);
            System.out.println("sfs agent: registered service " + name(port) + " (starts at boot): " + binaryPath);
            if (start) {
                scm.start(name(port));
                System.out.println("sfs agent: " + name(port) + " started; its output goes to " + log);
            } else {
                System.out.println("  start it with: net start " + name(port));
            }
            return 0;
        } catch (ServiceControl.Failure e) {
            System.err.println("sfs agent: --install-service: " + e.getMessage()
                    + (e.code == ServiceControl.ERROR_SERVICE_EXISTS
                            ? "; remove the old one first: sfs agent --uninstall-service --port " + port : ""));
            return 1;
        }
    }

    /** Stops the service (with {@code stop}; its agent and workers end with it) and deletes it. */
    public static int uninstall(int port, boolean stop) throws InterruptedException {
        try (ServiceControl scm = new ServiceControl()) {
            if (stop && !scm.stop(name(port), 30_000)) {
                System.err.println("sfs agent: " + name(port) + " did not stop within 30 s; deleting it anyway");
            }
            scm.delete(name(port));
            System.out.println("sfs agent: removed service " + name(port));
            return 0;
        } catch (ServiceControl.Failure e) {
            System.err.println("sfs agent: --uninstall-service: " + e.getMessage()
                    + (e.code == ServiceControl.ERROR_SERVICE_DOES_NOT_EXIST ? " (no service " + name(port) + ")" : ""));
            return e.code == ServiceControl.ERROR_SERVICE_DOES_NOT_EXIST ? 2 : 1;
        }
    }
}
