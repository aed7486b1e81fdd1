package org.sfsbench.rc;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.sfsbench.engine.Backend;
import org.sfsbench.engine.EngineCatalog;

/**
 * The rc variables of the client's transport: TCP, BIOD_MAX_*, BLOCK_SIZE, IPV6_ENABLE, DIRECT_IO, EVENT_LOOPS,
 * URING_SPIN_US.
 */
final class TransportRcReader {

    private TransportRcReader() {
    }

    static void readTransport(RcReader r, RunConfig.Values v) throws RcException {
        String tcp = r.value("TCP");
        if (tcp != null) {
            String t = tcp.toLowerCase(Locale.ROOT);
            if (t.equals("0") || t.equals("off")) {
                throw r.error("TCP", "UDP is not supported", "leave TCP unset, or 1 or on");
            }
            if (!t.equals("1") && !t.equals("on")) {
                throw r.error("TCP", "not a TCP setting", "leave TCP unset, or 1 or on");
            }
        }
        v.biodMaxReads = RcParser.engineInteger(r, "BIOD_MAX_READS");
        v.biodMaxWrites = RcParser.engineInteger(r, "BIOD_MAX_WRITES");
        v.blockSize = readBlockSize(r);
        v.uringSpinUs = RcParser.engineInteger(r, "URING_SPIN_US");
        Map<String, String> transferKeys = Map.of("BIOD_MAX_READS", "biod_reads", "BIOD_MAX_WRITES", "biod_writes",
                "BLOCK_SIZE", "block_size", "URING_SPIN_US", "uring_spin_us");
        for (String name : List.of("BIOD_MAX_READS", "BIOD_MAX_WRITES", "BLOCK_SIZE", "URING_SPIN_US")) {
            String key = transferKeys.get(name);
            if (r.isSet(name) && v.fsProtocol.info().option(key) == null) {
                v.warnings.add(name + " is used only with FS_PROTOCOL=" + RcParser.backendsWith(key) + "; ignored for "
                        + v.fsProtocol.rcName() + ".");
            }
        }
        v.ipv6Enable = r.bool("IPV6_ENABLE", false);
        v.directIo = r.bool("DIRECT_IO", false);
        v.eventLoops = RcParser.engineInteger(r, "EVENT_LOOPS");
        if (v.directIo && !v.fsProtocol.info().has(EngineCatalog.CAP_DIRECT_IO)) {
            throw r.error("DIRECT_IO", "FS_PROTOCOL=" + v.fsProtocol.rcName() + " has no client cache to bypass: "
                    + "every read and write reaches the server", "unset or no; yes with FS_PROTOCOL="
                    + String.join(" or ", java.util.Arrays.stream(Backend.values())
                            .filter(b -> b.info() != null && b.info().has(EngineCatalog.CAP_DIRECT_IO))
                            .map(Backend::rcName).toList()));
        }
    }

    private static int readBlockSize(RcReader r) throws RcException {
        String b = r.value("BLOCK_SIZE");
        if (b == null) {
            return 0;
        }
        long max = EngineCatalog.get().key("block_size").maxLong();
        String allowed = "unset (negotiate with the server) or a power of two from 512 to " + max + " bytes;"
                + " a K suffix means KiB (e.g. 32K = 32768)";
        String digits = b.replaceFirst("[kK]$", "");
        if (!digits.matches("\\d{1,8}")) {
            throw r.error("BLOCK_SIZE", "not a size in bytes", allowed);
        }
        long size = Long.parseLong(digits) * (digits.length() < b.length() ? 1024 : 1);
        if (size < 512 || size > max || Long.bitCount(size) != 1) {
            String hint = size < 512 && size > 0 ? " (BLOCK_SIZE is in bytes: did you mean " + size + "K?)" : "";
            throw r.error("BLOCK_SIZE", size + " bytes is not a power of two from 512 to " + (max >> 20) + " MiB"
                    + hint, allowed);
        }
        return (int) size;
    }
}
