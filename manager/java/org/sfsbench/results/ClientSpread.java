package org.sfsbench.results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A load point's clients in a few lines when there are too many for a row each: achieved ops/s
 * min / median / max and the slowest clients by name. sfsres, the HTML report and the live page
 * show this beyond {@link #ROWS_AT_MOST} clients; the XML and JSON keep every client's row.
 */
public final class ClientSpread {
    /** Most clients shown a row each; more are summarised. */
    public static final int ROWS_AT_MOST = 16;
    /** How many of the slowest clients a summary names. */
    public static final int SLOWEST = 5;

    /** One client's figure: its number, name and achieved ops/s. */
    public record Client(int number, String name, double opsPerSec) {
        public String label() {
            return "client " + number + " (" + name + ")";
        }
    }

    private final List<Client> byRate;

    private ClientSpread(List<Client> clients) {
        byRate = new ArrayList<>(clients);
        byRate.sort(Comparator.comparingDouble(Client::opsPerSec).thenComparingInt(Client::number));
    }

    public static ClientSpread of(List<Client> clients) {
        if (clients.isEmpty()) {
            throw new IllegalArgumentException("no client to summarise");
        }
        return new ClientSpread(clients);
    }

    /** Whether {@code clients} clients are summarised rather than listed. */
    public static boolean summarises(int clients) {
        return clients > ROWS_AT_MOST;
    }

    public int count() {
        return byRate.size();
    }

    public Client min() {
        return byRate.get(0);
    }

    public Client max() {
        return byRate.get(byRate.size() - 1);
    }

    /** The median ops/s (the mean of the two middle clients of an even count). */
    public double median() {
        int n = byRate.size();
        return n % 2 == 1 ? byRate.get(n / 2).opsPerSec()
                : (byRate.get(n / 2 - 1).opsPerSec() + byRate.get(n / 2).opsPerSec()) / 2;
    }

    /** The {@link #SLOWEST} slowest clients, slowest first. */
    public List<Client> slowest() {
        return byRate.subList(0, Math.min(SLOWEST, byRate.size()));
    }

    /** The summary as text lines (sfsres). */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "%d clients, achieved ops/s: min %.1f (%s), median %.1f, max %.1f (%s)",
                byRate.size(), min().opsPerSec(), min().label(), median(), max().opsPerSec(), max().label()));
        StringBuilder s = new StringBuilder("slowest:");
        for (Client c : slowest()) {
            s.append(String.format(Locale.ROOT, " %s %.1f;", c.label(), c.opsPerSec()));
        }
        out.add(s.substring(0, s.length() - 1));
        out.add("every client's row: the XML and JSON results (clientThroughput)");
        return out;
    }
}
