package org.sfsbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.sfsbench.capture.CaptureConversion;
import org.sfsbench.capture.CaptureException;
import org.sfsbench.capture.TsharkStream;
import org.sfsbench.engine.EngineFacts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sfs capture FILE}: a packet capture -> a loadfile per client and the traffic's profile. */
@Command(name = "capture",
        mixinStandardHelpOptions = true,
        description = {
            "Turn an NFSv3 or SMB2/3 packet capture into loadfiles and a profile.",
            "",
            "Reads a pcap or pcapng file (tshark decodes it) and writes a timestamped",
            "loadfile per client (WORKLOAD=loadfile replays it) and a profile of the",
            "traffic: text, JSON, and an rc fragment with a MIXFILE for a synthetic load",
            "of the same shape at any rate. See docs/loadfile.md, \"From a capture\"."
        },
        footer = {"", "Examples:", "  sfs capture -d replay/ prod.pcapng",
            "  sfs capture --anonymize --decode-as tcp.port==20490,rpc -d out/ nfs.pcap"})
public final class CaptureCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "CAPTURE", description = "pcap or pcapng file")
    Path capture;

    @Option(names = {"-d", "--dir"}, paramLabel = "DIR",
            description = "folder for the loadfiles and the profile (created if missing)")
    Path outDir;

    @Option(names = "--anonymize",
            description = "replace every file name and client address by a stable hash (off by default)")
    boolean anonymize;

    @Option(names = "--decode-as", paramLabel = "RULE",
            description = "tshark's -d rule for a server on a port it does not know, e.g. tcp.port==44445,nbss"
                    + " (SMB) or tcp.port==20490,rpc (NFS); repeatable")
    List<String> decodeAs = new ArrayList<>();

    @Option(names = {"-q", "--quiet"}, description = "no progress lines")
    boolean quiet;

    @Option(names = "--show-tshark",
            description = "print the tshark command the conversion runs, one argument a line, and stop")
    boolean showTshark;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (showTshark) {
            TsharkStream.fullCommand(capture, decodeAs).forEach(out::println);
            out.flush();
            return ExitCodes.OK;
        }
        if (outDir == null) {
            err.println("sfs capture: -d DIR is required: the folder for the loadfiles and the profile");
            err.flush();
            return ExitCodes.USAGE;
        }
        CaptureConversion.Request req = new CaptureConversion.Request(capture, outDir, anonymize, decodeAs,
                EngineFacts.get("SFS_XFER_MAX"));
        try {
            CaptureConversion.Result r = new CaptureConversion(req, quiet ? null : err).run();
            out.print(r.summary());
            for (Path f : r.files()) {
                out.println("wrote " + f);
            }
            out.flush();
            return ExitCodes.OK;
        } catch (CaptureException | IOException e) {
            out.flush();
            err.println("sfs capture: " + e.getMessage());
            err.flush();
            return ExitCodes.FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("sfs capture: interrupted; nothing written");
            err.flush();
            return ExitCodes.FAILED;
        }
    }
}
