package org.sfsbench.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Moves a classic pcap's TCP port (Ethernet, IPv4, as dumpcap writes lo) to another. tshark
 * frames SMB2 over TCP by its 24-bit direct-hosting length only on port 445; a test smbd on
 * another port is made to look as if on 445 (checksums are not checked by tshark).
 */
final class PcapPorts {
    private PcapPorts() {
    }

    static void rewrite(Path pcap, int from, int to) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(pcap));
        int magic = b.order(ByteOrder.LITTLE_ENDIAN).getInt(0);
        if (magic != 0xa1b2c3d4 && magic != 0xa1b23c4d) {
            throw new IOException(pcap + ": not a little-endian classic pcap");
        }
        if (b.getInt(20) != 1) {
            throw new IOException(pcap + ": not Ethernet frames");
        }
        int at = 24;
        while (at + 16 <= b.limit()) {
            int caplen = b.order(ByteOrder.LITTLE_ENDIAN).getInt(at + 8);
            int frame = at + 16;
            b.order(ByteOrder.BIG_ENDIAN);
            if (caplen >= 14 + 20 + 4 && (b.getShort(frame + 12) & 0xffff) == 0x0800 && b.get(frame + 14 + 9) == 6) {
                int tcp = frame + 14 + (b.get(frame + 14) & 0xf) * 4;
                for (int p = tcp; p <= tcp + 2; p += 2) {
                    if ((b.getShort(p) & 0xffff) == from) {
                        b.putShort(p, (short) to);
                    }
                }
            }
            at = frame + caplen;
        }
        Files.write(pcap, b.array());
    }
}
