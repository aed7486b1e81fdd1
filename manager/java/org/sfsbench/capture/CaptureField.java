package org.sfsbench.capture;

import java.util.ArrayList;
import java.util.List;

/**
 * The tshark fields the converter reads, one column each, in this order. One tshark run reads
 * NFSv3 and SMB2/3 at once; a frame holding several messages has every occurrence of a field
 * in its column, in frame order.
 */
public enum CaptureField {
    FRAME("frame.number"),
    TIME("frame.time_epoch"),
    IP_SRC("ip.src"),
    IP6_SRC("ipv6.src"),
    TCP_STREAM("tcp.stream"),
    UDP_STREAM("udp.stream"),
    RPC_XID("rpc.xid"),
    RPC_MSGTYP("rpc.msgtyp"),
    RPC_PROGRAM("rpc.program"),
    RPC_VERSION("rpc.programversion"),
    NFS_PROC("nfs.procedure_v3"),
    NFS_STATUS("nfs.status3"),
    NFS_FH("nfs.fh.hash"),
    NFS_NAME("nfs.name"),
    NFS_ENTRY_NAME("nfs.readdirplus.entry.name"),
    NFS_OFFSET("nfs.offset3"),
    NFS_COUNT("nfs.count3"),
    NFS_STABLE("nfs.write.stable"),
    NFS_SYMLINK_TO("nfs.symlink.to"),
    SMB2_PROTOCOL_ID("smb2.protocol_id"),
    SMB2_CMD("smb2.cmd"),
    SMB2_RESPONSE("smb2.flags.response"),
    SMB2_MSG_ID("smb2.msg_id"),
    SMB2_SESSION("smb2.sesid"),
    SMB2_STATUS("smb2.nt_status"),
    SMB2_FID("smb2.fid"),
    SMB2_FILENAME("smb2.filename"),
    SMB2_CREATE_DISPOSITION("smb2.create.disposition"),
    SMB2_CREATE_OPTIONS("smb.create_options"),
    SMB2_CREATE_ACTION("smb2.create.action"),
    SMB2_READ_LENGTH("smb2.read_length"),
    SMB2_WRITE_LENGTH("smb2.write_length"),
    SMB2_OFFSET("smb2.file_offset"),
    SMB2_LOCK_COUNT("smb2.lock_count"),
    SMB2_LOCK_LENGTH("smb2.lock_length"),
    SMB2_LOCK_FLAGS("smb2.lock_flags"),
    SMB2_INFO_CLASS("smb2.class"),
    SMB2_INFO_LEVEL("smb2.file_info.infolevel"),
    SMB2_FS_LEVEL("smb2.fs_info.infolevel"),
    SMB2_PATTERN("smb2.find.pattern");

    /** tshark's separator between columns and between a column's occurrences: characters no
     *  field prints (names with them are refused by the loadfile format anyway). */
    public static final char SEPARATOR = '\u001e';
    public static final char AGGREGATOR = '\u001f';

    public final String tsharkName;

    CaptureField(String tsharkName) {
        this.tsharkName = tsharkName;
    }

    /** The tshark arguments that print these columns. */
    public static List<String> tsharkArguments() {
        List<String> a = new ArrayList<>(List.of("-T", "fields", "-E", "separator=" + SEPARATOR,
                "-E", "occurrence=a", "-E", "aggregator=" + AGGREGATOR, "-E", "quote=n"));
        for (CaptureField f : values()) {
            a.add("-e");
            a.add(f.tsharkName);
        }
        return a;
    }
}
