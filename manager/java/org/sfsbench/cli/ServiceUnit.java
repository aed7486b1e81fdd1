package org.sfsbench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The systemd unit of a persistent agent ({@code sfs agent --install-service}): for hosts where
 * the prime client may not start agents over ssh. One unit per port,
 * {@code sfsbench-agent-PORT.service}.
 */
final class ServiceUnit {
    static final Path SYSTEM_UNITS = Path.of("/etc/systemd/system");

    private ServiceUnit() {
    }

    static String name(int port) {
        return "sfsbench-agent-" + port + ".service";
    }

    /** The unit text: the agent on {@code bind}:{@code port} with {@code options} (secret file, TLS material, ...). */
    static String text(Path home, String bind, int port, List<String> options) {
        List<String> cmd = new ArrayList<>(List.of(home.resolve("bin/sfs").toString(), "agent"));
        cmd.addAll(options);
        StringBuilder exec = new StringBuilder();
        for (String c : cmd) {
            exec.append(exec.length() == 0 ? "" : " ").append(quote(c));
        }
        return String.join("\n",
                "# written by sfs agent --install-service; remove with: sfs agent --uninstall-service --port " + port,
                "[Unit]",
                "Description=sfsbench agent (load generator) on " + bind + ":" + port,
                "Documentation=file:" + home.resolve("docs/running.md"),
                "After=network-online.target",
                "Wants=network-online.target",
                "",
                "[Service]",
                "Type=simple",
                "ExecStart=" + exec,
                "WorkingDirectory=" + quote(home.toString()),
                "Restart=on-failure",
                "RestartSec=5",
                "KillMode=control-group",
                "",
                "[Install]",
                "WantedBy=multi-user.target",
                "");
    }

    /** A word of ExecStart: quoted when needed, with systemd's specifiers and variables escaped. */
    static String quote(String s) {
        if (s.contains("\"") || s.contains("\\") || s.contains("\n")) {
            throw new IllegalArgumentException("cannot put " + s + " into a systemd unit (quote, backslash or newline)");
        }
        String e = s.replace("%", "%%").replace("$", "$$");
        return e.matches("[A-Za-z0-9_./:@=+,-]+") ? e : "\"" + e + "\"";
    }

    /** Writes the unit into {@code unitDir}; with {@code start}, enables and starts it through systemctl. */
    static int install(Path unitDir, int port, String text, boolean start) throws IOException, InterruptedException {
        Path unit = unitDir.resolve(name(port));
        Files.createDirectories(unitDir);
        Files.writeString(unit, text, StandardCharsets.UTF_8);
        System.out.println("sfs agent: wrote " + unit);
        if (!start) {
            System.out.println("  enable and start it with: systemctl daemon-reload && systemctl enable --now " + name(port));
            return 0;
        }
        int s = systemctl("daemon-reload");
        if (s == 0) {
            s = systemctl("enable", "--now", name(port));
        }
        if (s != 0) {
            System.err.println("sfs agent: systemctl failed (status " + s + "); the unit is in " + unit);
            return 1;
        }
        System.out.println("sfs agent: " + name(port) + " enabled and started");
        return 0;
    }

    /** Stops and disables the unit (with {@code stop}), then removes its file. */
    static int uninstall(Path unitDir, int port, boolean stop) throws IOException, InterruptedException {
        Path unit = unitDir.resolve(name(port));
        if (!Files.exists(unit)) {
            System.err.println("sfs agent: no unit " + unit);
            return 2;
        }
        if (stop) {
            systemctl("disable", "--now", name(port));
        }
        Files.delete(unit);
        if (stop) {
            systemctl("daemon-reload");
        }
        System.out.println("sfs agent: removed " + unit);
        return 0;
    }

    private static int systemctl(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("systemctl"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
