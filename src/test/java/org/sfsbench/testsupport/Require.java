package org.sfsbench.testsupport;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * What a test needs from the machine (root, a namespace, an installed tool). CI runs as root with
 * bin/install-deps done, so a test that cannot run fails with the reason instead of skipping:
 * a skipped proof would be invisible in bin/test.
 */
public final class Require {
    private Require() {
    }

    /** Fails the test with "cannot run: reason" unless {@code condition}. */
    public static void that(boolean condition, String reason) {
        if (!condition) {
            fail("cannot run: " + reason);
        }
    }

    /** The test runs as root (mounts, Ganesha on its own ports, network namespaces). */
    public static void root(String why) {
        that("root".equals(System.getProperty("user.name")), "needs root: " + why);
    }
}
