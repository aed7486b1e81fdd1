package org.sfsbench.capture;

import java.util.HashMap;
import java.util.Map;

/**
 * File handles (NFSv3) to paths, learnt from the names seen: LOOKUP, CREATE, MKDIR, SYMLINK,
 * MKNOD, LINK and READDIRPLUS replies, moved by RENAME. The export's root is the handle of the
 * first FSINFO (a client sends it on the root as it mounts) when no name is known for it. A
 * handle first needed without a name gets a made-up path under {@value #UNNAMED} (counted).
 */
public final class HandlePaths {
    /** Where handles seen without their name are put. */
    public static final String UNNAMED = "/unnamed";

    private record Link(String parent, String name) {
    }

    private final Map<String, Link> links = new HashMap<>();
    private final Map<String, String> byName = new HashMap<>();
    private final Map<String, String> madeUp = new HashMap<>();
    private String root;

    /** FSINFO's handle: the root when none is known yet. */
    public void sawRoot(String handle) {
        if (root == null && !links.containsKey(handle) && !madeUp.containsKey(handle)) {
            root = handle;
        }
    }

    /** {@code handle} is {@code name} in directory {@code parent}. */
    public void learn(String parent, String name, String handle) {
        if (handle.equals(root) || handle.equals(parent) || name.equals(".") || name.equals("..")) {
            return;
        }
        if (!madeUp.containsKey(handle)) {
            put(handle, new Link(parent, name));
        }
    }

    private void put(String handle, Link l) {
        Link old = links.put(handle, l);
        if (old != null) {
            byName.remove(old.parent + '/' + old.name, handle);
        }
        byName.put(l.parent + '/' + l.name, handle);
    }

    /** RENAME: the object named {@code from} in {@code fromDir} is now {@code to} in {@code toDir}. */
    public void rename(String fromDir, String from, String toDir, String to) {
        String handle = byName.get(fromDir + '/' + from);
        if (handle != null) {
            put(handle, new Link(toDir, to));
        }
    }

    /** The path of a handle, from the root ("" for the root itself). */
    public String path(String handle) {
        StringBuilder b = new StringBuilder();
        String h = handle;
        for (int depth = 0; depth < 256; depth++) {
            if (h.equals(root)) {
                return b.toString();
            }
            Link l = links.get(h);
            if (l == null) {
                return madeUp(h) + b;
            }
            b.insert(0, "/" + l.name);
            h = l.parent;
        }
        return madeUp(handle);   // a cycle of links (a capture of a server that reuses handles)
    }

    /** The path of {@code name} in directory {@code dir}. */
    public String path(String dir, String name) {
        return path(dir) + "/" + name;
    }

    private String madeUp(String handle) {
        return madeUp.computeIfAbsent(handle, h -> UNNAMED + "/h" + h.replace("0x", ""));
    }

    /** Handles that got a made-up path. */
    public int madeUpCount() {
        return madeUp.size();
    }

    /** Handles whose name is known. */
    public int namedCount() {
        return links.size();
    }
}
