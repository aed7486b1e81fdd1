package org.sfsbench.capture;

/**
 * One SMB2 command of a frame (compound requests hold several) with the fields the converter
 * uses.
 *
 * @param key      the connection and the message id ("tcp:N/id"), which its reply repeats
 * @param session  the SMB session id
 * @param fid      the file id (request: the file it works on; CREATE reply: the one opened),
 *                 "" when none or when the frame's fields could not be split
 * @param lockFlags LOCK: the first range's flags (0x4 = unlock)
 */
record Smb2Command(double time, String key, String stream, String session, int cmd, boolean response, long status,
        String fid, String fileName, int disposition, long createOptions, long offset, long length, int infoClass,
        int infoLevel, String pattern, long lockFlags) {

    /** SMB2_LOCKFLAG_UNLOCK */
    static final long UNLOCK = 0x4;

    static final String RELATED_FID = "ffffffff-ffff-ffff-ffff-ffffffffffff";

    static final String[] NAMES = {"NEGOTIATE", "SESSION_SETUP", "LOGOFF", "TREE_CONNECT", "TREE_DISCONNECT",
        "CREATE", "CLOSE", "FLUSH", "READ", "WRITE", "LOCK", "IOCTL", "CANCEL", "ECHO", "QUERY_DIRECTORY",
        "CHANGE_NOTIFY", "QUERY_INFO", "SET_INFO", "OPLOCK_BREAK"};

    String name() {
        return cmd >= 0 && cmd < NAMES.length ? NAMES[cmd] : "SMB2_" + cmd;
    }

    /** Requests that name a file id. */
    static boolean takesFid(int cmd) {
        return cmd >= 6 && cmd <= 18 && cmd != 12 && cmd != 13;
    }
}
