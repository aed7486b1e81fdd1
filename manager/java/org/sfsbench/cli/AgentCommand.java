package org.sfsbench.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import javax.net.ssl.SSLContext;

import org.sfsbench.agent.AgentServer;
import org.sfsbench.launch.JavaProcess;
import org.sfsbench.launch.LaunchInput;
import org.sfsbench.rmi.Secrets;
import org.sfsbench.tls.TlsIdentity;
import org.sfsbench.windows.WindowsService;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code sfs agent}: the load-generator service on a client. */
@Command(name = "agent", mixinStandardHelpOptions = true,
        description = {
            "Run the agent of a load-generating client.",
            "",
            "The prime client's manager connects to it over RMI, starts worker",
            "processes on it for each load point and collects results. The manager",
            "starts agents itself for local clients and, over ssh, for clients with",
            "AGENT_START=ssh; start one by hand (or as a service) only otherwise.",
            "",
            "The agent and the prime client share a secret: SFS_AGENT_SECRET or the",
            "file policy/agent.secret (mode 0600). Connections use mutual TLS with",
            "the keys in policy/tls unless the agent listens on loopback or is given",
            "--tls off (see docs/security.md).",
        },
        footer = {
            "",
            "Examples:",
            "  sfs agent --bind 10.0.0.5 --port 50777",
            "  sfs agent --init-tls /tmp/client5-tls",
            "      keys for client5 (then copy them to its policy/tls)",
            "  sfs agent --install-service --bind 10.0.0.5 --port 50777"
        })
public final class AgentCommand implements Callable<Integer> {

    @Option(names = "--bind", paramLabel = "ADDR", description = "Address to listen on, the one the prime client reaches this host by;"
            + " not a wildcard (default: ${DEFAULT-VALUE}).", defaultValue = "127.0.0.1")
    String bind;

    @Option(names = "--port", paramLabel = "PORT", description = "RMI port, registry and objects; 0 = any free port (default: ${DEFAULT-VALUE}).",
            defaultValue = "50777")
    int port;

    @Option(names = "--secret-file", paramLabel = "FILE", description = "File holding the shared secret (default: SFS_HOME/policy/agent.secret).")
    Path secretFile;

    @Option(names = "--work-dir", paramLabel = "DIR", description = "Where the client log and worker logs are kept until collected"
            + " (default: TMPDIR/sfsbench-agent-PORT).")
    Path workDir;

    @Option(names = "--tls", paramLabel = "on|off", description = "Mutual TLS on connections (default: on, off on loopback).")
    String tls;

    @Option(names = "--tls-dir", paramLabel = "DIR", description = "TLS material: ca.crt, host.crt, host.key (default: SFS_HOME/policy/tls).")
    Path tlsDir;

    @Option(names = "--idle-timeout", paramLabel = "SECONDS", description = "Close connections idle this long"
            + " (default: ${DEFAULT-VALUE}).", defaultValue = "120")
    int idleTimeout;

    @Option(names = "--launched", description = "Started by a manager: secret and TLS material on standard input;"
            + " exit when it ends.")
    boolean launched;

    @Option(names = "--init-tls", paramLabel = "DIR", description = "Create TLS material for this host in DIR and exit"
            + " (CA from --ca, else SFS_HOME/policy/tls, else a new one in DIR).")
    Path initTls;

    @Option(names = "--ca", paramLabel = "DIR", description = "With --init-tls: the CA folder (ca.crt, ca.key) to sign with.")
    Path caDir;

    @Option(names = "--host-name", paramLabel = "NAME", description = "With --init-tls: the name in the certificate (default: this host's).")
    String hostName;

    @Option(names = "--install-service", description = "Run this agent (with these --bind, --port, --secret-file,"
            + " --tls options) as a service started at boot: a systemd unit, enabled and started; on Windows a"
            + " service (sfsagentsvc.exe), registered and started.")
    boolean installService;

    @Option(names = "--uninstall-service", description = "Stop and remove the service (systemd unit) of --port.")
    boolean uninstallService;

    @Option(names = "--unit-dir", paramLabel = "DIR", description = "With --install-service / --uninstall-service: where the"
            + " systemd unit goes (default: /etc/systemd/system; not on Windows).")
    Path unitDir;

    @Option(names = "--no-start", description = "With --install-service / --uninstall-service: only write or remove"
            + " the unit file (on Windows: register or delete the service), do not start or stop it.")
    boolean noStart;

    @Option(names = "--service", hidden = true, description = "Run by the Windows service host: stop the workers and"
            + " exit when standard input ends.")
    boolean service;

    @Override
    public Integer call() throws Exception {
        Path home = Path.of(System.getProperty("sfs.home", ".")).toAbsolutePath().normalize();
        if (initTls != null) {
            return TlsSetup.initTls(initTls, caDir, home.resolve("policy/tls"), hostName);
        }
        if ((installService || uninstallService) && WindowsService.onWindows() && unitDir != null) {
            System.err.println("sfs agent: --unit-dir " + unitDir + ": a systemd option; Windows has no units");
            return 2;
        }
        if (uninstallService) {
            return WindowsService.onWindows() ? WindowsService.uninstall(port, !noStart)
                    : ServiceUnit.uninstall(unitDir != null ? unitDir : ServiceUnit.SYSTEM_UNITS, port, !noStart);
        }
        if (installService) {
            return installService(home);
        }
        Path dir = workDir != null ? workDir : Path.of(System.getProperty("java.io.tmpdir"), "sfsbench-agent-" + port);
        String secret;
        SSLContext context = null;
        try {
            if (launched) {
                LaunchInput in = LaunchInput.read(System.in);
                secret = Secrets.checked(in.secret(), "launch input");
                if (in.tlsPem() != null) {
                    context = TlsIdentity.context(java.util.List.of(TlsIdentity.fromPem(in.tlsPem(), "launch input")));
                }
            } else {
                secret = Secrets.load(secretFile != null ? secretFile : home.resolve("policy/agent.secret"));
                if (useTls()) {
                    context = TlsIdentity.context(java.util.List.of(
                            TlsIdentity.load(tlsDir != null ? tlsDir : home.resolve("policy/tls"))));
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("sfs agent: " + e.getMessage());
            return 2;
        }
        if (idleTimeout < 5) {
            System.err.println("sfs agent: --idle-timeout " + idleTimeout + ": at least 5 seconds");
            return 2;
        }
        return AgentServer.run(new AgentServer.Settings(bind, port, secret, context, idleTimeout, dir),
                launched || service ? System.in : null);
    }

    /** Checks what the service will need (secret file, TLS material) now, then writes the unit. */
    private int installService(Path home) throws Exception {
        Path secretPath = (secretFile != null ? secretFile : home.resolve("policy/agent.secret")).toAbsolutePath();
        Path tlsPath = (tlsDir != null ? tlsDir : home.resolve("policy/tls")).toAbsolutePath();
        boolean windows = WindowsService.onWindows();
        Path work = workDir != null ? workDir.toAbsolutePath()
                : windows ? WindowsService.defaultWorkDir(port) : Path.of("/var/lib/sfsbench-agent-" + port);
        try {
            String unusable = AgentServer.unusableBind(bind);
            if (unusable != null) {
                throw new IOException("--bind " + bind + ": " + unusable);
            }
            if (port == 0) {
                throw new IOException("--port 0: a service needs the fixed port the manager's AGENT_PORT names");
            }
            Secrets.loadFile(secretPath);
            boolean withTls = useTls();
            if (withTls) {
                TlsIdentity.load(tlsPath);
            }
            List<String> options = new ArrayList<>(List.of("--bind", bind, "--port", Integer.toString(port),
                    "--secret-file", secretPath.toString(), "--work-dir", work.toString()));
            options.addAll(withTls ? List.of("--tls", "on", "--tls-dir", tlsPath.toString()) : List.of("--tls", "off"));
            if (windows) {
                List<String> agent = new ArrayList<>(List.of("agent", "--service"));
                agent.addAll(options);
                return WindowsService.install(port, work, JavaProcess.command(List.of(), agent), !noStart);
            }
            return ServiceUnit.install(unitDir != null ? unitDir : ServiceUnit.SYSTEM_UNITS, port,
                    ServiceUnit.text(home, bind, port, options), !noStart);
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("sfs agent: --install-service: " + e.getMessage());
            return 2;
        }
    }

    private boolean useTls() throws IOException {
        if (tls == null) {
            return !InetAddress.getByName(bind).isLoopbackAddress();
        }
        return switch (tls) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new IllegalArgumentException("--tls " + tls + ": on or off");
        };
    }
}
