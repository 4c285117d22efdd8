/* emit_patch.h - the change as a unified diff, as git prints a rename.
 *
 * libgit2 computes the hunks and the blob ids, so that the output is the
 * diff git itself would show for "git mv old new" plus the edits. */
#ifndef T2R_EMIT_PATCH_H
#define T2R_EMIT_PATCH_H

#include "buf.h"

#include <git2.h>
#include <stddef.h>

/* The version named under a mail's "-- " line. */
#define T2R_PATCH_VERSION "0.1.0"

/* Appends to 'out' the diff from 'old' (at 'old_path') to 'new' (at
 * 'new_path'): "diff --git", similarity and rename lines when the paths
 * differ, "index", then the hunks.  Returns 0, or -1 with a reason in
 * 'out' replaced by libgit2's message. */
int t2r_emit_diff(const char *old_path, const char *old, size_t old_len,
                  const char *new_path, const char *new_text, size_t new_len,
                  t2r_buf *out);

/* Git's similarity index (0-100) of 'new' to 'old': the share of the
 * larger side's bytes that sit in unchanged lines. */
unsigned t2r_similarity(const char *old, size_t old_len, const char *new_text,
                        size_t new_len);

/* The renames a change made, old path -> new path, sorted by old path. */
typedef struct {
  const char *old_path, *new_path;
} t2r_rename;

typedef struct {
  const t2r_rename *items;
  size_t n;
} t2r_renames;

/* git's rename signatures of the blobs diffs have weighed, by blob id,
 * for the next diff to take. */
typedef struct t2r_sig_cache t2r_sig_cache;

t2r_sig_cache *t2r_sig_cache_new(void);
void t2r_sig_cache_free(t2r_sig_cache *cache);

/* A series of commits made on top of 'base', to be mailed. */
typedef struct {
  git_repository *repo;
  const git_signature *author;
  git_commit *base;
  const git_oid *commits;
  const git_strarray *changed; /* commit i's changed paths */
  size_t n;
  const char *subject;        /* of the cover letter, after "[PATCH 0/n] " */
  const t2r_renames *renames; /* what the series renames */
  struct t2r_stat_cache *counts; /* the mails' line counts, for the cover */
  t2r_sig_cache *sigs;           /* the mails' signatures, for the cover */
} t2r_series_mail;

/* The diff between two trees, renames found as git finds them (by
 * content similarity, RENAME_THRESHOLD).  With 'renames', only those
 * pairs are weighed: git weighs every added file against every deleted
 * one, which a tree-wide conversion makes quadratic. */
int t2r_tree_diff(git_repository *repo, git_tree *from, git_tree *to,
                  const t2r_renames *renames, git_diff **out);

/* Patch i (0-based) of the series as "git format-patch" writes it, and
 * its file name ("0001-docs-foo-convert-bar.txt-to-ReST.patch").
 * Returns 0, or a libgit2 error. */
int t2r_emit_mail(const t2r_series_mail *s, size_t i, t2r_buf *text,
                  t2r_buf *name);

/* The cover letter "0000-cover-letter.patch": subjects and diffstat;
 * made after the mails, it takes their line counts. */
int t2r_emit_cover_letter(const t2r_series_mail *s, t2r_buf *text,
                          t2r_buf *name);

/* The whole change between two trees as one diff with a diffstat after
 * it; colored for a terminal when 'color' is set. */
int t2r_emit_tree_diff(git_repository *repo, git_tree *from, git_tree *to,
                       const t2r_renames *renames, int color, t2r_buf *out);

#endif
