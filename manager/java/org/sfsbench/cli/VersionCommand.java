package org.sfsbench.cli;

import java.util.concurrent.Callable;

import org.sfsbench.ToolVersion;
import org.sfsbench.engine.NativeEngine;
import org.sfsbench.report.text.Reflow;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;

/** {@code sfs version}: the tool version and the native engine it loaded (proves the JNA chain). */
@Command(name = "version", mixinStandardHelpOptions = true,
        description = "Print the sfsbench version and the loaded native engine.")
public final class VersionCommand implements Callable<Integer> {

    @Override
    public Integer call() {
        for (String line : new Provider().getVersion()) {
            System.out.println(line);
        }
        return ExitCodes.OK;
    }

    /** Shared by {@code --version} and {@code version}. */
    public static final class Provider implements IVersionProvider {
        @Override
        public String[] getVersion() {
            String engine;
            try {
                engine = NativeEngine.version();
            } catch (LinkageError e) {
                engine = "native engine not loadable: " + e.getMessage();
            }
            // the engine's line lists every backend and workload: broken between words to fit
            String lines = "sfsbench " + ToolVersion.VERSION + "\n" + Reflow.hanging("", "  ", engine, Main.MIN_WIDTH)
                    + "Java " + System.getProperty("java.version") + " on " + System.getProperty("os.name") + " "
                    + System.getProperty("os.arch");
            return lines.split("\n");
        }
    }
}
