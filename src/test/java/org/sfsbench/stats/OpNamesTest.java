package org.sfsbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class OpNamesTest {

    @Test
    void canonicalTableHasTheGuidesNamesInEngineOrder() {
        OpNames n = OpNames.canonical();
        assertEquals(37, n.size());
        assertEquals("null", n.name(0));
        assertEquals("getattr", n.name(1));
        assertEquals("lookup", n.name(4));
        assertEquals("read", n.name(6));
        assertEquals("write", n.name(8));
        assertEquals("access", n.name(18));
        assertEquals("commit", n.name(19));
        assertEquals("readdirplus", n.name(23));
        assertEquals("ECHO", n.name(24));
        assertEquals("NT_TRANSACT_QUERY_SECURITY_DESC", n.name(26));
        assertEquals("WRITE_ANDX", n.name(33));
        assertEquals("FLUSH", n.name(36));
        assertEquals("op37", n.name(37));
        assertEquals(4, n.id("LOOKUP"));
        assertEquals(34, n.id("nt_create_andx"));
        assertEquals(-1, n.id("nosuchop"));
    }

    /** The Java table must follow the enum of native/src/core/sfs_ops.h. */
    @Test
    void matchesSfsOpsHeader() throws IOException {
        String home = System.getProperty("sfs.home", ".");
        String h = Files.readString(Path.of(home, "native/src/core/sfs_ops.h"));
        String body = h.substring(h.indexOf("enum sfs_op {"), h.indexOf("};", h.indexOf("enum sfs_op {")));
        body = body.replaceAll("/\\*.*?\\*/", "");
        List<String> ids = new ArrayList<>();
        Matcher m = Pattern.compile("SFS_OP_([A-Z0-9_]+)").matcher(body);
        while (m.find()) {
            ids.add(m.group(1));
        }
        int count = ids.indexOf("COUNT");
        assertEquals(OpNames.canonical().size(), count, "ids before SFS_OP_COUNT");
        for (int i = 0; i < 24; i++) {
            assertEquals(ids.get(i).toLowerCase(Locale.ROOT), OpNames.canonical().name(i), "op id " + i);
        }
        for (int i = 24; i < count; i++) {
            assertEquals(true, ids.get(i).startsWith("CIFS_"), "op id " + i + " is a CIFS op: " + ids.get(i));
        }
    }
}
