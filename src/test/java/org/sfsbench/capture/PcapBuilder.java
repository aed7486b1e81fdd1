package org.sfsbench.capture;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A classic pcap of IPv4 packets between a client (10.0.0.1) and a server (10.0.0.2), for the
 * inputs no loopback server makes (NFSv4, RPC over UDP, encrypted SMB3): each payload in one
 * TCP segment (sequence numbers kept per direction) or one UDP datagram. Checksums are left 0
 * (tshark does not check them by default).
 */
final class PcapBuilder {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final int clientPort;
    private final int serverPort;
    private final boolean udp;
    private long clientSeq = 1000;
    private long serverSeq = 9000;
    private int micros;

    PcapBuilder(int clientPort, int serverPort, boolean udp) {
        this.clientPort = clientPort;
        this.serverPort = serverPort;
        this.udp = udp;
        ByteBuffer h = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        h.putInt(0xa1b2c3d4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(65535).putInt(1);
        out.writeBytes(h.array());
    }

    /** One packet from the client ({@code toServer}) or from the server. */
    PcapBuilder packet(boolean toServer, byte[] payload) {
        int l4 = udp ? 8 : 20;
        ByteBuffer p = ByteBuffer.allocate(14 + 20 + l4 + payload.length);
        p.put(new byte[12]).putShort((short) 0x0800);
        p.put((byte) 0x45).put((byte) 0).putShort((short) (20 + l4 + payload.length)).putShort((short) 1)
                .putShort((short) 0x4000).put((byte) 64).put((byte) (udp ? 17 : 6)).putShort((short) 0);
        p.put(new byte[] {10, 0, 0, (byte) (toServer ? 1 : 2)}).put(new byte[] {10, 0, 0, (byte) (toServer ? 2 : 1)});
        int src = toServer ? clientPort : serverPort;
        int dst = toServer ? serverPort : clientPort;
        if (udp) {
            p.putShort((short) src).putShort((short) dst).putShort((short) (8 + payload.length)).putShort((short) 0);
        } else {
            long seq = toServer ? clientSeq : serverSeq;
            long ack = toServer ? serverSeq : clientSeq;
            p.putShort((short) src).putShort((short) dst).putInt((int) seq).putInt((int) ack)
                    .putShort((short) 0x5018).putShort((short) 65535).putShort((short) 0).putShort((short) 0);
            if (toServer) {
                clientSeq += payload.length;
            } else {
                serverSeq += payload.length;
            }
        }
        p.put(payload);
        ByteBuffer rec = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        micros += 100;
        rec.putInt(1_700_000_000).putInt(micros).putInt(p.capacity()).putInt(p.capacity());
        out.writeBytes(rec.array());
        out.writeBytes(p.array());
        return this;
    }

    void write(Path file) throws IOException {
        Files.write(file, out.toByteArray());
    }

    /** XDR words and opaque bytes, big-endian. */
    static final class Xdr {
        private final ByteArrayOutputStream b = new ByteArrayOutputStream();

        Xdr word(long v) {
            b.writeBytes(ByteBuffer.allocate(4).putInt((int) v).array());
            return this;
        }

        Xdr words(long... vs) {
            for (long v : vs) {
                word(v);
            }
            return this;
        }

        Xdr opaque(byte[] data) {
            word(data.length);
            b.writeBytes(data);
            b.writeBytes(new byte[(4 - data.length % 4) % 4]);
            return this;
        }

        Xdr bytes(byte[] data) {
            b.writeBytes(data);
            return this;
        }

        byte[] get() {
            return b.toByteArray();
        }

        /** With the TCP record mark of one last fragment in front. */
        byte[] record() {
            byte[] body = get();
            return new Xdr().word(0x80000000L | body.length).bytes(body).get();
        }
    }

    /** An RPC call header with AUTH_NONE. */
    static Xdr rpcCall(long xid, int program, int version, int proc) {
        return new Xdr().words(xid, 0, 2, program, version, proc, 0, 0, 0, 0);
    }

    /** An accepted RPC reply header. */
    static Xdr rpcReply(long xid) {
        return new Xdr().words(xid, 1, 0, 0, 0, 0);
    }
}
