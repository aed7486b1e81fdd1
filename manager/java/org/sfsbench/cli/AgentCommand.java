package org.sfsbench.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.sfsbench.agent.AgentServer;
import org.sfsbench.rmi.Secrets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code sfs agent}: the load-generator service on a client. */
@Command(name = "agent", mixinStandardHelpOptions = true,
        description = {
            "Run the agent of a load-generating client.",
            "",
            "The prime client's manager connects to it over RMI, starts worker",
            "processes on it for each load point and collects results. For clients named",
            "localhost (or a 127.x address) the manager starts agents itself; start one",
            "by hand only on other hosts.",
            "",
            "The agent and the prime client must share a secret: the environment",
            "variable SFS_AGENT_SECRET or the file policy/agent.secret (see",
            "docs/security.md).",
        },
        footer = {
            "",
            "Example:",
            "  SFS_AGENT_SECRET=$(cat policy/agent.secret) \\",
            "      sfs agent --bind 10.0.0.5 --port 50777"
        })
public final class AgentCommand implements Callable<Integer> {

    @Option(names = "--bind", paramLabel = "ADDR", description = "Address to listen on, the one the prime client reaches this host by;"
            + " not a wildcard (default: ${DEFAULT-VALUE}).", defaultValue = "127.0.0.1")
    String bind;

    @Option(names = "--port", paramLabel = "PORT", description = "RMI port, registry and objects (default: ${DEFAULT-VALUE}).", defaultValue = "50777")
    int port;

    @Option(names = "--secret-file", paramLabel = "FILE", description = "File holding the shared secret (default: SFS_HOME/policy/agent.secret).")
    Path secretFile;

    @Option(names = "--work-dir", paramLabel = "DIR", description = "Where the client log and worker logs are kept until collected (default: TMPDIR/sfsbench-agent-PORT).")
    Path workDir;

    @Option(names = "--parent-pid", hidden = true, description = "Exit when this process (the manager that started us) exits.")
    long parentPid;

    @Override
    public Integer call() throws Exception {
        Path secretPath = secretFile != null ? secretFile : Path.of(System.getProperty("sfs.home", "."), "policy", "agent.secret");
        String secret;
        try {
            secret = Secrets.load(secretPath);
        } catch (java.io.IOException e) {
            System.err.println("sfs agent: " + e.getMessage());
            return 2;
        }
        Path dir = workDir != null ? workDir : Path.of(System.getProperty("java.io.tmpdir"), "sfsbench-agent-" + port);
        return AgentServer.run(bind, port, secret, parentPid, dir);
    }
}
