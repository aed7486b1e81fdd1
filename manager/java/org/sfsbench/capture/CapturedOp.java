package org.sfsbench.capture;

/**
 * One operation of the capture, as the loadfile line and the profile see it.
 *
 * @param time       the call's capture time (seconds since the epoch)
 * @param client     the client: its address (NFS) or SMB session
 * @param mixOp      the op's MIXFILE name (getattr, read, wrcache, ...), or the SMB command
 * @param body       the loadfile line after the timestamp, or null when not replayable
 * @param why        why the op is not replayable (null when it is)
 * @param path       the file's path ("" for none): popularity, working set, directory depth
 * @param offset     READ/WRITE offset (-1 when none)
 * @param length     READ/WRITE length (-1 when none)
 */
public record CapturedOp(double time, String client, String mixOp, String body, String why,
        String path, long offset, long length) {

    public boolean replayable() {
        return body != null;
    }

    public boolean transfers() {
        return length >= 0;
    }
}
