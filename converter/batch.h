/* batch.h - a subtree of a git work tree into a patch series.
 *
 * Batch mode converts every legacy text document under a directory,
 * renames foo.txt to foo.rst, fixes exact path references to the renamed
 * files anywhere in the repository, and lists the new documents in each
 * directory's index.rst toctree.  The changes are built as commits in
 * memory on top of HEAD (nothing is written to the repository) and then
 * written out as a git format-patch series, shown as one diff (dry run),
 * or applied to the work tree (in place). */
#ifndef T2R_BATCH_H
#define T2R_BATCH_H

#include "buf.h"
#include "diag.h"
#include "rules.h"

/* T2R_SPLIT_DEFAULT: as the repository's .txt2rst says, else per file */
typedef enum {
  T2R_SPLIT_DEFAULT,
  T2R_SPLIT_FILE,
  T2R_SPLIT_DIR,
  T2R_SPLIT_ONE
} t2r_split;
typedef enum { T2R_BATCH_SERIES, T2R_BATCH_DRY_RUN, T2R_BATCH_IN_PLACE }
t2r_batch_mode;

typedef struct {
  const char *dir;        /* the subtree to convert */
  const char *out_dir;    /* where the series goes (T2R_BATCH_SERIES) */
  t2r_batch_mode mode;
  t2r_split split;
  const char *from;       /* "Name <email>", or NULL for git config */
  const char **excludes;  /* glob patterns (fnmatch, repository paths) */
  size_t nexcludes;
  int signoff, force, color, progress;
  int verbose;            /* each document on stderr as it is converted */
  unsigned jobs;          /* conversion threads; 0: one per online CPU */
  const char **moves;     /* "OLD=NEW" repository paths (--move) */
  size_t nmoves;
  const char *move_map;   /* a file of "OLD NEW" lines, or NULL */
  t2r_buf *report;        /* when not NULL, gets the JSON report */
  const char *spdx;       /* as t2r_file_options.spdx, for each document */
} t2r_batch_options;

/* What a run did, for the closing summary. */
typedef struct {
  size_t converted, patches, references, indexes, skipped;
} t2r_batch_stats;

/* Runs batch mode.  Returns 0, or -1 with "path: reason" errors in
 * 'diags' (nothing written), or T2R_ERR_NOMEM when memory ran out (the
 * error in 'diags' says what was changed; what the run held is not
 * freed); review notes and skipped files go to 'diags' as notes.  The
 * dry run's diff goes to 'out'. */
int t2r_batch_run(const t2r_rules *rules, const t2r_batch_options *opt,
                  t2r_diags *diags, t2r_batch_stats *stats);

#endif
