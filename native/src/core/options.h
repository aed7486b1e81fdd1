/* Declarative configuration keys, as fio declares its options: a table of
 * name, type, range, default and where the value goes.  The core keys
 * (config.c) and each backend's own options (sfs_backend.options) use the
 * same form, so one parser checks them and the catalog (sfsengine.h) lists
 * them with the numbers the parser enforces. */
#ifndef SFS_OPTIONS_H
#define SFS_OPTIONS_H

#include <stddef.h>
#include <stdint.h>
#include "sfsengine.h"          /* SFS_KEY_* types */

typedef struct sfs_option {
    const char *name;
    int         type;           /* SFS_KEY_INT, _NUM, _TEXT, _SECRET, _CHOICE, _SPECIAL */
    double      min, max;       /* INT/NUM: allowed range (inclusive) */
    const char *def;            /* default as config text; NULL = unset (see help) */
    const char *help;           /* one line; CHOICE: the allowed words, '|' separated */
    size_t      offset;         /* where the value goes in the options struct */
    size_t      size;           /* size of that field (INT: 4 or 8; TEXT: array size) */
} sfs_option;

/* An option stored in field 'f' of struct type 'T'. */
#define SFS_OPT_AT(T, f) offsetof(T, f), sizeof(((T *)0)->f)

/* Options several backends share: one definition each, so their ranges
 * cannot drift apart.  T is the backend's options struct. */
#define SFS_OPT_BLOCK_SIZE(T, f) \
    { "block_size", SFS_KEY_INT, 0, 1 << 20, "0", \
      "bytes per physical read/write request (0 = negotiate / one request per transfer)", \
      SFS_OPT_AT(T, f) }
#define SFS_OPT_BIOD_READS(T, f) \
    { "biod_reads", SFS_KEY_INT, 0, 32, "2", \
      "physical reads of one logical read in flight at once (0 behaves as 1)", SFS_OPT_AT(T, f) }
#define SFS_OPT_BIOD_WRITES(T, f) \
    { "biod_writes", SFS_KEY_INT, 0, 32, "2", \
      "physical writes of one logical write in flight at once (0 behaves as 1)", SFS_OPT_AT(T, f) }

/* Number of entries of a table ending with a { NULL } entry. */
int sfs_options_count(const sfs_option *opts);
/* Index of 'name' in opts, or -1. */
int sfs_options_find(const sfs_option *opts, const char *name);
/* Check 'value' against o and store it at base + o->offset.  0, or -1
 * with "config line N: key=value ..." in err (a SECRET value is never
 * echoed).  line 0 = a default. */
int sfs_option_set(const sfs_option *o, void *base, int line, const char *value,
                   char *err, size_t errlen);
/* Store every default (options with def != NULL). */
int sfs_options_defaults(const sfs_option *opts, void *base, char *err, size_t errlen);
/* CHOICE: the i-th of the '|' separated words into out.  0, or -1 if
 * there is no such word or it does not fit. */
int sfs_choice_word(const char *words, int i, char *out, size_t len);
/* Zero every SECRET field of base. */
void sfs_options_scrub(const sfs_option *opts, void *base);

#endif
