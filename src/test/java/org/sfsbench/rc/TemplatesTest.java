package org.sfsbench.rc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import org.sfsbench.engine.Backend;

/** The shipped rc templates parse, and the SPEC-style ones list every variable. */
class TemplatesTest {

    private static Path template(String name) {
        return RcFiles.templates().resolve(name);
    }

    @Test
    void nfsTemplateIsADisclosableTenPointRun() throws Exception {
        RunConfig c = RcParser.parse(template("sfs_nfs_rc"));
        assertEquals(Backend.NFS, c.fsProtocol());
        assertEquals(10, c.numRuns());
        assertEquals(List.of(), RcParserTest.reasons(c));
        assertEquals(List.of(), c.warnings());
    }

    @Test
    void cifsTemplateIsADisclosableTenPointRun() throws Exception {
        RunConfig c = RcParser.parse(template("sfs_cifs_rc"));
        assertEquals(Backend.CIFS, c.fsProtocol());
        assertEquals("sfs2008-cifs", c.workload());
        assertEquals(List.of(), RcParserTest.reasons(c));
        assertEquals(List.of(), c.warnings());
    }

    @Test
    void posixTemplateIsAShortNonDisclosableTrial() throws Exception {
        RunConfig c = RcParser.parse(template("sfs_posix_rc"));
        assertEquals(Backend.POSIX, c.fsProtocol());
        assertEquals(List.of(20, 40, 60), c.loads());
        assertEquals(5, c.warmupTime());
        assertEquals(10, c.runtime());
        assertEquals(0.001, c.filesetScale());
        assertFalse(RcParserTest.reasons(c).isEmpty());
        assertTrue(Files.readString(template("sfs_posix_rc")).contains("NOT DISCLOSABLE"));
    }

    @Test
    void accessTemplateRunsOltpAtThreeQueueDepths() throws Exception {
        RunConfig c = RcParser.parse(template("sfs_access_rc"));
        assertEquals("access", c.workload());
        assertEquals(List.of(1, 4, 16), c.access().outstandingIos());
        assertEquals(3, c.access().steps().size());
        assertEquals("OLTP", c.access().specs().get(0).name());
        assertEquals(64L << 20, c.access().regionBytes());
        assertEquals(3, org.sfsbench.access.SpecFileParser.parse(template("access_specs.txt")).size());
    }

    @Test
    void loadfileTemplateReplaysClientTxt() throws Exception {
        RunConfig c = RcParser.parse(template("sfs_loadfile_rc"));
        assertEquals("loadfile", c.workload());
        assertEquals(List.of(1, 4, 16), c.loadfile().clientCounts());
    }

    @Test
    void specStyleTemplatesSetEveryVariable() throws Exception {
        Pattern assign = Pattern.compile("(?m)^([A-Z_0-9]+)=");
        for (String t : List.of("sfs_nfs_rc", "sfs_cifs_rc")) {
            Matcher m = assign.matcher(Files.readString(template(t)));
            List<String> names = new java.util.ArrayList<>();
            while (m.find()) {
                names.add(m.group(1));
            }
            // the WORKLOAD=loadfile and WORKLOAD=access variables are refused with the SFS workloads
            // (templates/sfs_loadfile_rc, templates/sfs_access_rc)
            assertEquals(RcVariables.NAMES.stream().filter(n -> !RcVariables.LOADFILE_ONLY.contains(n)
                    && !RcVariables.ACCESS_ONLY.contains(n)).toList(),
                    names, t);
        }
    }
}
