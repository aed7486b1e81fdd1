package org.sfsbench.sim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.sfsbench.launch.BuildId;
import org.sfsbench.rmi.Secrets;
import org.sfsbench.rmi.SocketFactories;

/**
 * A fleet of {@link SimulatedAgent}s in this JVM, each on its own port of one loopback address,
 * and the CLIENTS value that names them ({@code 127.0.0.1:port} entries, agents that run already).
 * {@link #main} runs a fleet as a process of its own (bench/clients), so that the manager's costs
 * are measured apart from the simulation's; run from the packaged jar, it claims that jar's build.
 */
public final class SimulatedClients implements AutoCloseable {
    /** Loopback address every simulated agent listens on. */
    public static final String BIND = "127.0.0.1";

    private final List<SimulatedAgent> agents;

    private SimulatedClients(List<SimulatedAgent> agents) {
        this.agents = agents;
    }

    /**
     * Starts {@code count} simulated agents (numbered from 1) with latencies log-normal around
     * {@code medianUs}; {@code dying} (a client number, or 0) dies as {@code death} says.
     */
    public static SimulatedClients start(String secret, String build, int count, double medianUs, double sigma,
            int dying,
            SimulatedAgent.Death death) throws RemoteException {
        // stubs carry this address: every agent of the fleet shares it (one per JVM)
        System.setProperty("java.rmi.server.hostname", BIND);
        SocketFactories.filterReplies();
        List<SimulatedAgent> list = new ArrayList<>();
        try {
            for (int i = 1; i <= count; i++) {
                list.add(SimulatedAgent.start(secret, build, i, BIND, medianUs, sigma, i == dying ? death : null));
            }
        } catch (RemoteException e) {
            new SimulatedClients(list).close();
            throw e;
        }
        return new SimulatedClients(list);
    }

    /** The rc value of CLIENTS naming every agent of the fleet, in client order. */
    public String clientsValue() {
        return agents.stream().map(a -> BIND + ":" + a.port()).collect(Collectors.joining(" "));
    }

    public List<SimulatedAgent> agents() {
        return agents;
    }

    /** RUN ops of load point {@code point}, summed over every client of the fleet. */
    public long runOps(int point) {
        return agents.stream().mapToLong(a -> a.runOps(point)).sum();
    }

    @Override
    public void close() {
        for (SimulatedAgent a : agents) {
            if (!a.dead()) {
                a.die();
            }
        }
    }

    /**
     * {@code SimulatedClients COUNT CLIENTS_FILE [MEDIAN_US [SIGMA]]}, the secret in SFS_AGENT_SECRET:
     * writes the CLIENTS value to CLIENTS_FILE, prints "ready", and runs until standard input ends;
     * then prints each load point's summed RUN ops ("run-ops point=P ops=N").
     */
    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: SimulatedClients COUNT CLIENTS_FILE [MEDIAN_US [SIGMA]]");
            System.exit(2);
        }
        String secret = Secrets.checked(String.valueOf(System.getenv(Secrets.ENV)).trim(), Secrets.ENV);
        int count = Integer.parseInt(args[0]);
        double median = args.length > 2 ? Double.parseDouble(args[2]) : 2000;
        double sigma = args.length > 3 ? Double.parseDouble(args[3]) : 0.5;
        try (SimulatedClients fleet = start(secret, BuildId.current(), count, median, sigma, 0, null)) {
            Files.writeString(Path.of(args[1]), fleet.clientsValue() + "\n", StandardCharsets.US_ASCII);
            System.out.println("ready");
            System.out.flush();
            try {
                while (System.in.read() != -1) {
                    // runs until the end of input
                }
            } catch (IOException e) {
                // closed: the same as the end
            }
            for (int p = 1; fleet.runOps(p) > 0; p++) {
                long ops = fleet.runOps(p);
                System.out.println(String.format(Locale.ROOT, "run-ops point=%d ops=%d", p, ops));
            }
        }
        System.exit(0);
    }
}
