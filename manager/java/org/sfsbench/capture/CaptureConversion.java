package org.sfsbench.capture;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.sfsbench.InputFiles;
import org.sfsbench.results.ResultFiles;

/**
 * {@code sfs capture}: a pcap/pcapng of NFSv3 or SMB2/3 traffic -> a timestamped loadfile per
 * client and the profile of the traffic (text, JSON, an rc fragment and its MIXFILE). Every
 * output is written whole, and only when the conversion succeeded.
 */
public final class CaptureConversion {
    /** Progress is printed at most this often (seconds of wall time). */
    static final double PROGRESS_S = 2;

    /** What the conversion is told. */
    public record Request(Path capture, Path outDir, boolean anonymize, List<String> decodeAs, long transferMax) {
    }

    /** What it made. */
    public record Result(String summary, List<Path> files) {
    }

    private final Request req;
    private final PrintWriter progress;
    private final Names names;
    private final TrafficProfile profile = new TrafficProfile();
    private long frames;
    private long udpFrames;
    private long nfsMessages;
    private long smbMessages;

    public CaptureConversion(Request req, PrintWriter progress) {
        this.req = req;
        this.progress = progress;
        this.names = new Names(req.anonymize());
    }

    public Result run() throws IOException, CaptureException, InterruptedException {
        String problem = InputFiles.problem(req.capture());
        if (problem != null) {
            throw new CaptureException(req.capture() + ": " + problem);
        }
        String base = baseName(req.capture());
        String header = "# sfs capture of " + req.capture().getFileName() + "; names "
                + (req.anonymize() ? "anonymized (stable hashes)" : "as captured") + "\n";
        long began = System.nanoTime();   // with tshark's start: bench/capture compares with tshark alone
        // tshark -v takes as long as a small conversion: asked beside it
        CompletableFuture<String> version = CompletableFuture.supplyAsync(TsharkVersion::get);
        try (ClientLoadfiles loadfiles = new ClientLoadfiles(req.outDir(), header, names);
                TsharkStream tshark = new TsharkStream(req.capture(), req.decodeAs())) {
            OpSink sink = op -> {
                CapturedOp o = req.anonymize() ? anonymous(op) : op;
                profile.accept(o);
                if (o.replayable()) {
                    loadfiles.write(o);
                }
            };
            Nfs3Decoder nfs = new Nfs3Decoder(names, req.transferMax(), sink);
            Smb2Decoder smb = new Smb2Decoder(names, req.transferMax(), sink);
            long shown = began;
            List<Integer> versions = new ArrayList<>();
            for (FrameRow r = tshark.next(); r != null; r = tshark.next()) {
                if (frames++ == 0) {
                    loadfiles.start(r.time());
                }
                if (!r.first(CaptureField.UDP_STREAM).isEmpty()) {
                    udpFrames++;
                }
                if (!r.first(CaptureField.RPC_XID).isEmpty()) {
                    versions.clear();
                    List<Nfs3Message> ms = Nfs3Split.messages(r, versions);
                    for (int v : versions) {
                        if (v != 3) {
                            throw new CaptureException(req.capture() + ": frame " + r.frame() + " is NFS version " + v
                                    + " traffic: sfs capture converts NFSv3 (and SMB2/3) only");
                        }
                    }
                    for (Nfs3Message m : ms) {
                        nfsMessages++;
                        nfs.accept(m);
                    }
                }
                if (!r.first(CaptureField.SMB2_PROTOCOL_ID).isEmpty()) {
                    if (Smb2Decoder.encrypted(r)) {
                        throw new CaptureException(req.capture() + ": frame " + r.frame() + " is encrypted SMB3 (a"
                                + " transform header): without the session's keys neither tshark nor sfs capture can"
                                + " read its commands; capture with encryption off for the share");
                    }
                    smbMessages += smb.accept(r);
                }
                long now = System.nanoTime();
                if (progress != null && (now - shown) / 1e9 >= PROGRESS_S) {
                    shown = now;
                    progress.printf(Locale.ROOT, "sfs capture: %d frames, %d ops, %.0f frames/s%n", frames, profile.total,
                            frames / ((now - began) / 1e9));
                    progress.flush();
                }
            }
            nfs.finish();
            smb.finish();

            int exit = tshark.finish();
            String errors = tshark.errors();
            boolean truncated = errors.contains(TsharkStream.CUT_SHORT);
            if (exit != 0 && !truncated) {
                throw new CaptureException(req.capture() + ": tshark failed (exit " + exit + "): " + errors);
            }
            if (profile.total == 0) {
                throw new CaptureException(req.capture() + ": no NFSv3 or SMB2/3 traffic"
                        + (frames == 0 ? "" : " that sfs capture can convert (" + frames + " RPC/SMB2 frames, no"
                        + " operation among them)") + "; a server on a port tshark does not know needs --decode-as");
            }
            Map<String, Object> source = new LinkedHashMap<>();
            source.put("capture", req.capture().getFileName().toString());
            source.put("protocol", nfsMessages > 0 && smbMessages > 0 ? "NFSv3 and SMB2/3"
                    : nfsMessages > 0 ? "NFSv3" : "SMB2/3");
            source.put("decoder", "tshark (Wireshark " + version.join() + ")");
            source.put("anonymized", req.anonymize());
            source.put("truncated", truncated);
            ProfileReport report = new ProfileReport(profile, source);
            loadfiles.commit();
            List<Path> files = new ArrayList<>();
            for (String c : loadfiles.clients()) {
                files.add(loadfiles.path(c));
            }
            files.add(write(base + ".profile.txt", report.text()));
            files.add(write(base + ".profile.json", report.json()));
            String mix = report.mixFile(req.capture().getFileName().toString());
            if (mix != null) {
                files.add(write(base + ".mix", mix));
                files.add(write(base + ".rc", report.rcFragment(req.capture().getFileName().toString(), base + ".mix")));
            }
            double seconds = (System.nanoTime() - began) / 1e9;
            String summary = summary(loadfiles, nfs, smb, truncated, errors)
                    + String.format(Locale.ROOT, "  converted in %.3f s: %.0f frames/s%n", seconds, frames / seconds);
            return new Result(summary, files);
        }
    }

    private Path write(String name, String text) throws IOException {
        Path f = req.outDir().resolve(name);
        ResultFiles.write(f, text);
        return f;
    }

    private CapturedOp anonymous(CapturedOp op) {
        return new CapturedOp(op.time(), names.name(op.client()), op.mixOp(), op.body(), op.why(), op.path(),
                op.offset(), op.length());
    }

    private String summary(ClientLoadfiles loadfiles, Nfs3Decoder nfs, Smb2Decoder smb, boolean truncated,
            String errors) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "sfs capture: %s: %d frames, %d ops (%d replayable) of %d client%s; names %s%n",
                req.capture(), frames, profile.total, profile.total - profile.notReplayable.values().stream()
                        .mapToLong(Long::longValue).sum(), loadfiles.clients().size(),
                loadfiles.clients().size() == 1 ? "" : "s",
                req.anonymize() ? "anonymized (stable hashes)" : "as captured (--anonymize hashes them)"));
        if (truncated) {
            b.append("  the capture is truncated: converted up to the cut (tshark: ").append(errors.replace('\n', ' '))
                    .append(")\n");
        }
        for (String c : loadfiles.clients()) {
            b.append(String.format(Locale.ROOT, "  %s: %d lines%n", loadfiles.path(c),
                    loadfiles.lines(c)));
        }
        if (nfsMessages > 0) {
            b.append(String.format(Locale.ROOT, "  NFSv3: %d handles named, %d seen without their name (made-up paths"
                    + " under %s)%n", nfs.paths().namedCount(), nfs.paths().madeUpCount(), HandlePaths.UNNAMED));
            line(b, nfs.callsWithoutReply(), "calls without a reply (the capture ended or dropped it): status *");
            line(b, nfs.resent(), "calls sent again (the same XID) while waiting for their reply: one op each");
            line(b, nfs.repliesWithoutCall(), "replies whose call is not in the capture: skipped");
            line(b, nfs.unsure(), "calls sharing a frame with other RPCs in a way tshark's columns cannot split: not"
                    + " replayable");
        }
        if (smbMessages > 0) {
            b.append(smb.summary());
        }
        line(b, udpFrames, "frames of RPC over UDP: converted like TCP's (the replay runs over TCP)");
        profile.notReplayable.forEach((why, n) -> line(b, n, "not replayable, " + why));
        return b.toString();
    }

    private static void line(StringBuilder b, long n, String what) {
        if (n > 0) {
            b.append(String.format(Locale.ROOT, "  %d %s%n", n, what));
        }
    }

    /** The capture's name without .pcap/.pcapng/.cap (and a .gz after it). */
    static String baseName(Path capture) {
        String n = capture.getFileName().toString();
        return n.replaceFirst("\\.(pcapng|pcap|cap)(\\.gz)?$", "");
    }
}
