package org.sfsbench.access;

import java.util.List;

/**
 * What an Iometer .icf file says about a test, mapped onto sfsbench (docs/access-specs.md).
 *
 * @param version        the file's version line ("2006.07.27", "1.1.0")
 * @param description    the test description
 * @param specs          the workers' assigned specs, in run order
 * @param queueDepths    outstanding I/Os per step (the workers' setting, or the queue-depth cycling)
 * @param active         workers and targets per client per step (all, or the cycling of the test type)
 * @param rampUpSeconds  ramp-up time
 * @param runSeconds     run time (0 = Iometer's "until stopped": RUNTIME must be set)
 * @param regionBytes    disk maximum size x 512 (0 = Iometer's whole disk: ACCESS_FILE_SIZE decides)
 * @param startOffset    starting sector x 512
 * @param specsOnly      the file has access specifications and nothing else (Iometer's saved spec
 *                       list): the rc file's PROCS and OUTSTANDING_IOS run them, as with a spec file
 */
public record IcfConfig(String version, String description, List<AccessSpec> specs, List<Integer> queueDepths,
        List<Active> active, int rampUpSeconds, int runSeconds, long regionBytes, long startOffset,
        boolean specsOnly) {
    public IcfConfig {
        specs = List.copyOf(specs);
        queueDepths = List.copyOf(queueDepths);
        active = List.copyOf(active);
    }
}
