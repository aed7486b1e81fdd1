package org.sfsbench.testsupport;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The class holds the named resources of this build for all its tests: while failsafe runs classes
 * two at a time, a class that takes a resource waits until the class of the other fork that holds
 * it has finished ({@link ExclusiveLock}). For resources one instance of a class cannot share:
 * {@link #SAMBA_445} (one test smbd at a time owns port 445, samba.sh; another waits for it),
 * {@link #WINE} (the Wine prefix of the build, and Windows Java's start-up, which is slow enough
 * under load to miss a test's timing).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(ExclusiveLock.class)
public @interface Exclusive {
    String SAMBA_445 = "samba-445";
    String WINE = "wine";

    String[] value();
}
