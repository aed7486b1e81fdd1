/* What writes put on the server: data whose compressibility and duplication
 * the run controls (DATA_COMPRESS_PCT, DATA_DEDUP_PCT), so a server that
 * compresses or deduplicates is measured on the ratio the user chose rather
 * than on whatever a repeated buffer happens to give.
 *
 * Each 4 KiB block of a write is a window of the shared pseudo-random pattern
 * XORed with a 64-bit key drawn for that block alone: blocks never repeat
 * (the keys differ) and an LZ compressor finds no match between them (equal
 * windows under different keys share no byte run), yet filling costs one XOR
 * per 8 bytes and no random number per byte.  A compress_pct share at the end
 * of every block is zeros; a dedup_pct share of the blocks are copies of one
 * of SFS_DATA_DUP_BLOCKS fixed blocks instead. */
#ifndef SFS_DATAGEN_H
#define SFS_DATAGEN_H

#include <stddef.h>
#include <stdint.h>
#include "rng.h"

#define SFS_DATA_BLOCK 4096u       /* the unit of uniqueness and compression */
#define SFS_DATA_DUP_BLOCKS 64u    /* distinct blocks the duplicates are drawn from */
#define SFS_DATA_ALIGN 4096u       /* buffers suit O_DIRECT */

struct sfs_datagen {
    uint64_t key_state;            /* splitmix64 state: one key per unique block */
    sfs_rng  rng;                  /* dedup draws and pattern offsets */
    uint64_t seed;
    int      compress_pct;         /* 0..99: zero tail of every block */
    int      dedup_pct;            /* 0..100: blocks that copy a fixed block */
    unsigned char **slot_buf;      /* per request slot: the data in flight */
    size_t  *slot_cap;
    int      slots;
};

/* 0, or -ENOMEM.  'slots' = requests the proc can have in flight. */
int   sfs_datagen_init(struct sfs_datagen *g, int slots, uint64_t seed, int proc_global,
                       int compress_pct, int dedup_pct);
/* The buffer of request slot 'slot', filled with 'len' fresh bytes; it stays
 * unchanged until the slot is filled again.  NULL when memory runs out. */
void *sfs_datagen_next(struct sfs_datagen *g, int slot, size_t len);
/* Fill 'buf' with 'len' fresh bytes (tests, tools). */
void  sfs_datagen_fill(struct sfs_datagen *g, unsigned char *buf, size_t len);
void  sfs_datagen_free(struct sfs_datagen *g);

#endif
