package org.sfsbench.link;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

import org.sfsbench.engine.Phase;

/**
 * Both ends of the loopback socket between an agent and a worker process speak through this
 * class: it writes each {@link Frame} as a tag and its fields, and reads them back, so the two
 * sides cannot disagree on the encoding. The socket, not stdio, carries frames because native
 * libraries may write to stdout/stderr (that goes to the client log).
 */
public final class WorkerLink {
    /** Environment variable carrying the connection token (never on the command line). */
    public static final String TOKEN_ENV = "SFS_WORKER_TOKEN";

    private static final int MAX_STRING = 1 << 24;

    private static final int HELLO = 1;
    private static final int OPEN = 2;
    private static final int START = 3;
    private static final int STATUS_QUERY = 4;
    private static final int STOP = 5;
    private static final int VALIDATE = 6;
    private static final int CLOSE = 7;
    private static final int STEP = 8;
    private static final int OK = 100;
    private static final int ERR = 101;
    private static final int STATUS_REPORT = 102;
    private static final int VALIDATION_REPORT = 103;

    private final DataInputStream in;
    private final DataOutputStream out;

    public WorkerLink(InputStream in, OutputStream out) {
        this.in = new DataInputStream(new BufferedInputStream(in));
        this.out = new DataOutputStream(new BufferedOutputStream(out));
    }

    /** Writes and flushes one frame. */
    public void send(Frame f) throws IOException {
        write(f, out);
        out.flush();
    }

    /** Reads the next frame; EOFException when the other end closed the socket. */
    public Frame receive() throws IOException {
        return read(in);
    }

    /** Sends a request and reads its reply. */
    public Frame call(Frame request) throws IOException {
        send(request);
        return receive();
    }

    static void write(Frame f, DataOutput out) throws IOException {
        if (f instanceof Frame.Hello h) {
            out.writeInt(HELLO);
            writeString(out, h.token());
            out.writeLong(h.pid());
        } else if (f instanceof Frame.Open o) {
            out.writeInt(OPEN);
            writeString(out, o.config());
        } else if (f instanceof Frame.Start s) {
            out.writeInt(START);
            out.writeInt(s.phase().id());
            out.writeDouble(s.seconds());
            out.writeLong(s.atEpochMs());
        } else if (f instanceof Frame.StatusQuery) {
            out.writeInt(STATUS_QUERY);
        } else if (f instanceof Frame.Stop) {
            out.writeInt(STOP);
        } else if (f instanceof Frame.Validate v) {
            out.writeInt(VALIDATE);
            writeString(out, v.config());
        } else if (f instanceof Frame.Step s) {
            out.writeInt(STEP);
            writeString(out, s.changes());
        } else if (f instanceof Frame.Close) {
            out.writeInt(CLOSE);
        } else if (f instanceof Frame.Ok) {
            out.writeInt(OK);
        } else if (f instanceof Frame.Err e) {
            out.writeInt(ERR);
            writeString(out, e.message());
        } else if (f instanceof Frame.StatusReport r) {
            out.writeInt(STATUS_REPORT);
            out.writeInt(r.phase().id());
            out.writeInt(r.state().ordinal());
            writeString(out, r.error());
            r.sample().write(out);
            out.writeLong(r.phaseStartEpochUs());
        } else if (f instanceof Frame.ValidationReport v) {
            out.writeInt(VALIDATION_REPORT);
            out.writeInt(v.failures());
            writeString(out, v.report());
        } else {
            throw new IllegalArgumentException("no encoding for " + f);
        }
    }

    static Frame read(DataInput in) throws IOException {
        int tag = in.readInt();
        return switch (tag) {
            case HELLO -> new Frame.Hello(readString(in), in.readLong());
            case OPEN -> new Frame.Open(readString(in));
            case START -> new Frame.Start(phase(in.readInt()), in.readDouble(), in.readLong());
            case STATUS_QUERY -> new Frame.StatusQuery();
            case STOP -> new Frame.Stop();
            case VALIDATE -> new Frame.Validate(readString(in));
            case CLOSE -> new Frame.Close();
            case STEP -> new Frame.Step(readString(in));
            case OK -> new Frame.Ok();
            case ERR -> new Frame.Err(readString(in));
            case STATUS_REPORT -> new Frame.StatusReport(phase(in.readInt()), state(in.readInt()), readString(in),
                    SparseWords.read(in), in.readLong());
            case VALIDATION_REPORT -> new Frame.ValidationReport(in.readInt(), readString(in));
            default -> throw new IOException("corrupt worker frame: unknown tag " + tag);
        };
    }

    private static Phase phase(int id) throws IOException {
        try {
            return Phase.ofId(id);
        } catch (IllegalArgumentException e) {
            throw new IOException("corrupt worker frame: " + e.getMessage());
        }
    }

    private static WorkerState state(int ordinal) throws IOException {
        WorkerState[] all = WorkerState.values();
        if (ordinal < 0 || ordinal >= all.length) {
            throw new IOException("corrupt worker frame: worker state " + ordinal);
        }
        return all[ordinal];
    }

    private static void writeString(DataOutput out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String readString(DataInput in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_STRING) {
            throw new IOException("corrupt worker frame: string of " + n + " bytes");
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }
}
