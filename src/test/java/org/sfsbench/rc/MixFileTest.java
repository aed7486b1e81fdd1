package org.sfsbench.rc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MixFileTest {

    @TempDir
    Path dir;

    @Test
    void exampleTemplateIsTheSpecsfs2008NfsMix() throws Exception {
        Map<String, Integer> mix = MixFile.read(RcFiles.templates().resolve("sfs_mix_example"));
        assertEquals(Map.ofEntries(Map.entry("lookup", 24), Map.entry("read", 18), Map.entry("write", 10),
                Map.entry("getattr", 26), Map.entry("readlink", 1), Map.entry("readdir", 1), Map.entry("create", 1),
                Map.entry("remove", 1), Map.entry("fsstat", 1), Map.entry("setattr", 4), Map.entry("readdirplus", 2),
                Map.entry("access", 11)), mix);
        assertEquals("lookup", mix.keySet().iterator().next());
    }

    @Test
    void allTwentyFourOpNamesAreAccepted() throws Exception {
        StringBuilder sb = new StringBuilder(MixFile.HEADER + "\n");
        for (String op : MixFile.OP_NAMES) {
            sb.append(op).append(op.equals("readdirplus") ? " 8%\n" : " 4%\n");
        }
        Map<String, Integer> mix = MixFile.read(RcFiles.write(dir, "mix", sb.toString()));
        assertEquals(24, mix.size());
        assertEquals(MixFile.OP_NAMES, List.copyOf(mix.keySet()));
    }

    @Test
    void opNamesAreCaseInsensitiveAndStoredLowerCase() throws Exception {
        Map<String, Integer> mix = MixFile.read(RcFiles.write(dir, "mix",
                MixFile.HEADER + "\nLOOKUP 50%\n\n# c\nGetAttr 050%\n"));
        assertEquals(Map.of("lookup", 50, "getattr", 50), mix);
    }

    @ParameterizedTest(name = "{2}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "SFS MIXFILE VERSION 1\\nread 100%|1|the first line must be exactly 'SFS MIXFILE VERSION 2', and it is not",
        "\" SFS MIXFILE VERSION 2\\nread 100%\"|1|the first line must be exactly",
        "SFS MIXFILE VERSION 2\\nread 100|2|not an op line; allowed: <opname> <N>%",
        "SFS MIXFILE VERSION 2\\nread 1000%|2|not an op line",
        "SFS MIXFILE VERSION 2\\nraed 100%|2|2: unknown op name (did you mean read?); allowed: null getattr",
        "SFS MIXFILE VERSION 2\\nread 50%\\nread 50%|3|read=50%: op listed twice (first at line 2)",
        "SFS MIXFILE VERSION 2\\nread 101%|2|read=101%: share above 100%",
        "SFS MIXFILE VERSION 2\\nread 60%\\nwrite 30%|0|the op shares add up to 90%, not 100%",
        "SFS MIXFILE VERSION 2\\r\\nread 100%|1|requires Unix line ends",
        "|1|the first line must be exactly 'SFS MIXFILE VERSION 2' (the file is empty)",
    })
    void badMixFilesNameTheLine(String body, int line, String fragment) {
        Path mix = RcFiles.write(dir, "mix", body == null ? "" : body.replace("\\n", "\n").replace("\\r", "\r"));
        RcException e = assertThrows(RcException.class, () -> MixFile.read(mix));
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.getMessage().startsWith(mix + (line > 0 ? ":" + line : "") + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
    }

    @Test
    void rcErrorInsideTheMixFileNamesTheMixFile() {
        Path mix = RcFiles.write(dir, "badmix", "SFS MIXFILE VERSION 2\nfoo 100%\n");
        Path rc = RcFiles.write(dir, "sfs_rc", RcFiles.MINIMAL + "MIXFILE=badmix\n");
        RcException e = assertThrows(RcException.class, () -> RcParser.parse(rc));
        assertTrue(e.getMessage().startsWith(mix.toAbsolutePath() + ":2: unknown op name"), e.getMessage());
    }
}
