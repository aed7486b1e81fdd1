package org.sfsbench.capture;

import java.util.List;

/**
 * One NFSv3 RPC message of a frame: a call or a reply with the fields the converter uses.
 *
 * @param stream    the connection: "tcp:" or "udp:" and tshark's stream index
 * @param client    a call's source address ("" in a reply: its call's is the client)
 * @param call      a call (else a reply)
 * @param proc      the RFC 1813 procedure number
 * @param status    a reply's nfsstat3 (-1 for a call)
 * @param handles   the file handles (tshark's hash of each), in message order
 * @param names     the names of a call (LOOKUP, CREATE, ..., both of RENAME)
 * @param entries   a READDIRPLUS reply's entry names (with {@code handles} in the same order)
 * @param offset    READ/WRITE/COMMIT offset
 * @param count     READ/WRITE/COMMIT count
 * @param stable    WRITE's stable_how
 * @param linkText  SYMLINK's target text
 * @param sure      false when its handles could not be told from another message's of the same
 *                  frame (then {@code handles} and {@code entries} are empty)
 */
public record Nfs3Message(double time, String stream, String client, long xid, boolean call, int proc,
        int status, List<String> handles, List<String> names, List<String> entries, long offset,
        long count, int stable, String linkText, boolean sure) {
}
