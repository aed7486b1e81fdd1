package org.sfsbench.agent;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

import org.sfsbench.rmi.Secrets;

/**
 * The challenges an agent has issued and not yet seen answered. Anyone may ask for one before
 * authenticating, so the book is bounded (per peer and in total, oldest dropped first), each
 * challenge expires, and each peer may ask only so often (a flood is refused, not stored).
 */
final class ChallengeBook {
    static final int PER_PEER = 8;
    static final int TOTAL = 1024;
    static final long TTL_MS = 30_000;
    /** Challenges a peer may ask for within {@link #RATE_WINDOW_MS}. */
    static final int RATE = 20;
    static final long RATE_WINDOW_MS = 1000;
    static final int PEERS_TRACKED = 4096;

    private record Issued(String peer, long expires) {
    }

    private final LongSupplier clock;
    private final LinkedHashMap<String, Issued> issued = new LinkedHashMap<>();
    private final Map<String, ArrayDeque<String>> byPeer = new HashMap<>();
    private final LinkedHashMap<String, long[]> rate = new LinkedHashMap<>(16, 0.75f, true);

    ChallengeBook(LongSupplier clock) {
        this.clock = clock;
    }

    /** A fresh nonce for {@code peer}, or null when that peer asks too often. */
    synchronized byte[] issue(String peer) {
        long now = clock.getAsLong();
        if (!allowed(peer, now)) {
            return null;
        }
        expire(now);
        ArrayDeque<String> mine = byPeer.computeIfAbsent(peer, k -> new ArrayDeque<>());
        if (mine.size() >= PER_PEER) {
            issued.remove(mine.removeFirst());
        }
        if (issued.size() >= TOTAL) {
            drop(issued.keySet().iterator().next());
        }
        byte[] n = Secrets.nonce();
        String key = HexFormat.of().formatHex(n);
        issued.put(key, new Issued(peer, now + TTL_MS));
        mine.addLast(key);
        return n;
    }

    /** Takes back a challenge issued to {@code peer}: true once, if it is known and not expired. */
    synchronized boolean take(byte[] nonce, String peer) {
        if (nonce == null || nonce.length != 32) {
            return false;
        }
        String key = HexFormat.of().formatHex(nonce);
        Issued i = issued.get(key);
        if (i == null || !i.peer().equals(peer)) {
            return false;
        }
        drop(key);
        return i.expires() >= clock.getAsLong();
    }

    synchronized int size() {
        return issued.size();
    }

    private boolean allowed(String peer, long now) {
        long[] w = rate.get(peer); // {window start, count}
        if (w == null || now - w[0] >= RATE_WINDOW_MS) {
            w = new long[] {now, 0};
            rate.put(peer, w);
            if (rate.size() > PEERS_TRACKED) {
                Iterator<String> oldest = rate.keySet().iterator();
                oldest.next();
                oldest.remove();
            }
        }
        return ++w[1] <= RATE;
    }

    private void expire(long now) {
        Iterator<Map.Entry<String, Issued>> it = issued.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<String, Issued> e = it.next();
            if (e.getValue().expires() >= now) {
                break; // insertion order is expiry order
            }
            it.remove();
            forget(e.getValue().peer(), e.getKey());
        }
    }

    private void drop(String key) {
        Issued i = issued.remove(key);
        if (i != null) {
            forget(i.peer(), key);
        }
    }

    private void forget(String peer, String key) {
        ArrayDeque<String> mine = byPeer.get(peer);
        if (mine != null) {
            mine.remove(key);
            if (mine.isEmpty()) {
                byPeer.remove(peer);
            }
        }
    }
}
