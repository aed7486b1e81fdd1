package org.sfsbench.manager;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.sfsbench.results.Timestamps;
import org.sfsbench.engine.EngineConfig;
import org.sfsbench.plan.ClientPlan;
import org.sfsbench.plan.LoadPoint;
import org.sfsbench.plan.ProcPlan;
import org.sfsbench.plan.RunPlan;
import org.sfsbench.rc.RunConfig;
import org.sfsbench.rmi.AgentException;
import org.sfsbench.rmi.ValidationResult;

/**
 * {@code -v LEVEL} (guide 4.3.1): exercises every operation against the server from the first
 * client and checks the answers. Level 1 validates the first mount point; level 2 every distinct
 * mount point of the first client. The report is {@code sfsval.<suffix>}.
 */
public final class ValidationRun {
    private final RunConfig rc;
    private final RunPlan plan;
    private final Path dir;
    private final String suffix;
    private final int level;

    public ValidationRun(RunConfig rc, RunPlan plan, Path dir, String suffix, int level) {
        this.rc = rc;
        this.plan = plan;
        this.dir = dir;
        this.suffix = suffix;
        this.level = level;
    }

    /** 0 all checks passed, 3 a check failed, 1 validation could not run. */
    public int run() {
        Path file = dir.resolve("sfsval." + suffix);
        if (Files.exists(file)) {
            System.err.println("sfs run: " + file + " already exists: choose another suffix with -s");
            return 2;
        }
        LoadPoint first = plan.points().get(0);
        ClientPlan client = first.clients().get(0);
        Set<String> targets = new LinkedHashSet<>();
        for (ProcPlan p : client.procs()) {
            targets.add(p.mountPoint().text());
            if (level == 1) {
                break;
            }
        }
        System.out.println(">>>>> STARTED SFS VALIDATION ON " + Timestamps.now() + " <<<<<");
        System.out.println("Starting SFS protocol validation on client 1 (" + client.name() + ")");
        List<String> report = new ArrayList<>();
        report.add("sfsbench validation, level " + level + ", rc file " + rc.rcFile() + ", " + Timestamps.now());
        int failures = 0;
        try {
            Files.createDirectories(dir);
            try (Clients clients = Clients.connect(List.of(client.name()), rc.agentPort(), rc.agentAccess(),
                    dir.resolve("agents." + suffix), Path.of(System.getProperty("sfs.home", "."), "policy", "agent.secret"))) {
                ClientSession s = clients.sessions().get(0);
                for (String target : targets) {
                    EngineConfig c = EngineConfigs.forClient(rc, first, client, System.nanoTime() & 0xffff, suffix);
                    for (int i = 1; i < client.procs().size(); i++) {
                        c.remove("target." + i);
                    }
                    c.set("procs", 1);
                    c.set("target.0", target);
                    ValidationResult v = s.agent().validate(c.render());
                    report.add("");
                    report.add("== " + target);
                    report.add(v.report().strip());
                    if (v.failures() < 0) {
                        report.add("target could not be opened");
                        failures++;
                    } else {
                        failures += v.failures();
                    }
                    System.out.println(v.report().strip());
                }
            }
        } catch (RunAbortedException | AgentException | IOException e) {
            report.add("VALIDATION COULD NOT RUN: " + e.getMessage());
            write(file, report);
            System.err.println("sfs run: validation could not run: " + e.getMessage());
            return 1;
        }
        report.add("");
        report.add(failures == 0 ? "SFS protocol validation completed successfully." : "SFS protocol validation FAILED: " + failures + " check(s) failed.");
        write(file, report);
        System.out.println(failures == 0 ? "SFS protocol validation completed successfully."
                : "SFS protocol validation FAILED: " + failures + " check(s) failed.");
        System.out.println("See " + file + " for results.");
        return failures == 0 ? 0 : 3;
    }

    private static void write(Path file, List<String> lines) {
        try {
            org.sfsbench.results.ResultFiles.write(file, String.join("\n", lines) + "\n");
        } catch (IOException e) {
            System.err.println("sfs run: " + e.getMessage());
        }
    }
}
