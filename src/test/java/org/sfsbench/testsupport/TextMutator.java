package org.sfsbench.testsupport;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Seeded mutations of a valid input text for property tests of the readers: characters changed,
 * lines deleted, duplicated or swapped, numbers replaced by edge values, the text cut short, and
 * random text of the reader's own alphabet. The same seed always gives the same inputs.
 */
public final class TextMutator {
    private static final String ALPHABET = "0123456789abcxyzKMG=\"', \t;:#[]-+./\\_\n\u0000\u00e9\u2028";
    private static final String[] NUMBERS = {"0", "-1", "1", "2147483647", "2147483648", "-2147483648",
        "99999999999999999999", "1e9", "0x10", "007", "", "NaN", "4096", "100", "256", "65"};

    private final Random random;

    public TextMutator(long seed) {
        this.random = new Random(seed);
    }

    /** The i-th input: mostly 1 to 4 mutations of {@code valid}, sometimes random text. */
    public String next(String valid) {
        if (random.nextInt(20) == 0) {
            return randomText(random.nextInt(400));
        }
        String s = valid;
        for (int n = 1 + random.nextInt(4); n > 0; n--) {
            s = mutate(s);
        }
        return s;
    }

    private String mutate(String s) {
        List<String> lines = new ArrayList<>(Arrays.asList(s.split("\n", -1)));
        int l = random.nextInt(lines.size());
        switch (random.nextInt(7)) {
            case 0 -> {
                if (!s.isEmpty()) {
                    int i = random.nextInt(s.length());
                    return s.substring(0, i) + pick() + s.substring(i + 1);
                }
                return s;
            }
            case 1 -> lines.remove(l);
            case 2 -> lines.add(l, lines.get(l));
            case 3 -> {
                int m = random.nextInt(lines.size());
                String t = lines.get(l);
                lines.set(l, lines.get(m));
                lines.set(m, t);
            }
            case 4 -> lines.set(l, lines.get(l).replaceFirst("\\d+", NUMBERS[random.nextInt(NUMBERS.length)]));
            case 5 -> {
                return s.substring(0, random.nextInt(s.length() + 1));
            }
            default -> lines.add(l, randomText(random.nextInt(40)));
        }
        return String.join("\n", lines);
    }

    private char pick() {
        return ALPHABET.charAt(random.nextInt(ALPHABET.length()));
    }

    private String randomText(int n) {
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            sb.append(pick());
        }
        return sb.toString();
    }
}
