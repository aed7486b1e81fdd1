package org.sfsbench.testsupport;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Tag;

/**
 * An end-to-end class whose claims are bounds on latency or throughput measured on this machine
 * (a knee, a plateau, a steady state, an SLO capacity), or that saturates the CPUs itself. Failsafe
 * runs the other end-to-end classes two at a time (pom.xml, execution {@code its-parallel}) and these
 * after them, one at a time ({@code its-alone}), so no other test's load moves what they measure.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(RunsAlone.TAG)
public @interface RunsAlone {
    String TAG = "alone";
}
