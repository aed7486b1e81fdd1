package org.sfsbench.rc;

import java.util.Locale;

import org.sfsbench.access.AccessLine;
import org.sfsbench.access.AccessTest;
import org.sfsbench.slo.Slo;
import org.sfsbench.slo.SloParser;
import org.sfsbench.slo.SloSyntaxException;

/** Reads SLO, SLO_PRECISION and SLO_CONFIRM (docs/slo.md); null when SLO is unset. */
final class SloRcReader {
    private SloRcReader() {
    }

    static Slo read(RcReader r, RunConfig.Values v, boolean loadMax, boolean curve) throws RcException {
        if (!r.isSet("SLO")) {
            for (String name : new String[] {"SLO_PRECISION", "SLO_CONFIRM"}) {
                if (r.isSet(name)) {
                    throw r.error(name, "tunes the SLO search, but SLO is not set", "together with SLO, e.g. SLO=\"p99 <= 5 ms\"");
                }
            }
            return null;
        }
        if (v.workload.equals("loadfile")) {
            throw r.error("SLO", "WORKLOAD=loadfile cannot be searched: a loadfile replays its own timing, it is not"
                    + " paced", "an SLO with the SFS mixes, MIXFILE, randread, seqread, seqwrite or access");
        }
        if (v.access != null) {
            refuseAccess(r, v.access);
        } else if (!loadMax) {
            throw r.error("SLO", "searches paced loads below the unpaced top speed, which LOAD=max measures first",
                    "LOAD=max (with WORKING_SET)");
        }
        if (curve) {
            throw r.error("CURVE_PCTS", "is replaced by the SLO search's probes", "unset with SLO");
        }
        if (r.integer("TRIALS", 1, 1, 100) > 1) {
            throw r.error("TRIALS", "with SLO: the search repeats its best rate itself (SLO_CONFIRM)", "unset with SLO");
        }
        Slo parsed;
        try {
            parsed = new Slo(SloParser.parse(r.value("SLO")), precision(r), r.integer("SLO_CONFIRM",
                    Slo.CONFIRM_DEFAULT, 0, 10));
        } catch (SloSyntaxException e) {
            throw r.error("SLO", e.getMessage(), SloParser.FORM);
        }
        return parsed;
    }

    /**
     * An access test is searched as one step (its unpaced top speed, then paced probes of it): one spec,
     * one OUTSTANDING_IOS (the most each worker keeps in flight while paced), one worker count, and no
     * delays (a paced worker's rate sets when each transfer starts, the engine refuses a delay with it).
     */
    private static void refuseAccess(RcReader r, AccessTest a) throws RcException {
        if (a.steps().size() > 1) {
            throw r.error("SLO", "searches one access step, and this test has " + a.steps().size() + " ("
                    + a.specs().size() + " spec(s) x " + a.active().size() + " worker count(s) x "
                    + a.outstandingIos().size() + " OUTSTANDING_IOS)", "one spec, one OUTSTANDING_IOS and one worker"
                    + " count; a test per spec for several");
        }
        for (AccessLine l : a.specs().get(0).lines()) {
            if (l.pct() > 0 && l.delayMs() > 0) {
                throw r.error("SLO", "spec '" + a.specs().get(0).name() + "' waits " + l.delayMs() + " ms before each"
                        + " burst, and a paced worker's rate sets when each transfer starts", "a spec with delay 0");
            }
        }
    }

    /** SLO_PRECISION: percent of the top speed, "2", "2%" or "2 %". */
    private static double precision(RcReader r) throws RcException {
        String t = r.value("SLO_PRECISION");
        if (t == null) {
            return Slo.PRECISION_DEFAULT;
        }
        String allowed = "a percentage of the top speed from 0.1 to 50, e.g. 2 or \"2 %\"";
        String n = t.trim().toLowerCase(Locale.ROOT).replaceAll("\\s*%$", "");
        double d;
        try {
            d = Double.parseDouble(n);
        } catch (NumberFormatException e) {
            throw r.error("SLO_PRECISION", "'" + t + "' is not a percentage", allowed);
        }
        if (!(d >= 0.1 && d <= 50)) {
            throw r.error("SLO_PRECISION", t + " is out of range", allowed);
        }
        return d;
    }
}
