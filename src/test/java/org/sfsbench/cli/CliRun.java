package org.sfsbench.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

import picocli.CommandLine;

/** One sfs command run in this JVM as the command line runs it: its exit status and what it printed. */
record CliRun(int status, String out, String err) {
    static CliRun of(String... args) {
        CommandLine cl = Main.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int status = cl.execute(args);
        return new CliRun(status, out.toString(), err.toString());
    }
}
