package org.sfsbench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.sfsbench.servermon.ProcReader;
import org.sfsbench.servermon.SampleLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code sfs server-mon}: the server monitor's collector (SERVER_MON=local or ssh:HOST): one
 * sample line of this host's /proc every second, at the turn of the second.
 */
@Command(name = "server-mon", mixinStandardHelpOptions = true,
        description = {
            "Print this host's server counters once a second.",
            "",
            "CPU, network, disk and NFS server counters from /proc.",
            "",
            "The server monitor's collector: SERVER_MON=local runs it on the prime",
            "client, SERVER_MON=ssh:HOST on HOST over ssh. One line per second in",
            "the format of docs/live.md, until its reader goes away.",
        },
        footer = {
            "",
            "Examples:",
            "  sfs server-mon",
            "      samples of this host until Ctrl-C",
        })
public final class ServerMonCommand implements Callable<Integer> {
    @Option(names = "--proc", defaultValue = "/proc", description = "The /proc to read (default: ${DEFAULT-VALUE}).")
    Path proc;

    @Override
    public Integer call() throws InterruptedException {
        ProcReader reader = new ProcReader(proc);
        PrintStream out = System.out;
        while (true) {
            try {
                out.println(SampleLine.format(reader.read()));
            } catch (IOException | RuntimeException e) {
                System.err.println("sfs server-mon: " + e.getMessage());
                return 1;
            }
            out.flush();
            if (out.checkError()) {
                return 0;
            }
            Thread.sleep(1000 - System.currentTimeMillis() % 1000);
        }
    }
}
