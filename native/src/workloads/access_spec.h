/* Iometer access specifications and the current-sector-address (CSA)
 * generator of pgmeter (docs/access-specs.md).
 *
 * A spec is a list of lines; each line: transfer size, % of accesses,
 * % reads, % random, delay (ms) before each burst, burst length,
 * alignment (bytes, 0 = the 512-byte sector), reply size.  In the engine
 * configuration a spec is one value: lines separated by ';', fields by ','
 * in that order (access_spec=4096,60,80,100,0,1,0,0;512,40,80,100,0,1,0,0).
 *
 * One generator per target: the outstanding requests of a proc on its
 * target share its CSA, so sequential requests follow each other even with
 * many in flight. */
#ifndef SFS_ACCESS_SPEC_H
#define SFS_ACCESS_SPEC_H

#include <stddef.h>
#include <stdint.h>
#include "rng.h"

#define SFS_ACCESS_MAX_LINES 64
#define SFS_ACCESS_SECTOR    512u    /* alignment 0 = sector alignment */
#define SFS_ACCESS_MAX_DELAY_MS 3600000u

typedef struct sfs_access_line {
    uint32_t size;        /* bytes per transfer */
    uint32_t pct;         /* % of accesses (the lines add up to 100) */
    uint32_t read_pct;    /* % of this line's transfers that read */
    uint32_t random_pct;  /* % that go to a random offset instead of the next sequential one */
    uint32_t delay_ms;    /* wait before each burst */
    uint32_t burst;       /* transfers per burst (>= 1) */
    uint32_t align;       /* offsets are multiples of this (bytes, >= 1) */
} sfs_access_line;

typedef struct sfs_access_spec {
    int nlines;
    sfs_access_line line[SFS_ACCESS_MAX_LINES];
} sfs_access_spec;

/* Parse "size,pct,read,random,delay,burst,align,reply;..." (fields may be
 * surrounded by blanks).  Every field is checked; reply must be 0 (a reply
 * is a network target's answer, there is none from a file).  0, or -1 with
 * a message naming the line (1-based) and field. */
int sfs_access_parse(const char *text, uint32_t max_size, sfs_access_spec *spec,
                     char *err, size_t errlen);

typedef struct sfs_access_gen {
    const sfs_access_spec *spec;
    sfs_rng  rng;
    uint64_t start, end;   /* tested region [start, end) of the target */
    uint64_t csa;          /* where the next sequential transfer begins */
    int      cur;          /* line of the current burst */
    uint32_t burst_left;   /* transfers left in it */
    uint64_t pause_ns;     /* delay owed before the next burst */
} sfs_access_gen;

typedef struct sfs_access_io {
    uint64_t offset;
    uint32_t length;
    int      read;         /* 1 read, 0 write */
    int      random;       /* 1 random, 0 sequential */
    int      line;         /* index of its spec line */
} sfs_access_io;

/* 0, or -1 with a message if a line's transfer does not fit in the region. */
int  sfs_access_gen_init(sfs_access_gen *g, const sfs_access_spec *spec, uint64_t start,
                         uint64_t end, uint64_t seed, char *err, size_t errlen);
void sfs_access_gen_next(sfs_access_gen *g, sfs_access_io *io);
/* Delay owed before the next transfer (the next burst's), then 0. */
uint64_t sfs_access_gen_pause(sfs_access_gen *g);

#endif
