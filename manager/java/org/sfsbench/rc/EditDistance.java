package org.sfsbench.rc;

import java.util.Collection;
import java.util.Locale;

/** Levenshtein distance, for "did you mean" hints on misspelt names. */
public final class EditDistance {
    private EditDistance() {
    }

    static int between(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    /** The closest candidate (case-insensitive) if it is close enough to be a typo, else null. */
    public static String closest(String word, Collection<String> candidates) {
        String w = word.toUpperCase(Locale.ROOT);
        String best = null;
        int bestD = Integer.MAX_VALUE;
        for (String c : candidates) {
            int d = between(w, c.toUpperCase(Locale.ROOT));
            if (d < bestD) {
                bestD = d;
                best = c;
            }
        }
        int limit = Math.max(2, w.length() / 3);
        return bestD <= limit ? best : null;
    }

    /** " (did you mean X?)" or "" when nothing is close. */
    static String didYouMean(String word, Collection<String> candidates) {
        String c = closest(word, candidates);
        return c == null ? "" : " (did you mean " + c + "?)";
    }
}
