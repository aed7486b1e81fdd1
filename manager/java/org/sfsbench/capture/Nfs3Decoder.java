package org.sfsbench.capture;

import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * NFSv3 calls and replies -> ops: a call waits for its reply (matched by connection and XID),
 * the reply gives the status and teaches the handle paths. Lines follow docs/loadfile.md
 * "Formats" (the timestamped NFSv3 names).
 */
public final class Nfs3Decoder {
    /** RFC 1813 procedure names, by number. */
    static final String[] PROC = {"NULL", "GETATTR", "SETATTR", "LOOKUP", "ACCESS", "READLINK", "READ", "WRITE",
        "CREATE", "MKDIR", "SYMLINK", "MKNOD", "REMOVE", "RMDIR", "RENAME", "LINK", "READDIR", "READDIRPLUS",
        "FSSTAT", "FSINFO", "PATHCONF", "COMMIT"};

    private final HandlePaths paths = new HandlePaths();
    private final Names names;
    private final long transferMax;
    private final CallOrder<Nfs3Message> order;
    private long repliesWithoutCall;
    private long unsure;

    /** @param transferMax the engine's largest transfer (a longer READ/WRITE is not replayable) */
    public Nfs3Decoder(Names names, long transferMax, OpSink sink) {
        this.names = names;
        this.transferMax = transferMax;
        this.order = new CallOrder<>(c -> op(c, null), sink);
    }

    public void accept(Nfs3Message m) throws IOException {
        String key = m.stream() + "/" + m.xid();
        if (m.call()) {
            rootHint(m);
            if (order.call(m.client(), key, m, m.time()) && !m.sure()) {
                unsure++;
            }
            return;
        }
        Nfs3Message c = order.callOf(key);
        if (c == null) {
            repliesWithoutCall++;
            return;
        }
        CapturedOp op = op(c, m);
        learn(c, m);
        order.answer(key, op, c.client());
    }

    public void finish() throws IOException {
        order.finish();
    }

    /** FSINFO: a client asks it of the root as it mounts. */
    private void rootHint(Nfs3Message c) {
        if (c.proc() == 19 && !c.handles().isEmpty()) {
            paths.sawRoot(c.handles().get(0));
        }
    }

    private void learn(Nfs3Message c, Nfs3Message r) {
        if (r.status() != 0 || c.handles().isEmpty()) {
            return;
        }
        int p = c.proc();
        String dir = c.handles().get(0);
        if ((p == 3 || (p >= 8 && p <= 11)) && !r.handles().isEmpty() && !c.names().isEmpty()) {
            paths.learn(dir, c.names().get(0), r.handles().get(r.handles().size() - 1));
        } else if (p == 17 && r.handles().size() == r.entries().size()) {
            for (int i = 0; i < r.entries().size(); i++) {
                paths.learn(dir, r.entries().get(i), r.handles().get(i));
            }
        } else if (p == 14 && c.handles().size() == 2 && c.names().size() == 2) {
            paths.rename(dir, c.names().get(0), c.handles().get(1), c.names().get(1));
        }
    }

    /** The op of call {@code c} with reply {@code r} (null: none came). */
    private CapturedOp op(Nfs3Message c, Nfs3Message r) {
        int p = c.proc();
        String status = r == null ? "*" : String.format(Locale.ROOT, "0x%08x", r.status());
        List<String> hs = c.handles();
        String mix = PROC[p].toLowerCase(Locale.ROOT);
        if (!c.sure() || hs.size() < (p == 14 || p == 15 ? 2 : p == 0 ? 0 : 1)) {
            return notReplayable(c, mix, "its handles share a frame with other RPCs that tshark prints together");
        }
        String path = hs.isEmpty() ? "" : paths.path(hs.get(0));
        String named = c.names().isEmpty() ? path : paths.path(hs.get(0), c.names().get(0));
        switch (p) {
        case 0:
            return notReplayable(c, mix, "NULL is no file-system operation");
        case 11:
            return notReplayable(c, mix, "the loadfile format has no MKNOD3");
        case 16:
            return notReplayable(c, mix, "the loadfile format has READDIRPLUS3, not READDIR3");
        default:
            break;
        }
        String body;
        long offset = -1;
        long length = -1;
        switch (p) {
        case 3, 8, 9, 12, 13 -> {
            body = PROC[p] + "3 " + quote(named);
            path = named;
        }
        case 4 -> body = "ACCESS3 " + quote(path) + " 0 0";
        case 6, 7 -> {
            offset = c.offset();
            length = c.count();
            if (length > transferMax) {
                return notReplayable(c, mix, "its length " + length + " is larger than the engine's " + transferMax
                        + " byte transfers");
            }
            body = PROC[p] + "3 " + quote(path) + " " + offset + " " + length + (p == 7 ? " " + c.stable() : "");
            if (p == 7 && c.stable() == 0) {
                mix = "wrcache";
            }
        }
        case 10 -> {
            body = "SYMLINK3 " + quote(named) + " " + quote(linkTarget(path, c.linkText()));
            path = named;
        }
        case 14 -> {
            String to = paths.path(hs.get(1), c.names().get(1));
            body = "RENAME3 " + quote(named) + " " + quote(to);
            path = named;
        }
        case 15 -> {
            String link = paths.path(hs.get(1), c.names().get(0));
            body = "LINK3 " + quote(link) + " " + quote(path);
        }
        case 18, 19 -> body = PROC[p] + "3";
        default -> body = PROC[p] + "3 " + quote(path);
        }
        return new CapturedOp(c.time(), c.client(), mix, body + " " + status, null, path, offset, length);
    }

    private CapturedOp notReplayable(Nfs3Message c, String mix, String why) {
        return new CapturedOp(c.time(), c.client(), mix, null, PROC[c.proc()] + ": " + why, "", -1, -1);
    }

    /** A symlink's target named from the root, as the replay wants it: a relative target is
     *  taken from the link's folder. */
    private String linkTarget(String dir, String text) {
        String t = text.startsWith("/") ? text : dir + "/" + text;
        StringBuilder b = new StringBuilder();
        for (String part : t.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                int cut = b.lastIndexOf("/");
                b.setLength(Math.max(cut, 0));
            } else {
                b.append('/').append(part);
            }
        }
        return b.toString();
    }

    private String quote(String path) {
        return '"' + names.path(path.isEmpty() ? "/" : path) + '"';
    }

    public long repliesWithoutCall() {
        return repliesWithoutCall;
    }

    /** Calls sent again (the same XID) while waiting for their reply. */
    public long resent() {
        return order.resent();
    }

    public long callsWithoutReply() {
        return order.withoutReply();
    }

    /** Calls whose fields could not be told apart from another RPC's of the same frame. */
    public long unsure() {
        return unsure;
    }

    public HandlePaths paths() {
        return paths;
    }
}
