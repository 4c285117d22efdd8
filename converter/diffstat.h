/* diffstat.h - the diffstat of a libgit2 diff, as git prints it.
 *
 * libgit2's own stops at the width it is given only in part, aligns
 * renamed files apart from the rest and lists no renames in its summary;
 * a series is read beside git's, so its diffstats follow git's layout:
 * names cut from the left ("..."), the graph scaled into the width,
 * renames as "dir/{old => new}" and "rename ... (NN%)" in the summary. */
#ifndef T2R_DIFFSTAT_H
#define T2R_DIFFSTAT_H

#include "buf.h"

#include <git2.h>
#include <stddef.h>

/* Line counts of files already diffed, by pair of blobs and paths: a
 * series' cover letter diffs again most pairs its mails diffed. */
typedef struct t2r_stat_cache t2r_stat_cache;

t2r_stat_cache *t2r_stat_cache_new(void);
void t2r_stat_cache_free(t2r_stat_cache *cache);

/* Appends to 'stat' the diffstat of 'diff' in 'width' columns with the
 * totals and summary lines, and unless NULL, to 'text' its patches
 * (each file's patch is made once for both).  With a 'cache', counts
 * are kept in it and, when no text is asked for, taken from it.
 * Returns 0, or -1 with libgit2's error set. */
int t2r_diffstat(git_diff *diff, size_t width, t2r_stat_cache *cache,
                 t2r_buf *stat, t2r_buf *text);

#endif
