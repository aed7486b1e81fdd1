package org.sfsbench.cli;

import java.util.concurrent.Callable;

import org.sfsbench.worker.WorkerMain;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code sfs worker}: started by an agent only; hosts one native engine. */
@Command(name = "worker", hidden = true, description = "Internal: a worker process started by an agent.")
public final class WorkerCommand implements Callable<Integer> {
    @Option(names = "--port", required = true, description = "Loopback port of the agent that started this worker.")
    int port;

    @Override
    public Integer call() {
        return WorkerMain.run(port);
    }
}
