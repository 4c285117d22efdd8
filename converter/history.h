/* history.h - a walk back through git history: each commit's changes to
 * the paths under a prefix, newest commit first.
 *
 * The reference audit learns from it where documents were renamed to,
 * the age audit when each document last changed.  Only the first-parent
 * line of HEAD is read: a merge counts as one change, as "git log
 * --first-parent" shows it. */
#ifndef T2R_HISTORY_H
#define T2R_HISTORY_H

#include <git2.h>
#include <stddef.h>

typedef enum {
  T2R_CHANGE_ADDED,
  T2R_CHANGE_MODIFIED,
  T2R_CHANGE_DELETED,
  T2R_CHANGE_RENAMED
} t2r_change_kind;

typedef struct {
  t2r_change_kind kind;
  const char *old_path; /* in the parent; NULL when added */
  const char *new_path; /* in the commit; NULL when deleted */
  long long time;       /* the commit's, seconds since the epoch */
} t2r_change;

/* Called for each change; a non-zero return ends the walk. */
typedef int (*t2r_change_fn)(const t2r_change *c, void *payload);

typedef struct {
  const char *prefix; /* only changes below it ("Documentation/"; "": all) */
  int renames;        /* pair deletions with additions as git does */
  size_t max_commits; /* read no more (0: no limit) */
  long long since;    /* stop at the first commit older (0: never) */
} t2r_history_options;

typedef struct {
  size_t commits;      /* commits read */
  long long oldest;    /* the oldest one's time */
  int reached_root;    /* the whole history was read */
} t2r_history_end;

/* Walks the history of HEAD.  Returns 0 (also for a repository without
 * commits), or -1 when the history cannot be read. */
int t2r_history_walk(git_repository *repo, const t2r_history_options *o,
                     t2r_change_fn fn, void *payload, t2r_history_end *end);

#endif
