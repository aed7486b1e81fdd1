package org.sfsbench.smb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sfsbench.engine.Engine;
import org.sfsbench.engine.SampleLayout;
import org.sfsbench.testsupport.SambaServer;
import org.sfsbench.testsupport.Exclusive;

/**
 * The sfs2008-cifs workload over the smb backend against a real smbd on loopback, through each SMB
 * client library: validation, a paced run of three short load points with 2 procs, the counted mix.
 */
@Exclusive(Exclusive.SAMBA_445)
class SmbCifsRunIT {
    /** The ops libsmbclient cannot issue (libsmb2 issues all 13). */
    static final Set<String> NOT_IN_LIBSMBCLIENT = Set.of("ECHO", "LOCKING_ANDX", "FLUSH");

    static SambaServer smb;

    @BeforeAll
    static void startSamba() throws Exception {
        smb = SambaServer.start("run-it");
    }

    @AfterAll
    static void stopSamba() throws Exception {
        if (smb != null) {
            smb.stopAndRemove();
        }
    }

    static boolean issues(String client, String op) {
        return client.equals("libsmb2") || !NOT_IN_LIBSMBCLIENT.contains(op);
    }

    @ParameterizedTest
    @ValueSource(strings = {"libsmb2", "libsmbclient"})
    @Timeout(120)
    void validationPassesAndNamesWhatCannotBeIssued(String client) {
        Engine.Validation v = Engine.validate(smb.config(client, 1, 0, "validate"));
        String r = v.report();
        assertEquals(0, v.failures(), r);
        assertFalse(r.contains("\nFAIL"), r);
        for (String op : new String[] {"READ_ANDX data equal", "WRITE_ANDX", "NT_CREATE_ANDX", "CLOSE slot 0 closed",
            "TRANS2_QUERY_FILE_INFORMATION size", "TRANS2_QUERY_PATH_INFORMATION", "TRANS2_SET_FILE_INFORMATION",
            "TRANS2_FIND_FIRST2", "TRANS2_QUERY_FS_INFORMATION", "NT_TRANSACT_QUERY_SECURITY_DESC",
            "read 64 KiB read back equal", "getattr size 65536 after write", "remove v"}) {
            assertTrue(r.contains("PASS " + op), op + " did not pass:\n" + r);
        }
        for (String op : NOT_IN_LIBSMBCLIENT) {
            if (issues(client, op)) {
                assertTrue(r.contains("PASS " + op), op + " did not pass:\n" + r);
            } else {
                assertTrue(r.contains("SKIP " + op) && r.contains("libsmbclient 4.17 has no call that issues"),
                        op + " not reported as SKIP with the reason:\n" + r);
            }
        }
        assertFalse(r.contains(smb.password()), "password in the validation report");
    }

    @ParameterizedTest
    @ValueSource(strings = {"libsmb2", "libsmbclient"})
    @Timeout(120)
    void pacedRunThreeLoadPoints(String client) throws Exception {
        final int procs = 2;
        final double runSeconds = 4;
        double[] ratePerProc = {15, 30, 45};
        for (double rate : ratePerProc) {
            long[] s = CifsLoadPoint.run(smb.config(client, procs, rate, "paced"), 1, runSeconds);
            long ops = CifsLoadPoint.total(s, SampleLayout.O_OPS);
            long errors = CifsLoadPoint.total(s, SampleLayout.O_ERRORS);
            double requested = procs * rate;
            double achieved = ops / runSeconds;
            String row = String.format("%s: requested %.1f ops/s, achieved %.2f ops/s, %d ops, %d errors", client,
                    requested, achieved, ops, errors);
            System.out.println("SmbCifsRunIT: " + row);
            assertEquals(0, errors, row);
            assertTrue(Math.abs(achieved - requested) <= 0.02 * requested, row);
            // only the table's ops, and never one the client cannot issue
            for (int op = 0; op < SampleLayout.OPS_MAX; op++) {
                long n = CifsLoadPoint.word(s, op, SampleLayout.O_OPS);
                boolean cifs = op >= CifsLoadPoint.CIFS_FIRST_OP
                        && op < CifsLoadPoint.CIFS_FIRST_OP + CifsLoadPoint.CIFS_OPS;
                String name = Engine.opName(op);
                if (!cifs || !issues(client, name)) {
                    assertEquals(0, n, name + " issued");
                }
            }
            long creates = CifsLoadPoint.word(s, 34, SampleLayout.O_OPS);
            long closes = CifsLoadPoint.word(s, 35, SampleLayout.O_OPS);
            assertTrue(Math.abs(creates - closes) <= procs, "opens " + creates + " vs closes " + closes);
        }
    }

    /**
     * A run's counted mix is within 1 point of the guide's CIFS table. With libsmbclient the three
     * ops it cannot issue are walked by the model but not sent, so the others keep their relative
     * shares: target = table share / (100 - 2.1) * 100.
     */
    @ParameterizedTest
    @ValueSource(strings = {"libsmb2", "libsmbclient"})
    @Timeout(120)
    void countedMixOfARunMatchesTheTableWithinOnePoint(String client) throws Exception {
        String[] names = {"ECHO", "LOCKING_ANDX", "NT_TRANSACT_QUERY_SECURITY_DESC", "READ_ANDX",
            "TRANS2_QUERY_FS_INFORMATION", "TRANS2_QUERY_FILE_INFORMATION", "TRANS2_QUERY_PATH_INFORMATION",
            "TRANS2_SET_FILE_INFORMATION", "TRANS2_FIND_FIRST2", "WRITE_ANDX", "NT_CREATE_ANDX", "CLOSE", "FLUSH"};
        double[] table = {0.5, 1.1, 1.6, 20.5, 1.6, 12.9, 21.5, 3.2, 8.6, 8.6, 9.7, 9.7, 0.5};
        double notIssued = client.equals("libsmb2") ? 0 : 0.5 + 1.1 + 0.5;
        long[] s = CifsLoadPoint.run(smb.config(client, 4, 0, "mix") + "fileset_rate=20\nseed=11\n", 1, 5);
        long total = CifsLoadPoint.total(s, SampleLayout.O_OPS);
        assertEquals(0, CifsLoadPoint.total(s, SampleLayout.O_ERRORS), "errors");
        assertTrue(total > 5000, "too few ops for a mix check: " + total);
        StringBuilder report = new StringBuilder();
        for (int i = 0; i < names.length; i++) {
            int op = CifsLoadPoint.CIFS_FIRST_OP + i;
            assertEquals(names[i], Engine.opName(op));
            double target = issues(client, names[i]) ? table[i] / (100 - notIssued) * 100 : 0;
            double achieved = 100.0 * CifsLoadPoint.word(s, op, SampleLayout.O_OPS) / total;
            report.append(String.format("%s %.2f%% (target %.2f%%)%n", names[i], achieved, target));
            assertTrue(Math.abs(achieved - target) <= 1.0, names[i] + " off by more than 1 point:\n" + report);
        }
        System.out.println("SmbCifsRunIT " + client + " mix over " + total + " ops:\n" + report);
    }
}
