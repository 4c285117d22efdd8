/* worktree.h - a git work tree as the audits read it: its tracked paths,
 * sorted, and their text.
 *
 * The reference and age audits look at what git tracks, not at whatever
 * lies in the directory: build output and editor files are no part of
 * the documentation. */
#ifndef T2R_WORKTREE_H
#define T2R_WORKTREE_H

#include "buf.h"
#include "diag.h"

#include <git2.h>
#include <stddef.h>

typedef struct {
  git_repository *repo;
  const char *top;   /* the work tree's directory, ending in '/' */
  char *prefix;      /* the directory opened, from the top ("" for it) */
  char **paths;      /* tracked files, sorted as git's index keeps them */
  size_t npaths;
} t2r_worktree;

/* Opens the work tree holding 'dir'.  Returns 0, or -1 with
 * "dir: reason" in 'diags' (and 'w' needs no closing). */
int t2r_worktree_open(t2r_worktree *w, const char *dir, t2r_diags *diags);
void t2r_worktree_close(t2r_worktree *w);

/* The first index whose path is not below [key, +n) in order. */
size_t t2r_worktree_find(const t2r_worktree *w, const char *key, size_t n);
/* Is [p, p+n) a tracked file, or a directory holding one? */
int t2r_worktree_has(const t2r_worktree *w, const char *p, size_t n);
/* Can byte 'c' be part of a path written in text ("drivers/net/a,b.c")? */
int t2r_path_byte(unsigned char c);
/* Does the word holding 'at' (on the line starting at 'line') read as a
 * URL ("https://host/Documentation/...", "www.kernel.org/...")? */
int t2r_in_url(const char *line, const char *at);
/* Is 'path' named like a document: .rst, .txt or no extension? */
int t2r_document_path(const char *path);
/* Reads tracked file 'path' if it is text (no NUL byte near its start,
 * at most 8 MiB); returns 0 when it was read. */
int t2r_worktree_read_text(const t2r_worktree *w, const char *path,
                           t2r_buf *text);

#endif
