package org.sfsbench.manager;

import java.util.ArrayList;
import java.util.List;

import org.sfsbench.rc.RunConfig;
import org.sfsbench.results.RunSettings;

/** The rc values the run-rule check needs. */
final class RcRunSettings implements RunSettings {
    private final RunConfig rc;

    RcRunSettings(RunConfig rc) {
        this.rc = rc;
    }

    @Override
    public int runtimeSeconds() {
        return rc.runtime();
    }

    @Override
    public int warmupSeconds() {
        return rc.warmupTime();
    }

    @Override
    public boolean debug() {
        return !rc.debugFlags().isEmpty();
    }

    @Override
    public double filesetScale() {
        return rc.filesetScale();
    }

    @Override
    public int procsTotal() {
        return rc.totalProcs();
    }

    @Override
    public int biodMaxReads() {
        return rc.biodMaxReads();
    }

    @Override
    public int biodMaxWrites() {
        return rc.biodMaxWrites();
    }

    @Override
    public boolean customMix() {
        return rc.mix() != null && !rc.mix().isEmpty();
    }

    @Override
    public List<String> extensions() {
        List<String> out = new ArrayList<>();
        if (rc.fsProtocol().nonDisclosableReason() != null) {
            out.add("FS_PROTOCOL=" + rc.fsProtocol().rcName());
        }
        return out;
    }
}
