package org.sfsbench.results;

import org.sfsbench.results.model.LoadPointResult;

/**
 * One row of an sfssum file (guide 4.4), column by column.
 *
 * @param requested 1: aggregate requested load, ops/s
 * @param achieved 2: achieved throughput, ops/s (whole number)
 * @param msecPerOp 3: average response time, ms (one decimal)
 * @param totalOps 4: logical ops completed
 * @param seconds 5: test time, s
 * @param protocol 6: NFS3, CIFS (POSIX: sfsbench extension)
 * @param network 7: T for TCP
 * @param ipVersion 8: 4 (6 possible with sfsbench)
 * @param filesetKb 9: file set size created, KB
 * @param loadGenerators 10: number of clients
 * @param procsPerGenerator 11: procs per client
 * @param biodWrites 12: BIOD_MAX_WRITES
 * @param biodReads 13: BIOD_MAX_READS
 * @param release 14: release field ("2008")
 */
public record SfssumRow(long requested, long achieved, double msecPerOp, long totalOps, long seconds, String protocol,
        String network, int ipVersion, long filesetKb, int loadGenerators, int procsPerGenerator, int biodWrites,
        int biodReads, String release) {

    /** Number of whitespace-separated fields in a row. */
    public static final int FIELDS = 14;

    /**
     * The row of a load point: achieved and seconds rounded to whole numbers (half up), msec/op
     * to one decimal when formatted.
     */
    public static SfssumRow of(LoadPointResult p) {
        return new SfssumRow(p.requestedOpsPerSec(), Math.round(p.achievedOpsPerSec()), p.msecPerOp(),
                p.totalOps(), Math.round(p.seconds()), p.protocol(), p.networkProtocol(),
                p.ipVersion(), p.filesetKb(), p.loadGenerators(), p.procsPerGenerator(),
                p.biodWrites(), p.biodReads(), p.release());
    }

    /** A load point result holding this row's figures (no per-op detail), e.g. for Metrics. */
    public LoadPointResult toLoadPoint(int index) {
        LoadPointResult.Builder p = LoadPointResult.builder();
        p.index = index;
        p.requestedOpsPerSec = requested;
        p.achievedOpsPerSec = achieved;
        p.msecPerOp = msecPerOp;
        p.totalOps = totalOps;
        p.seconds = seconds;
        p.protocol = protocol;
        p.networkProtocol = network;
        p.ipVersion = ipVersion;
        p.filesetKb = filesetKb;
        p.loadGenerators = loadGenerators;
        p.procsPerGenerator = procsPerGenerator;
        p.biodWrites = biodWrites;
        p.biodReads = biodReads;
        p.release = release;
        return p.build();
    }
}
