package org.sfsbench.capture;

import java.util.ArrayList;
import java.util.List;

/**
 * The SMB2 commands of one frame (a compound request or reply holds several). tshark prints each
 * field's occurrences in frame order, so they are dealt to the commands that carry them: a file
 * id to every request that names one and to each successful CREATE reply, a file name to each
 * CREATE request when the counts agree, the transfer fields to READ and WRITE requests, the
 * first range of each LOCK request (its offset is a file_offset too), the info class to
 * QUERY_INFO and SET_INFO. A frame whose file ids do not add up gives no file ids.
 */
final class Smb2Split {
    private Smb2Split() {
    }

    static List<Smb2Command> commands(FrameRow r) {
        String[] cmds = r.all(CaptureField.SMB2_CMD);
        String[] responses = r.all(CaptureField.SMB2_RESPONSE);
        String[] ids = r.all(CaptureField.SMB2_MSG_ID);
        String[] sessions = r.all(CaptureField.SMB2_SESSION);
        String[] statuses = r.all(CaptureField.SMB2_STATUS);
        String[] fids = r.all(CaptureField.SMB2_FID);
        String[] names = r.all(CaptureField.SMB2_FILENAME);
        String[] dispositions = r.all(CaptureField.SMB2_CREATE_DISPOSITION);
        String[] options = r.all(CaptureField.SMB2_CREATE_OPTIONS);
        String[] reads = r.all(CaptureField.SMB2_READ_LENGTH);
        String[] writes = r.all(CaptureField.SMB2_WRITE_LENGTH);
        String[] offsets = r.all(CaptureField.SMB2_OFFSET);
        String[] classes = r.all(CaptureField.SMB2_INFO_CLASS);
        String[] fileLevels = r.all(CaptureField.SMB2_INFO_LEVEL);
        String[] fsLevels = r.all(CaptureField.SMB2_FS_LEVEL);
        String[] patterns = r.all(CaptureField.SMB2_PATTERN);
        String[] lockCounts = r.all(CaptureField.SMB2_LOCK_COUNT);
        String[] lockLengths = r.all(CaptureField.SMB2_LOCK_LENGTH);
        String[] lockFlags = r.all(CaptureField.SMB2_LOCK_FLAGS);
        int k = Math.min(cmds.length, Math.min(responses.length, ids.length));
        int[] cmd = new int[k];
        boolean[] resp = new boolean[k];
        int wantFids = 0;
        int creates = 0;
        int status = 0;
        long[] st = new long[k];
        for (int i = 0; i < k; i++) {
            cmd[i] = Integer.parseInt(cmds[i]);
            resp[i] = responses[i].equals("1") || responses[i].equalsIgnoreCase("true");
            if (resp[i]) {
                st[i] = status < statuses.length ? Long.decode(statuses[status++]) : 0;
                wantFids += cmd[i] == 5 && st[i] == 0 ? 1 : 0;
            } else {
                wantFids += Smb2Command.takesFid(cmd[i]) ? 1 : 0;
                creates += cmd[i] == 5 ? 1 : 0;
            }
        }
        boolean fidsKnown = wantFids == fids.length;
        boolean namesKnown = names.length == creates || names.length == 0;
        String stream = "tcp:" + r.first(CaptureField.TCP_STREAM);
        double time = r.time();
        List<Smb2Command> out = new ArrayList<>();
        int fid = 0;
        int name = 0;
        int create = 0;
        int read = 0;
        int write = 0;
        int offset = 0;
        int info = 0;
        int fileLevel = 0;
        int fsLevel = 0;
        int pattern = 0;
        int lock = 0;
        int lockRange = 0;
        for (int i = 0; i < k; i++) {
            int c = cmd[i];
            boolean takes = resp[i] ? c == 5 && st[i] == 0 : Smb2Command.takesFid(c);
            String f = takes && fidsKnown && fid < fids.length ? fids[fid++] : "";
            String fileName = "";
            int disposition = 0;
            long opts = 0;
            long off = -1;
            long len = -1;
            int cls = 0;
            int level = 0;
            String pat = "";
            long flags = 0;
            if (!resp[i]) {
                if (c == 5) {
                    fileName = namesKnown && name < names.length ? names[name++] : "";
                    disposition = create < dispositions.length ? Integer.decode(dispositions[create]) : 0;
                    opts = create < options.length ? Long.decode(options[create]) : 0;
                    create++;
                } else if (c == 8 || c == 9) {
                    off = offset < offsets.length ? Long.parseLong(offsets[offset++]) : 0;
                    String[] lens = c == 8 ? reads : writes;
                    int at = c == 8 ? read++ : write++;
                    len = at < lens.length ? Long.parseLong(lens[at]) : 0;
                } else if (c == 16 || c == 17) {
                    cls = info < classes.length ? Integer.decode(classes[info++]) : 0;
                    if (cls == 1 && fileLevel < fileLevels.length) {
                        level = Integer.decode(fileLevels[fileLevel++]);
                    } else if (cls == 2 && fsLevel < fsLevels.length) {
                        level = Integer.decode(fsLevels[fsLevel++]);
                    }
                } else if (c == 14) {
                    pat = pattern < patterns.length ? patterns[pattern++] : "";
                } else if (c == 10) {
                    int ranges = lock < lockCounts.length ? Integer.parseInt(lockCounts[lock++]) : 1;
                    off = offset < offsets.length ? Long.parseLong(offsets[offset]) : 0;
                    len = lockRange < lockLengths.length ? Long.parseLong(lockLengths[lockRange]) : 0;
                    flags = lockRange < lockFlags.length ? Long.decode(lockFlags[lockRange]) : 0;
                    offset += ranges;
                    lockRange += ranges;
                }
            }
            String session = i < sessions.length ? sessions[i] : "";
            out.add(new Smb2Command(time, stream + "/" + ids[i], stream, session, c, resp[i], st[i], f, fileName,
                    disposition, opts, off, len, cls, level, pat, flags));
        }
        return out;
    }
}
