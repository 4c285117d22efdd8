/* worktree.c - tracked paths and text of a git work tree. */
#define _GNU_SOURCE /* memmem, realpath */
#include "worktree.h"

#include "fileio.h"
#include "gitsetup.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_TEXT_BYTES (8u << 20) /* larger files are not read */
#define TEXT_PROBE 8000           /* bytes searched for a NUL, as git does */

static int by_string(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int load_paths(t2r_worktree *w) {
  git_index *index;
  if (git_repository_index(&index, w->repo) != 0)
    return -1;
  size_t n = git_index_entrycount(index);
  w->paths = t2r_xrealloc(NULL, (n + 1) * sizeof *w->paths);
  for (size_t i = 0; i < n; i++) {
    const git_index_entry *e = git_index_get_byindex(index, i);
    if (GIT_INDEX_ENTRY_STAGE(e) == 0)
      w->paths[w->npaths++] = t2r_strndup(e->path, strlen(e->path));
  }
  git_index_free(index);
  qsort(w->paths, w->npaths, sizeof *w->paths, by_string);
  return 0;
}

/* The path of directory 'dir' from the work tree's top; NULL with the
 * reason in '*why' when it is no directory inside the tree. */
static char *prefix_of(const t2r_worktree *w, const char *dir,
                       const char **why) {
  char real[PATH_MAX], top[PATH_MAX];
  struct stat st;
  if (!realpath(dir, real) || !realpath(w->top, top)) {
    *why = strerror(errno);
    return NULL;
  }
  size_t n = strlen(top);
  if (stat(real, &st) != 0 || !S_ISDIR(st.st_mode))
    *why = "not a directory";
  else if (strncmp(real, top, n) || (real[n] && real[n] != '/'))
    *why = "outside the repository's work tree";
  else
    return t2r_strndup(real + n + (real[n] == '/'), strlen(real + n) - (real[n] == '/'));
  return NULL;
}

int t2r_worktree_open(t2r_worktree *w, const char *dir, t2r_diags *diags) {
  memset(w, 0, sizeof *w);
  t2r_git_init();
  const char *reason = NULL;
  if (git_repository_open_ext(&w->repo, dir, 0, NULL) != 0 ||
      !(w->top = git_repository_workdir(w->repo)))
    reason = "not inside a git work tree";
  else if ((w->prefix = prefix_of(w, dir, &reason)) != NULL &&
           load_paths(w) != 0)
    reason = "cannot read the git index";
  if (!reason)
    return 0;
  t2r_diags_add(diags, T2R_DIAG_ERROR, 0, 0, NULL, "%s: %s", dir, reason);
  t2r_worktree_close(w);
  return -1;
}

void t2r_worktree_close(t2r_worktree *w) {
  for (size_t i = 0; i < w->npaths; i++)
    free(w->paths[i]);
  free(w->paths);
  free(w->prefix);
  git_repository_free(w->repo);
  git_libgit2_shutdown();
  memset(w, 0, sizeof *w);
}

size_t t2r_worktree_find(const t2r_worktree *w, const char *key, size_t n) {
  size_t lo = 0, hi = w->npaths;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (strncmp(w->paths[mid], key, n) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

int t2r_worktree_has(const t2r_worktree *w, const char *p, size_t n) {
  while (n && p[n - 1] == '/')
    n--;
  size_t i = t2r_worktree_find(w, p, n);
  for (; i < w->npaths && !strncmp(w->paths[i], p, n); i++)
    if (w->paths[i][n] == '\0' || w->paths[i][n] == '/')
      return 1;
  return 0;
}

int t2r_path_byte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.' ||
         c == '/' || c == '+' || c == ',';
}

int t2r_in_url(const char *line, const char *at) {
  const char *w = at;
  while (w > line && w[-1] != ' ' && w[-1] != '\t' && w[-1] != '<' &&
         w[-1] != '(')
    w--;
  return memmem(w, (size_t)(at - w), "://", 3) != NULL ||
         (at - w >= 4 && !memcmp(w, "www.", 4));
}

int t2r_document_path(const char *path) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  const char *dot = strrchr(base, '.');
  return !dot || !strcmp(dot, ".rst") || !strcmp(dot, ".txt");
}

int t2r_worktree_read_text(const t2r_worktree *w, const char *path,
                           t2r_buf *text) {
  t2r_buf full;
  t2r_buf_init(&full);
  t2r_buf_printf(&full, "%s%s", w->top, path);
  t2r_buf_reset(text);
  int ok = t2r_read_file(full.ptr, text) == 0 && text->len <= MAX_TEXT_BYTES &&
           !memchr(text->ptr, '\0', text->len < TEXT_PROBE ? text->len : TEXT_PROBE);
  t2r_buf_release(&full);
  return ok ? 0 : -1;
}
