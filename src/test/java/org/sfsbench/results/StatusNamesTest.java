package org.sfsbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import org.sfsbench.engine.Backend;

class StatusNamesTest {
    @Test
    void namesPerProtocol() {
        assertEquals("NFS3ERR_NOENT (2)", StatusNames.describe(Backend.NFS, 2));
        assertEquals("NFS3ERR_JUKEBOX (10008)", StatusNames.describe(Backend.NFS, 10008));
        assertEquals("ENOENT (2)", StatusNames.describe(Backend.CIFS, 2));
        // negative errno, as C code often returns it
        assertEquals("EIO (-5)", StatusNames.describe(Backend.POSIX, -5));
        assertEquals("4242", StatusNames.describe(Backend.NFS, 4242));
    }

    @Test
    void smbThroughLibsmb2ReportsNtstatusNames() {
        // libsmb2 puts the answer's NTSTATUS in the error table: a negative int32, not an errno
        assertEquals("STATUS_ACCESS_DENIED (0xC0000022)", StatusNames.describe(Backend.CIFS, 0xC0000022));
        assertEquals("STATUS_OBJECT_NAME_NOT_FOUND (0xC0000034)", StatusNames.describe(Backend.CIFS, 0xC0000034));
        // libsmbclient reports errno values
        assertEquals("EACCES (13)", StatusNames.describe(Backend.CIFS, 13));
    }
}
