package org.sfsbench.rc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad rc files: each must fail with a message naming the file, the line, the variable and value,
 * and saying what is wrong. The base file is {@link RcFiles#MINIMAL} (lines 1-5) plus the extra
 * lines given (line 6 onwards), or replacing a variable.
 */
class RcErrorsTest {

    @TempDir
    Path dir;

    /** rc body, expected line, expected "VARIABLE=VALUE" (or "VARIABLE" alone), expected fragment. */
    static Stream<Arguments> badInputs() {
        String m = RcFiles.MINIMAL;
        return Stream.of(
            Arguments.of(m + "LAOD=100\n", 6, "LAOD", "unknown variable (its value is not shown) (did you mean LOAD?)"),
            Arguments.of(m + "runtime=60\n", 6, "runtime", "did you mean RUNTIME?"),
            Arguments.of(m + "FOO_BAR_BAZ=1\n", 6, "FOO_BAR_BAZ", "unknown variable (its value is not shown); allowed: LOAD"),
            Arguments.of(m + "RUNTIME=60\nRUNTIME=70\n", 7, "RUNTIME=70", "set twice, at lines 6 and 7"),
            Arguments.of(m + "NUM_PROCS=2\n", 6, "NUM_PROCS=2", "set twice, at lines 2 and 6 (PROCS and NUM_PROCS are the same variable)"),
            Arguments.of(m + "RUNTIME = 60\n", 6, "RUNTIME", "spaces around '=' are not allowed"),
            Arguments.of(m + "just words\n", 6, null, "not an assignment (the line is not shown"),
            Arguments.of(m + "DEBUG=\"3,4\n", 6, "DEBUG=\"3,4", "the opening \" is never closed"),
            Arguments.of(m + "DEBUG=\"3\"x\n", 6, "DEBUG=\"3\"x", "text after the closing quote"),
            Arguments.of(m.replace("LOAD=\"100 200\"", "LOAD=100 200"), 1, "LOAD=100 200", "must be enclosed in double quotes"),
            Arguments.of(m.replace("LOAD=\"100 200\"", "LOAD=\"100 abc\""), 1, "LOAD=100 abc", "'abc' is not a whole number"),
            Arguments.of(m.replace("LOAD=\"100 200\"", "LOAD=\"0 200\""), 1, "LOAD=0 200", "0 is out of range"),
            Arguments.of(m + "INCR_LOAD=100\nNUM_RUNS=3\n", 6, "INCR_LOAD=100", "used only with a single LOAD value, but LOAD (line 1) is a list of 2"),
            Arguments.of(m.replace("LOAD=\"100 200\"", "LOAD=100") + "INCR_LOAD=100\n", 6, "INCR_LOAD=100", "needs NUM_RUNS"),
            Arguments.of(m.replace("LOAD=\"100 200\"", "LOAD=100") + "NUM_RUNS=5\n", 6, "NUM_RUNS=5", "used only together with INCR_LOAD"),
            Arguments.of(m.replace("LOAD=\"100 200\"", "LOAD=1"), 1, "LOAD=1", "gives 0 ops/s per proc with 2 procs"),
            Arguments.of(m.replace("PROCS=2", "PROCS=0"), 2, "PROCS=0", "0 is out of range; allowed: a whole number from 1 to 10000"),
            Arguments.of(m.replace("PROCS=2", "PROCS=3"), 4, "MNT_POINTS=127.0.0.1:/a 127.0.0.1:/b", "2 mount points do not fit PROCS=3 and 1 client(s); allowed: 3 (PROCS) mount points; a mount point may be repeated"),
            Arguments.of(m.replace("CLIENTS=\"localhost\"", "CLIENTS=\"a b\"").replace("127.0.0.1:/a 127.0.0.1:/b", "h:/1 h:/2 h:/3"), 4, "MNT_POINTS=h:/1 h:/2 h:/3", "allowed: 2 (PROCS) or 4 (PROCS x clients)"),
            Arguments.of(m.replace("CLIENTS=\"localhost\"", "CLIENTS=\"bad/host\""), 3, "CLIENTS=bad/host", "'bad/host' is not a host name or address"),
            Arguments.of(m.replace("127.0.0.1:/a", "127.0.0.1/a"), 4, "MNT_POINTS=127.0.0.1/a 127.0.0.1:/b", "'127.0.0.1/a' is not a mount point for FS_PROTOCOL=nfs; allowed: server:/path"),
            Arguments.of(m.replace("FS_PROTOCOL=nfs", "FS_PROTOCOL=cifs") + "USERNAME=u\nPASSWORD=p\n", 4, "MNT_POINTS=127.0.0.1:/a 127.0.0.1:/b", "is not a mount point for FS_PROTOCOL=cifs; allowed: \\\\server\\share"),
            Arguments.of(m.replace("FS_PROTOCOL=nfs", "FS_PROTOCOL=posix"), 4, "MNT_POINTS=127.0.0.1:/a 127.0.0.1:/b", "not a mount point for FS_PROTOCOL=posix; allowed: an absolute local path"),
            Arguments.of(m.replace("FS_PROTOCOL=nfs", "FS_PROTOCOL=smb3"), 5, "FS_PROTOCOL=smb3", "unknown protocol; allowed: nfs, cifs, posix"),
            Arguments.of(m.replace("FS_PROTOCOL=nfs", "FS_PROTOCOL=cifs").replace("127.0.0.1:/a 127.0.0.1:/b", "\\\\h\\s \\\\h\\s") + "PASSWORD=p\n", 0, "USERNAME", "not set, and it is required"),
            Arguments.of(m.replace("FS_PROTOCOL=nfs", "FS_PROTOCOL=cifs").replace("127.0.0.1:/a 127.0.0.1:/b", "\\\\h\\s \\\\h\\s") + "USERNAME=u\nPASSWORD=\"\"\n", 7, "PASSWORD=", "empty, and it is required"),
            Arguments.of(m + "TRIALS=-1\n", 6, "TRIALS=-1", "-1 is negative; allowed: a whole number from 1"),
            Arguments.of(m + "LIVE=8080:8080\n", 6, "LIVE=8080:8080", "'8080' is not an address"),
            Arguments.of(m + "LIVE=192.0.2.1:8080\n", 6, "LIVE=192.0.2.1:8080", "192.0.2.1 is not an address of this host"),
            Arguments.of(m + "LIVE=\"1 2:80\"\n", 6, "LIVE=1 2:80", "'1 2' is not an address"),
            Arguments.of(m + "SERVER_MON=\"ssh:a;b\"\n", 6, "SERVER_MON=ssh:a;b", "'a;b' is not a host name or address"),
            Arguments.of(m + "SERVER_MON=\"ssh:`id`\"\n", 6, "SERVER_MON=ssh:`id`", "'`id`' is not a host name"),
            Arguments.of(m + "SERVER_MON=\"ssh:$(id)\"\n", 6, "SERVER_MON=ssh:$(id)", "'$(id)' is not a host name"),
            Arguments.of(m + "SERVER_MON=ssh:-oProxyCommand=x\n", 6, "SERVER_MON=ssh:-oProxyCommand=x", "'-oProxyCommand=x' is not a host name"),
            Arguments.of(m + "SERVER_MON=\"ssh:srv one\"\n", 6, "SERVER_MON=ssh:srv one", "'srv one' is not a host name"),
            Arguments.of(m + "SERVER_MON=ssh:@srv\n", 6, "SERVER_MON=ssh:@srv", "no user before @"),
            Arguments.of(m + "SERVER_MON=ssh:root@\n", 6, "SERVER_MON=ssh:root@", "no host after ssh:root@"),
            Arguments.of(m + "SERVER_MON=\"ssh:r;m@srv\"\n", 6, "SERVER_MON=ssh:r;m@srv", "'r;m' is not a user name"),
            Arguments.of(m.replace("CLIENTS=\"localhost\"", "CLIENTS=\"-oProxyCommand=x\""), 3, "CLIENTS=-oProxyCommand=x", "is not a host name or address"),
            Arguments.of(m + "WARMUP_TIME=steady\nWARMUP_MAX=19\n", 7, "WARMUP_MAX=19", "shorter than the steady-state window (20 one-second intervals)"),
            Arguments.of(m + "TCP=off\n", 6, "TCP=off", "UDP is not supported; allowed: leave TCP unset, or 1 or on"),
            Arguments.of(m + "TCP=0\n", 6, "TCP=0", "UDP is not supported"),
            Arguments.of(m + "TCP=maybe\n", 6, "TCP=maybe", "not a TCP setting"),
            Arguments.of(m + "BIOD_MAX_READS=33\n", 6, "BIOD_MAX_READS=33", "33 is out of range; allowed: a whole number from 0 to 32"),
            Arguments.of(m + "BIOD_MAX_WRITES=-1\n", 6, "BIOD_MAX_WRITES=-1", "-1 is negative; allowed: a whole number from 0 to 32"),
            Arguments.of(m + "WARMUP_TIME=5m\n", 6, "WARMUP_TIME=5m", "'5m' is not a whole number"),
            Arguments.of(m + "WARMUP_TIME=stedy\n", 6, "WARMUP_TIME=stedy", "'stedy' is not a whole number nor steady; allowed: a whole number of seconds from 0 to 604800, or steady"),
            Arguments.of(m + "WARMUP_TIME=steady\nWARMUP_MAX=-1\n", 7, "WARMUP_MAX=-1", "-1 is negative; allowed: a whole number from 1 to 604800"),
            Arguments.of(m + "WARMUP_TIME=steady\nWARMUP_MAX=0\n", 7, "WARMUP_MAX=0", "0 is out of range"),
            Arguments.of(m + "WARMUP_TIME=60\nWARMUP_MAX=30\n", 7, "WARMUP_MAX=30", "caps a steady-state warm-up, but WARMUP_TIME is not steady"),
            Arguments.of(m + "RUNTIME=0\n", 6, "RUNTIME=0", "0 is out of range"),
            Arguments.of(m + "INIT_TIMEOUT=abc\n", 6, "INIT_TIMEOUT=abc", "not a whole number"),
            Arguments.of(m + "BLOCK_SIZE=3000\n", 6, "BLOCK_SIZE=3000", "3000 bytes is not a power of two from 512 to 1 MiB"),
            Arguments.of(m + "BLOCK_SIZE=32\n", 6, "BLOCK_SIZE=32", "did you mean 32K?"),
            Arguments.of(m + "BLOCK_SIZE=2048K\n", 6, "BLOCK_SIZE=2048K", "2097152 bytes is not a power of two from 512 to 1 MiB"),
            Arguments.of(m + "BLOCK_SIZE=8KB\n", 6, "BLOCK_SIZE=8KB", "not a size in bytes"),
            Arguments.of(m + "ACCESS_PCNT=0\n", 6, "ACCESS_PCNT=0", "allowed: a whole number from 1 to 100"),
            Arguments.of(m + "ACCESS_PCNT=101\n", 6, "ACCESS_PCNT=101", "101 is out of range"),
            Arguments.of(m + "DEBUG=\"3,4,8-20\"\n", 6, "DEBUG=3,4,8-20", "flag 20 does not exist"),
            Arguments.of(m + "DEBUG=\"5-3\"\n", 6, "DEBUG=5-3", "range '5-3' runs downwards"),
            Arguments.of(m + "DEBUG=\"3,,4\"\n", 6, "DEBUG=3,,4", "'' is neither a flag number nor a range"),
            Arguments.of(m + "DEBUG=0\n", 6, "DEBUG=0", "flag 0 does not exist"),
            Arguments.of(m + "MIXFILE=nosuchmix\n", 6, "MIXFILE=nosuchmix", "no such file"),
            Arguments.of(m + "WORKLOAD=sfs2008-nsf\n", 6, "WORKLOAD=sfs2008-nsf", "unknown workload (did you mean sfs2008-nfs?)"),
            Arguments.of(m + "WORKLOAD=sfs2008-cifs\n", 6, "WORKLOAD=sfs2008-cifs", "does not run over FS_PROTOCOL=nfs"),
            Arguments.of(m + "WORKLOAD=mixfile\n", 6, "WORKLOAD=mixfile", "WORKLOAD=mixfile needs MIXFILE"),
            Arguments.of(m + "FILESET_SCALE=1.5\n", 6, "FILESET_SCALE=1.5", "out of range; allowed: a number from 0.0001 to 1"),
            Arguments.of(m + "FILESET_SCALE=0\n", 6, "FILESET_SCALE=0", "out of range"),
            Arguments.of(m + "FILESET_SCALE=1e-320\n", 6, "FILESET_SCALE=1e-320", "below 0.0001, where a proc's file set is a few"),
            Arguments.of(m + "FILESET_SCALE=tiny\n", 6, "FILESET_SCALE=tiny", "not a number"),
            Arguments.of(m + "SAMPLE_INTERVAL=0\n", 6, "SAMPLE_INTERVAL=0", "0 is out of range"),
            Arguments.of(m + "AGENT_PORT=80\n", 6, "AGENT_PORT=80", "allowed: a whole number from 1024 to 65535"),
            Arguments.of(m + "APPEND_PCNT=120\n", 6, "APPEND_PCNT=120", "120 is out of range"),
            Arguments.of(m + "DIR_COUNT=0\n", 6, "DIR_COUNT=0", "0 is out of range"),
            Arguments.of(m + "SYMLINK_COUNT=x\n", 6, "SYMLINK_COUNT=x", "not a whole number"),
            Arguments.of(m + "FILE_COUNT=0\n", 6, "FILE_COUNT=0", "not supported by this workload: the number of files follows from the load"),
            Arguments.of(m + "FILE_COUNT=500\n", 6, "FILE_COUNT=500", "allowed: leave FILE_COUNT unset"),
            Arguments.of(m + "DUMP=1\n", 6, "DUMP=1", "not supported: sfsbench writes no raw per-proc counter dump"),
            Arguments.of(m + "LAT_GRAPH=on\n", 6, "LAT_GRAPH=on", "not supported: sfsbench prints no latency histograms"),
            Arguments.of(m + "POPULATE=yes\n", 6, "POPULATE=yes", "has no populate-only run"),
            Arguments.of(m + "DUMP=maybe\n", 6, "DUMP=maybe", "is not a switch value"),
            Arguments.of(m + "BLOCK_FILE=sizes.blk\n", 6, "BLOCK_FILE=sizes.blk",
                    "not supported: the engine draws transfer sizes from the SFS tables"),
            Arguments.of(m + "IPV6_ENABLE=maybe\n", 6, "IPV6_ENABLE=maybe", "not a switch value; allowed: 1, on, yes, true or 0, off, no, false"),
            Arguments.of(m + "POPULATE=2\n", 6, "POPULATE=2", "not a switch value"),
            Arguments.of(m + "SFS_NFS_USER_ID=-5\n", 6, "SFS_NFS_USER_ID=-5", "-5 is negative"),
            Arguments.of(m + "WORK_DIR=no/such/dir\n", 6, "WORK_DIR=no/such/dir", "no such directory"),
            Arguments.of(m + "SFS_DIR=sfs\n", 6, "SFS_DIR=sfs", "not an absolute path"),
            Arguments.of(m + "AGENT_START=rsh\n", 6, "AGENT_START=rsh", "unknown way to start agents"),
            Arguments.of(m + "AGENT_START=ssh\n", 6, "AGENT_START=ssh", "ssh launch needs SFS_DIR"),
            Arguments.of(m + "AGENT_TLS=maybe\n", 6, "AGENT_TLS=maybe", "neither on nor off"),
            Arguments.of(m + "SSH_IDENTITY=/no/such/key\n", 6, "SSH_IDENTITY=/no/such/key", "no such readable file"),
            Arguments.of(m + "PRIME_MON_SCRIPT=mon.sh\n", 6, "PRIME_MON_SCRIPT=mon.sh", "no executable file"),
            Arguments.of(m + "PRIME_MON_ARGS=\"-x 1\"\n", 6, "PRIME_MON_ARGS=-x 1", "arguments without PRIME_MON_SCRIPT"),
            Arguments.of(m.replace("LOAD=\"100 200\"\n", ""), 0, "LOAD", "not set, and it is required"),
            Arguments.of(m.replace("PROCS=2\n", ""), 0, "PROCS", "not set, and it is required"),
            Arguments.of(m.replace("CLIENTS=\"localhost\"\n", "CLIENTS=\"\"\n"), 3, "CLIENTS=", "empty, and it is required"),
            Arguments.of(m.replace("MNT_POINTS=\"127.0.0.1:/a 127.0.0.1:/b\"\n", ""), 0, "MNT_POINTS", "not set, and it is required"));
    }

    @ParameterizedTest(name = "[{index}] {3}")
    @MethodSource("badInputs")
    void badInputIsRefusedWithFileLineVariableValue(String body, int line, String varValue, String fragment) {
        Path rc = RcFiles.write(dir, "sfs_rc", body);
        RcException e = assertThrows(RcException.class, () -> RcParser.parse(rc));
        String msg = e.getMessage();
        String prefix = rc.toAbsolutePath() + (line > 0 ? ":" + line : "") + ": ";
        assertTrue(msg.startsWith(prefix), "message must start with '" + prefix + "': " + msg);
        assertEquals(line, e.line(), msg);
        if (varValue != null) {
            assertTrue(msg.startsWith(prefix + varValue + ": "), "expected '" + varValue + "' after the location: " + msg);
        }
        assertTrue(msg.contains(fragment), "expected '" + fragment + "' in: " + msg);
        assertTrue(msg.contains("; allowed: ") || e.allowed() == null, msg);
    }
}
