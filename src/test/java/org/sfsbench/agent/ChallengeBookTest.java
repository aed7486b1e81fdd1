package org.sfsbench.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class ChallengeBookTest {
    private final AtomicLong now = new AtomicLong(1_000_000);
    private final ChallengeBook book = new ChallengeBook(now::get);

    @Test
    void aFloodFromManyPeersStaysWithinTheTotalCap() {
        for (int i = 0; i < 200_000; i++) {
            book.issue("10.0." + (i % 5000 / 250) + "." + (i % 250));
            if (i % 1000 == 0) {
                now.addAndGet(1); // well within the expiry time: only the caps hold the size
            }
        }
        assertTrue(book.size() <= ChallengeBook.TOTAL, "size " + book.size());
    }

    @Test
    void onePeerHoldsAtMostPerPeerAndIsRateLimited() {
        int granted = 0;
        for (int i = 0; i < 1000; i++) {
            if (book.issue("10.0.0.9") != null) {
                granted++;
            }
        }
        assertEquals(ChallengeBook.RATE, granted, "challenges granted within one second");
        assertEquals(ChallengeBook.PER_PEER, book.size());
        now.addAndGet(ChallengeBook.RATE_WINDOW_MS);
        assertNotNull(book.issue("10.0.0.9"), "granted again in the next second");
    }

    @Test
    void aChallengeIsGoodOnceForItsPeerUntilItExpires() {
        byte[] a = book.issue("10.0.0.1");
        assertFalse(book.take(a, "10.0.0.2"), "another peer cannot use it");
        assertTrue(book.take(a, "10.0.0.1"));
        assertFalse(book.take(a, "10.0.0.1"), "no replay");
        byte[] b = book.issue("10.0.0.1");
        now.addAndGet(ChallengeBook.TTL_MS + 1);
        assertFalse(book.take(b, "10.0.0.1"), "expired");
        book.issue("10.0.0.3");
        assertEquals(1, book.size(), "expired challenges are dropped");
    }
}
