package org.sfsbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.sfsbench.results.model.Protocol;

class StatusNamesTest {
    @Test
    void namesPerProtocol() {
        assertEquals("NFS3ERR_NOENT (2)", StatusNames.describe(Protocol.NFS3, 2));
        assertEquals("NFS3ERR_JUKEBOX (10008)", StatusNames.describe(Protocol.NFS3, 10008));
        assertEquals("ENOENT (2)", StatusNames.describe(Protocol.CIFS, 2));
        // negative errno, as C code often returns it
        assertEquals("EIO (-5)", StatusNames.describe(Protocol.POSIX, -5));
        assertEquals("4242", StatusNames.describe(Protocol.NFS3, 4242));
    }
}
