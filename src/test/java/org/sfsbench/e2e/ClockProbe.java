package org.sfsbench.e2e;

/** Prints this JVM's {@code System.currentTimeMillis()}: what a JVM on a faked clock (libfaketime) sees. */
public final class ClockProbe {
    private ClockProbe() {
    }

    public static void main(String[] args) {
        System.out.println(System.currentTimeMillis());
    }
}
