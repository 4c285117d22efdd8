/* emit_patch.c - unified diffs through libgit2's diff machinery. */
#include "emit_patch.h"

#include "diffstat.h"
#include "fileio.h"
#include "gitsetup.h"
#include "mail.h"

#include <git2.h>
#include <git2/sys/hashsig.h>
#include <stdlib.h>
#include <string.h>

static void ensure_libgit2(void) {
  static int ready;
  if (!ready) {
    t2r_git_init();
    ready = 1;
  }
}

static git_patch *make_patch(const char *old_path, const char *old,
                             size_t old_len, const char *new_path,
                             const char *new_text, size_t new_len) {
  ensure_libgit2();
  git_diff_options opts;
  git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
  opts.id_abbrev = 7;
  git_patch *patch = NULL;
  if (git_patch_from_buffers(&patch, old, old_len, old_path, new_text, new_len,
                             new_path, &opts) != 0)
    return NULL;
  return patch;
}

unsigned t2r_similarity(const char *old, size_t old_len, const char *new_text,
                        size_t new_len) {
  size_t larger = old_len > new_len ? old_len : new_len;
  if (!larger)
    return 100;
  git_patch *patch = make_patch("a", old, old_len, "b", new_text, new_len);
  if (!patch)
    return 0;
  size_t changed = 0;
  for (size_t h = 0; h < git_patch_num_hunks(patch); h++) {
    int lines = git_patch_num_lines_in_hunk(patch, h);
    for (int l = 0; l < lines; l++) {
      const git_diff_line *dl;
      if (git_patch_get_line_in_hunk(&dl, patch, h, (size_t)l) == 0 &&
          dl->origin == GIT_DIFF_LINE_DELETION)
        changed += dl->content_len;
    }
  }
  git_patch_free(patch);
  size_t kept = old_len > changed ? old_len - changed : 0;
  return (unsigned)(kept * 100 / larger);
}

static int fail(t2r_buf *out) {
  const git_error *e = git_error_last();
  t2r_buf_reset(out);
  t2r_buf_puts(out, e && e->message ? e->message : "diff failed");
  return -1;
}

int t2r_emit_diff(const char *old_path, const char *old, size_t old_len,
                  const char *new_path, const char *new_text, size_t new_len,
                  t2r_buf *out) {
  git_patch *patch =
      make_patch(old_path, old, old_len, new_path, new_text, new_len);
  if (!patch)
    return fail(out);
  git_buf text = GIT_BUF_INIT;
  if (git_patch_to_buf(&text, patch) != 0) {
    git_patch_free(patch);
    return fail(out);
  }
  int renamed = strcmp(old_path, new_path) != 0;
  if (!text.size) { /* identical: git still shows the rename */
    if (renamed)
      t2r_buf_printf(out,
                     "diff --git a/%s b/%s\nsimilarity index 100%%\n"
                     "rename from %s\nrename to %s\n",
                     old_path, new_path, old_path, new_path);
  } else {
    const char *nl = memchr(text.ptr, '\n', text.size);
    size_t head = nl ? (size_t)(nl - text.ptr) + 1 : text.size;
    t2r_buf_put(out, text.ptr, head);
    if (renamed)
      t2r_buf_printf(out, "similarity index %u%%\nrename from %s\nrename to %s\n",
                     t2r_similarity(old, old_len, new_text, new_len), old_path,
                     new_path);
    t2r_buf_put(out, text.ptr + head, text.size - head);
  }
  git_buf_dispose(&text);
  git_patch_free(patch);
  return 0;
}

/* ------------------------------------------------------------ signatures */

/* git's content signature of each blob weighed for renames, by blob id:
 * a series' cover letter weighs again the pairs its mails did, and the
 * signatures were an eighth of a batch run. */
typedef struct {
  git_oid id;
  git_hashsig *sig; /* NULL: the blob could not be weighed */
  int taken;
} signed_blob;

struct t2r_sig_cache {
  signed_blob *slots;
  size_t cap, n; /* cap: a power of two, kept at least twice n */
};

t2r_sig_cache *t2r_sig_cache_new(void) {
  return t2r_xcalloc(1, sizeof(t2r_sig_cache)); /* slots come with the first */
}

void t2r_sig_cache_free(t2r_sig_cache *c) {
  if (!c)
    return;
  for (size_t i = 0; i < c->cap; i++)
    git_hashsig_free(c->slots[i].sig);
  free(c->slots);
  free(c);
}

/* The slot of blob 'id': its own, or the free one to take. */
static signed_blob *sig_slot(const t2r_sig_cache *c, const git_oid *id) {
  size_t h = 0;
  for (size_t i = 0; i < sizeof h; i++)
    h = h << 8 | id->id[i];
  for (size_t i = h & (c->cap - 1);; i = (i + 1) & (c->cap - 1))
    if (!c->slots[i].taken || git_oid_equal(&c->slots[i].id, id))
      return &c->slots[i];
}

static void grow_sig_cache(t2r_sig_cache *c) {
  t2r_sig_cache bigger = {NULL, c->cap ? 2 * c->cap : 64, c->n};
  bigger.slots = t2r_xcalloc(bigger.cap, sizeof *bigger.slots);
  for (size_t i = 0; i < c->cap; i++)
    if (c->slots[i].taken)
      *sig_slot(&bigger, &c->slots[i].id) = c->slots[i];
  free(c->slots);
  *c = bigger;
}

/* The signature of blob 'id' holding 'buf', made as git's own rename
 * metric makes it; the cache keeps it. */
static const git_hashsig *signature_of(t2r_sig_cache *c, const git_oid *id,
                                       const char *buf, size_t len) {
  if (2 * (c->n + 1) > c->cap)
    grow_sig_cache(c);
  signed_blob *e = sig_slot(c, id);
  if (!e->taken) {
    e->id = *id, e->taken = 1, c->n++;
    if (git_hashsig_create(&e->sig, buf, len,
                           GIT_HASHSIG_SMART_WHITESPACE |
                               GIT_HASHSIG_ALLOW_SMALL_FILES) != 0)
      e->sig = NULL;
  }
  return e->sig;
}

/* ---------------------------------------------------------------- series */

/* A converted document is a renamed one: a short file whose title gained
 * an overline can fall below git's 50% and show as delete + add.  A lower
 * threshold keeps it a rename; it pairs only what was deleted and added
 * in one commit. */
#define RENAME_THRESHOLD 20

/* What a diff weighs for renames: the renames, also ordered by new path
 * (NULL: every deleted file against every added one, as git does), and
 * the signatures of the blobs. */
typedef struct {
  const t2r_renames *renames; /* by old path */
  const t2r_rename **by_new;
  t2r_sig_cache *sigs;
} pairing;

static int by_new_path(const void *x, const void *y) {
  return strcmp((*(const t2r_rename *const *)x)->new_path,
                (*(const t2r_rename *const *)y)->new_path);
}

static int by_old_path(const void *key, const void *item) {
  return strcmp(key, ((const t2r_rename *)item)->old_path);
}

/* The rename whose old path (new path when 'as_new') is 'path', or -1. */
static long rename_of(const pairing *pg, const char *path, int as_new) {
  if (!pg->renames)
    return -1;
  const t2r_rename *items = pg->renames->items;
  size_t lo = 0, hi = pg->renames->n;
  if (!as_new) {
    const t2r_rename *hit =
        bsearch(path, items, pg->renames->n, sizeof *items, by_old_path);
    return hit ? (long)(hit - items) : -1;
  }
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = strcmp(path, pg->by_new[mid]->new_path);
    if (!c)
      return (long)(pg->by_new[mid] - items);
    if (c < 0)
      hi = mid;
    else
      lo = mid + 1;
  }
  return -1;
}

/* A file's signature for the paired similarity metric: the rename it is
 * the source or the target of, and git's own content signature (owned by
 * the pairing's cache). */
typedef struct {
  long as_old, as_new;
  const git_hashsig *sig;
} paired_sig;

static void *paired_sig_of(pairing *pg, const char *path, const git_oid *id,
                           const char *buf, size_t len) {
  paired_sig *ps = t2r_xrealloc(NULL, sizeof *ps);
  ps->as_old = rename_of(pg, path, 0);
  ps->as_new = rename_of(pg, path, 1);
  ps->sig = signature_of(pg->sigs, id, buf, len);
  return ps;
}

static int paired_signature(void **out, const git_diff_file *file,
                            const char *buf, size_t len, void *payload) {
  *out = paired_sig_of(payload, file->path, &file->id, buf, len);
  return 0;
}

/* A file of a work tree: its id is not known before it is read. */
static int paired_file_signature(void **out, const git_diff_file *file,
                                 const char *fullpath, void *payload) {
  t2r_buf b;
  t2r_buf_init(&b);
  git_oid id;
  int rc = t2r_read_file(fullpath, &b) ||
           git_odb_hash(&id, b.ptr, b.len, GIT_OBJECT_BLOB) != 0;
  if (!rc)
    *out = paired_sig_of(payload, file->path, &id, b.ptr, b.len);
  t2r_buf_release(&b);
  return rc ? -1 : 0;
}

static void paired_free(void *sig, void *payload) {
  (void)payload;
  free(sig);
}

/* git's similarity for a pair the change renamed, 0 for any other (any
 * pair weighs without renames): git asks for every deleted file against
 * every added one. */
static int paired_similarity(int *score, void *siga, void *sigb,
                             void *payload) {
  const pairing *pg = payload;
  const paired_sig *a = siga, *b = sigb;
  *score = 0;
  if (a->sig && b->sig &&
      (!pg->renames || (a->as_old >= 0 && a->as_old == b->as_new) ||
       (b->as_old >= 0 && b->as_old == a->as_new)))
    *score = git_hashsig_compare(a->sig, b->sig);
  return *score < 0 ? -1 : 0;
}

/* t2r_tree_diff, looking only at 'paths' (literal, all of the trees when
 * NULL): the trees' other entries are known to be the same.  'sigs' may
 * be NULL: the diff then weighs its blobs for itself. */
static int diff_trees(git_repository *repo, git_tree *from, git_tree *to,
                      const git_strarray *paths, const t2r_renames *renames,
                      t2r_sig_cache *sigs, git_diff **out) {
  git_diff_options opts;
  git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
  opts.flags |= GIT_DIFF_SHOW_BINARY;
  if (paths) {
    opts.pathspec = *paths;
    opts.flags |= GIT_DIFF_DISABLE_PATHSPEC_MATCH;
  }
  if (git_diff_tree_to_tree(out, repo, from, to, &opts) != 0)
    return -1;
  git_diff_find_options find;
  git_diff_find_options_init(&find, GIT_DIFF_FIND_OPTIONS_VERSION);
  find.flags = GIT_DIFF_FIND_RENAMES;
  find.rename_threshold = RENAME_THRESHOLD;
  pairing pg = {renames, NULL, sigs ? sigs : t2r_sig_cache_new()};
  git_diff_similarity_metric paired = {paired_file_signature, paired_signature,
                                       paired_free, paired_similarity, &pg};
  find.metric = &paired;
  if (renames) {
    pg.by_new = t2r_xrealloc(NULL, (renames->n + 1) * sizeof *pg.by_new);
    for (size_t i = 0; i < renames->n; i++)
      pg.by_new[i] = &renames->items[i];
    qsort(pg.by_new, renames->n, sizeof *pg.by_new, by_new_path);
  }
  int rc = git_diff_find_similar(*out, &find);
  free(pg.by_new);
  if (!sigs)
    t2r_sig_cache_free(pg.sigs);
  return rc;
}

int t2r_tree_diff(git_repository *repo, git_tree *from, git_tree *to,
                  const t2r_renames *renames, git_diff **out) {
  return diff_trees(repo, from, to, NULL, renames, NULL, out);
}

/* The diff between two trees (t2r_tree_diff, or only 'paths' of them),
 * its diffstat in 'width' columns into 'stat' and, unless NULL, its
 * patches into 'text'. */
static int diff_and_stat(git_repository *repo, git_tree *from, git_tree *to,
                         const git_strarray *paths, const t2r_renames *renames,
                         t2r_sig_cache *sigs, size_t width,
                         t2r_stat_cache *counts, t2r_buf *stat, t2r_buf *text) {
  git_diff *diff = NULL;
  int rc = diff_trees(repo, from, to, paths, renames, sigs, &diff);
  if (!rc)
    rc = t2r_diffstat(diff, width, counts, stat, text);
  git_diff_free(diff);
  return rc;
}

static int commit_trees(git_repository *repo, const git_oid *id,
                        git_commit **c, git_tree **parent, git_tree **tree) {
  git_commit *p = NULL;
  if (git_commit_lookup(c, repo, id) != 0)
    return -1;
  if (git_commit_parent(&p, *c, 0) != 0 || git_commit_tree(parent, p) != 0 ||
      git_commit_tree(tree, *c) != 0) {
    git_commit_free(p);
    git_commit_free(*c);
    return -1;
  }
  git_commit_free(p);
  return 0;
}

static void put_signature(t2r_buf *out) {
  t2r_buf_puts(out, "-- \ntxt2rst " T2R_PATCH_VERSION "\n\n");
}

int t2r_emit_mail(const t2r_series_mail *s, size_t i, t2r_buf *text,
                  t2r_buf *name) {
  git_commit *c;
  git_tree *from, *to;
  if (commit_trees(s->repo, &s->commits[i], &c, &from, &to) != 0)
    return -1;
  t2r_buf stat, patches;
  t2r_buf_init(&stat);
  t2r_buf_init(&patches);
  int rc = diff_and_stat(s->repo, from, to, &s->changed[i], NULL, s->sigs, 72,
                         s->counts, &stat, &patches);
  if (!rc) {
    const char *summary = git_commit_summary(c), *body = git_commit_body(c);
    t2r_mail_head head = {&s->commits[i], git_commit_author(c), i + 1, s->n,
                          summary, body};
    t2r_mail_header(&head, text);
    if (body && *body) {
      t2r_buf_puts(text, body);
      if (body[strlen(body) - 1] != '\n')
        t2r_buf_putc(text, '\n');
    }
    t2r_buf_puts(text, "---\n");
    t2r_buf_put(text, stat.ptr, stat.len);
    t2r_buf_putc(text, '\n');
    t2r_buf_put(text, patches.ptr, patches.len);
    put_signature(text);
    t2r_patch_name(i + 1, summary, name);
  }
  t2r_buf_release(&stat);
  t2r_buf_release(&patches);
  git_tree_free(from);
  git_tree_free(to);
  git_commit_free(c);
  return rc;
}

int t2r_emit_cover_letter(const t2r_series_mail *s, t2r_buf *text,
                          t2r_buf *name) {
  git_tree *from, *to;
  git_commit *last;
  if (git_commit_tree(&from, s->base) != 0 ||
      git_commit_lookup(&last, s->repo, &s->commits[s->n - 1]) != 0)
    return -1;
  git_commit_tree(&to, last);
  t2r_buf stat;
  t2r_buf_init(&stat);
  int rc = diff_and_stat(s->repo, from, to, NULL, s->renames, s->sigs, 72,
                         s->counts, &stat, NULL);
  if (!rc) {
    t2r_buf body; /* the header declares it 8-bit when it is */
    t2r_buf_init(&body);
    t2r_buf_puts(&body, "Convert legacy plain-text documentation to "
                        "reStructuredText, rename\nthe files to .rst, update "
                        "the references to them and list them in\nindex.rst "
                        "toctrees.\n\n");
    t2r_buf_printf(&body, "%s (%zu):\n", s->author->name, s->n);
    for (size_t i = 0; i < s->n; i++) {
      git_commit *c;
      if (git_commit_lookup(&c, s->repo, &s->commits[i]) == 0) {
        t2r_buf_printf(&body, "  %s\n", git_commit_summary(c));
        git_commit_free(c);
      }
    }
    t2r_mail_head head = {&s->commits[s->n - 1], s->author, 0, s->n,
                          s->subject, body.ptr};
    t2r_mail_header(&head, text);
    t2r_buf_put(text, body.ptr, body.len);
    t2r_buf_release(&body);
    t2r_buf_putc(text, '\n');
    t2r_buf_put(text, stat.ptr, stat.len);
    t2r_buf_putc(text, '\n');
    put_signature(text);
    t2r_buf_puts(name, "0000-cover-letter.patch");
  }
  t2r_buf_release(&stat);
  git_tree_free(from);
  git_tree_free(to);
  git_commit_free(last);
  return rc;
}

/* ------------------------------------------------------------- dry run */

#define COLOR_META "\033[1m"
#define COLOR_FRAG "\033[36m"
#define COLOR_OLD "\033[31m"
#define COLOR_NEW "\033[32m"
#define COLOR_RESET "\033[m"

/* Colors a diff as git does: headers bold, hunk lines cyan, removed
 * lines red, added lines green. */
static void colorize(const char *p, size_t n, t2r_buf *out) {
  int in_header = 0;
  for (size_t i = 0; i < n;) {
    const char *nl = memchr(p + i, '\n', n - i);
    size_t e = nl ? (size_t)(nl - p) : n;
    const char *color = NULL;
    if (!strncmp(p + i, "diff --git ", 11))
      in_header = 1;
    else if (p[i] == '@' && e - i >= 2 && p[i + 1] == '@')
      in_header = 0, color = COLOR_FRAG;
    if (in_header)
      color = COLOR_META;
    else if (!color && p[i] == '-')
      color = COLOR_OLD;
    else if (!color && p[i] == '+')
      color = COLOR_NEW;
    if (color)
      t2r_buf_puts(out, color);
    t2r_buf_put(out, p + i, e - i);
    if (color)
      t2r_buf_puts(out, COLOR_RESET);
    if (nl)
      t2r_buf_putc(out, '\n');
    i = e + 1;
  }
}

int t2r_emit_tree_diff(git_repository *repo, git_tree *from, git_tree *to,
                       const t2r_renames *renames, int color, t2r_buf *out) {
  t2r_buf stat, text;
  t2r_buf_init(&stat);
  t2r_buf_init(&text);
  int rc = diff_and_stat(repo, from, to, NULL, renames, NULL, 80, NULL,
                         &stat, &text);
  if (!rc) {
    if (color)
      colorize(text.ptr, text.len, out);
    else
      t2r_buf_put(out, text.ptr, text.len);
    t2r_buf_put(out, stat.ptr, stat.len);
  }
  t2r_buf_release(&stat);
  t2r_buf_release(&text);
  return rc;
}
