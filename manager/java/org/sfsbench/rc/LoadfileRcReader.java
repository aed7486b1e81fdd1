package org.sfsbench.rc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.sfsbench.InputFiles;
import org.sfsbench.engine.Engine;
import org.sfsbench.engine.EngineCatalog;
import org.sfsbench.loadfile.LoadfileCopy;

/** The variables of WORKLOAD=loadfile (docs/loadfile.md), and their refusal with the other workloads. */
final class LoadfileRcReader {
    private LoadfileRcReader() {
    }

    static void read(RcReader r, RunConfig.Values v) throws RcException {
        if (!v.workload.equals("loadfile")) {
            for (String name : RcVariables.LOADFILE_ONLY) {
                if (r.isSet(name)) {
                    throw r.error(name, "applies only to WORKLOAD=loadfile", "WORKLOAD=loadfile with LOADFILE");
                }
            }
            return;
        }
        String text = r.required("LOADFILE", "the dbench loadfile to replay, e.g. /usr/share/dbench/client.txt");
        Path file = r.resolve(text, List.of(v.workDir, r.rcDir()));
        String notFile = InputFiles.problem(file);
        if (notFile != null) {
            throw r.error("LOADFILE", file + " " + notFile, "a dbench loadfile, absolute or relative to WORK_DIR"
                    + " or the rc file's folder");
        }
        byte[] bytes = readBytes(r, file);
        Engine.LoadfileCheck check = Engine.checkLoadfile(file.toString(), bytes);
        if (check.ops() < 0) {
            throw r.error("LOADFILE", check.report(), "a dbench loadfile: client.txt or the timestamped NFS/SMB"
                    + " format (docs/loadfile.md)");
        }
        String timing = r.string("LOADFILE_TIMING", "asap").toLowerCase(Locale.ROOT);
        if (!timing.equals("asap") && !timing.equals("timestamps")) {
            throw r.error("LOADFILE_TIMING", "unknown timing", "asap (as fast as possible) or timestamps");
        }
        if (timing.equals("timestamps") && !check.report().contains(", timestamped")) {
            throw r.error("LOADFILE_TIMING", "the loadfile has no timestamps (" + check.report() + ")",
                    "asap, or a timestamped loadfile");
        }
        double mbps = 0;
        String rate = r.value("TARGET_RATE_MBPS");
        if (rate != null) {
            try {
                mbps = Double.parseDouble(rate);
            } catch (NumberFormatException e) {
                mbps = Double.NaN;
            }
            if (!(mbps > 0 && mbps <= 1e7)) {
                throw r.error("TARGET_RATE_MBPS", "not a positive number", "MB/s (10^6 bytes) of all clients"
                        + " together, greater than 0");
            }
            if (timing.equals("timestamps")) {
                throw r.error("TARGET_RATE_MBPS", "and LOADFILE_TIMING=timestamps both pace the replay",
                        "one of the two");
            }
        }
        double speed = speed(r, timing.equals("timestamps"));
        v.loadfile = new LoadfileSettings(file, LoadfileCopy.of(file.getFileName().toString(), bytes), check.report(),
                v.loads, timing.equals("timestamps"), speed, mbps);
    }

    /** LOADFILE's bytes, read once: the engine checks them and the run ships them to the agents. */
    private static byte[] readBytes(RcReader r, Path file) throws RcException {
        String hint = "a dbench loadfile of at most " + LoadfileCopy.MAX_BYTES + " bytes (client.txt has about 26 MB),"
                + " which the run sends to every client";
        try {
            long size = Files.size(file);
            if (size > LoadfileCopy.MAX_BYTES) {
                throw r.error("LOADFILE", file + ": " + size + " bytes, more than a run ships to its clients", hint);
            }
            byte[] text;
            try (var in = Files.newInputStream(file)) {
                text = in.readNBytes((int) LoadfileCopy.MAX_BYTES + 1);
            }
            if (text.length > LoadfileCopy.MAX_BYTES) {
                throw r.error("LOADFILE", file + ": grew beyond " + LoadfileCopy.MAX_BYTES + " bytes while read", hint);
            }
            return text;
        } catch (IOException e) {
            throw r.error("LOADFILE", file + ": cannot read: " + e.getMessage(), "a readable dbench loadfile");
        }
    }

    /** LOADFILE_SPEED: the timestamps divided by it, in the engine's range of loadfile_speed. */
    private static double speed(RcReader r, boolean timestamps) throws RcException {
        String text = r.value("LOADFILE_SPEED");
        if (text == null) {
            return 1;
        }
        EngineCatalog.Key k = EngineCatalog.get().key("loadfile_speed");
        double speed;
        try {
            speed = Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            speed = Double.NaN;
        }
        if (!(speed >= k.min() && speed <= k.max())) {
            throw r.error("LOADFILE_SPEED", "not a number from " + plain(k.min()) + " to " + plain(k.max()),
                    "the factor the loadfile's timestamps are divided by: 2 replays twice as fast, 0.5 half as fast");
        }
        if (!timestamps) {
            throw r.error("LOADFILE_SPEED", "it scales the loadfile's timestamps, which LOADFILE_TIMING=asap does not"
                    + " follow (every line is sent when the one before it completes)",
                    "LOADFILE_TIMING=timestamps with a timestamped loadfile, or no LOADFILE_SPEED");
        }
        return speed;
    }

    private static String plain(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}
