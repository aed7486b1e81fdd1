package org.sfsbench.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.Charset;

import org.sfsbench.report.text.Reflow;

/**
 * Console output on a terminal: a line wider than the terminal is broken between words, its
 * continuation indented, where the terminal itself would break it inside a word. Only used when
 * there is a terminal; files and pipes get every message on one line, as written.
 */
final class ReflowingStream extends OutputStream {
    private final OutputStream out;
    private final int width;
    private final Charset charset;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    ReflowingStream(OutputStream out, int width, Charset charset) {
        this.out = out;
        this.width = width;
        this.charset = charset;
    }

    @Override
    public synchronized void write(int b) throws IOException {
        if (b == '\n') {
            String text = line.toString(charset);
            line.reset();
            out.write(Reflow.wrapLine(text, width).getBytes(charset));
            out.write('\n');
        } else {
            line.write(b);
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        for (int i = off; i < off + len; i++) {
            write(b[i]);
        }
    }

    /**
     * A partial line waits for its end: writers flush between a line's text and its newline, and
     * the line can only be broken once it is whole.
     */
    @Override
    public synchronized void flush() throws IOException {
        out.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        if (line.size() > 0) {
            line.writeTo(out);
            line.reset();
        }
        out.close();
    }
}
