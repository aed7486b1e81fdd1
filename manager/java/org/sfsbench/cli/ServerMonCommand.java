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
 * {@code sfs server-mon}: the server monitor's collector (SERVER_MON=local or ssh:HOST): prints
 * one sample line of this host's /proc every second, at the turn of the second, until its reader
 * goes away.
 */
@Command(name = "server-mon", hidden = true,
        description = "Internal: prints this host's CPU, network, disk and NFS server counters once a second"
                + " (SERVER_MON, docs/live.md).")
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
