/* refs.c - the reference audit: find references to documentation paths,
 * :doc: targets and toctree entries that point at nothing. */
#define _GNU_SOURCE /* memmem, memrchr */
#include "refs.h"

#include "fileio.h"
#include "history.h"
#include "worktree.h"
#include "index.h"
#include "txt2rst.h"

#include <errno.h>
#include <git2.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define DOC_ROOT "Documentation"

/* A reference to nothing, kept until the history is read. */
typedef struct {
  const char *file; /* one of the paths */
  unsigned line;
  char *shown;      /* the reference as written */
  char *target;     /* the repository path it names */
  int literal;      /* written as its target: a fix can rewrite it */
} finding;

/* "old was renamed to new", the 'seq'th rename history told (newest
 * first). */
typedef struct {
  const char *old_path, *new_path; /* owned */
  size_t seq;
} path_rename;

typedef struct {
  t2r_worktree tree;
  t2r_buf *report;
  t2r_refs_counts *counts;
  int fix;             /* rewrite what has a certain suggestion */
  finding *broken;     /* in file and line order */
  size_t nbroken;
  path_rename *renames; /* sorted by old path, the newest first */
  size_t nrenames;
  t2r_writes *writes; /* the fixed files, renamed into place together */
} audit;

static int by_string(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "a/b/../c/./d" -> "a/c/d" in place; returns the new length. */
static size_t normalize(char *p, size_t n) {
  size_t out = 0;
  for (size_t i = 0; i < n;) {
    size_t e = i;
    while (e < n && p[e] != '/')
      e++;
    size_t len = e - i;
    if (len == 2 && p[i] == '.' && p[i + 1] == '.') {
      while (out > 0 && p[out - 1] == '/')
        out--;
      while (out > 0 && p[out - 1] != '/')
        out--;
    } else if (len && !(len == 1 && p[i] == '.')) {
      memmove(p + out, p + i, len);
      out += len;
      if (e < n)
        p[out++] = '/';
    }
    i = e + 1;
  }
  while (out && p[out - 1] == '/')
    out--;
  return out;
}

/* The file name of 'path' without its extension, as [*stem, +len). */
static size_t stem_of(const char *path, size_t n, const char **stem) {
  const char *slash = memrchr(path, '/', n);
  const char *b = slash ? slash + 1 : path;
  size_t len = (size_t)(path + n - b);
  const char *dot = memrchr(b, '.', len);
  *stem = b;
  return dot && dot > b ? (size_t)(dot - b) : len;
}

static size_t common_prefix(const char *a, const char *b) {
  size_t n = 0;
  while (a[n] && a[n] == b[n])
    n++;
  return n;
}

/* The document a broken 'target' most likely meant: a document of the
 * same name (case and extension aside: foo.txt -> foo.rst,
 * DMA-API-HOWTO.txt -> dma-api-howto.rst) under the documentation root,
 * the one sharing the longest directory prefix with the target; NULL
 * when none or when two tie. */
static const char *suggest(const audit *a, const char *target, size_t n,
                           size_t *candidates) {
  const char *stem;
  size_t slen = stem_of(target, n, &stem);
  const char *best = NULL;
  size_t best_len = 0;
  int tie = 0;
  *candidates = 0;
  size_t i = t2r_worktree_find(&a->tree, DOC_ROOT "/", sizeof DOC_ROOT);
  for (; i < a->tree.npaths && !strncmp(a->tree.paths[i], DOC_ROOT "/",
                                        sizeof DOC_ROOT);
       i++) {
    const char *p = a->tree.paths[i], *s;
    size_t len = stem_of(p, strlen(p), &s);
    if (len != slen || strncasecmp(s, stem, slen) || !t2r_document_path(p))
      continue;
    size_t common = common_prefix(p, target);
    ++*candidates;
    if (!best || common > best_len) {
      best = p;
      best_len = common;
      tie = 0;
    } else if (common == best_len) {
      tie = 1;
    }
  }
  return tie ? NULL : best;
}

/* Is "Documentation/..." [target, +n), named from 'file', a document of
 * a directory above 'file' that has its own Documentation/
 * (tools/perf/util/x.c naming tools/perf/Documentation/...)? */
static int in_own_documentation(const audit *a, const char *file,
                                const char *target, size_t n) {
  t2r_buf path;
  t2r_buf_init(&path);
  int found = 0;
  for (const char *slash = strchr(file, '/'); slash && !found;
       slash = strchr(slash + 1, '/')) {
    t2r_buf_reset(&path);
    t2r_buf_put(&path, file, (size_t)(slash + 1 - file));
    t2r_buf_put(&path, target, n);
    found = t2r_worktree_has(&a->tree, path.ptr, path.len);
  }
  t2r_buf_release(&path);
  return found;
}

/* Checks one reference: 'target' ([target, +n), a repository path),
 * shown as 'shown' in the finding of 'file' at 'line'; 'literal' when
 * it is written as its target. */
static void check(audit *a, const char *file, unsigned line, const char *shown,
                  const char *target, size_t n, int literal) {
  a->counts->references++;
  if (t2r_worktree_has(&a->tree, target, n) ||
      in_own_documentation(a, file, target, n))
    return;
  a->broken = t2r_xrealloc(a->broken, (a->nbroken + 1) * sizeof *a->broken);
  a->broken[a->nbroken++] = (finding){file, line, t2r_strndup(shown, strlen(shown)),
                                      t2r_strndup(target, n), literal};
}

/* Where the tree path holding "Documentation/" at 'doc' starts: at 'doc'
 * itself, or at a relative prefix ("tools/objtool/Documentation/..." is
 * that directory's own).  A kernel tree named by its root
 * ("/usr/src/linux/Documentation/...") counts from 'doc'; other absolute
 * paths are none of the tree's (NULL). */
static const char *tree_path_start(const char *p, const char *doc) {
  const char *w = doc;
  while (w > p && t2r_path_byte((unsigned char)w[-1]))
    w--;
  if (w == doc)
    return doc;
  const char *dir = doc - 1; /* the component before, "linux" or other */
  while (dir > w && dir[-1] != '/')
    dir--;
  if (((size_t)(doc - dir) >= 6 && !memcmp(dir, "linux", 5) &&
       (dir[5] == '/' || dir[5] == '-')) ||
      (doc - dir == 4 && !memcmp(dir, ".../", 4)))
    return doc; /* ".../Documentation/..." elides the root too */
  return *w == '/' ? NULL : w;
}

/* "Documentation/..." paths on the line [p, p+n). */
static void scan_paths(audit *a, const char *file, unsigned line,
                       const char *p, size_t n) {
  static const char root[] = DOC_ROOT "/";
  const char *end = p + n;
  for (const char *at = p; (at = memmem(at, (size_t)(end - at), root,
                                        sizeof root - 1)) != NULL;) {
    const char *start = at;
    at += sizeof root - 1;
    if (start > p && (t2r_path_byte((unsigned char)start[-1]) && start[-1] != '/'))
      continue; /* part of a longer name */
    if (t2r_in_url(p, start))
      continue;
    const char *doc = start;
    start = tree_path_start(p, start);
    if (!start)
      continue;
    if (start != doc && !memchr(start, '/', (size_t)(doc - start - 1)) &&
        !t2r_worktree_has(&a->tree, start, (size_t)(doc - start)))
      start = doc; /* "srctree/Documentation/...": a stand-in for the top */
    const char *e = at;
    while (e < end && t2r_path_byte((unsigned char)*e))
      e++;
    if (e < end && strchr("*?[{$<\\", *e))
      continue; /* a glob ("actions,*", "\*" in RST) or a made-up path */
    while (e > at && strchr(".,-", e[-1])) /* sentence punctuation */
      e--;
    if (e == at)
      continue; /* the root alone */
    t2r_buf shown, t;
    t2r_buf_init(&shown);
    t2r_buf_init(&t);
    t2r_buf_put(&shown, start, (size_t)(e - start));
    t2r_buf_put(&t, start, (size_t)(e - start));
    t.len = normalize(t.ptr, t.len); /* "Documentation/x/../../y" */
    if (t.len)
      check(a, file, line, shown.ptr, t.ptr, t.len,
            t.len == shown.len && !memcmp(t.ptr, shown.ptr, t.len));
    t2r_buf_release(&shown);
    t2r_buf_release(&t);
    at = e;
  }
}

/* Checks document 'name' ([name, +n)) named from .rst 'file': relative to
 * the file's directory, or to the documentation root when it starts with
 * '/'.  'what' shows the reference, a format taking the name as "%.*s". */
static void check_doc(audit *a, const char *file, unsigned line,
                      const char *what, const char *name, size_t n) {
  if (!n || memchr(name, '*', n) || memchr(name, ':', n) ||
      (n == 4 && !memcmp(name, "self", 4)))
    return; /* a glob, a URL or the document itself */
  t2r_buf t, shown;
  t2r_buf_init(&t);
  t2r_buf_init(&shown);
  if (name[0] == '/') {
    t2r_buf_puts(&t, DOC_ROOT);
  } else {
    const char *slash = strrchr(file, '/');
    t2r_buf_put(&t, file, slash ? (size_t)(slash - file) : 0);
  }
  t2r_buf_putc(&t, '/');
  t2r_buf_put(&t, name, n);
  t.len = normalize(t.ptr, t.len);
  t2r_buf_puts(&t, ".rst");
  t2r_buf_printf(&shown, what, (int)n, name);
  t2r_buf_printf(&shown, " (%s)", t.ptr);
  check(a, file, line, shown.ptr, t.ptr, t.len, 0);
  t2r_buf_release(&t);
  t2r_buf_release(&shown);
}

/* :doc:`name` and :doc:`text <name>` on the line [p, p+n). */
static void scan_doc_roles(audit *a, const char *file, unsigned line,
                           const char *p, size_t n) {
  static const char role[] = ":doc:`";
  const char *end = p + n;
  for (const char *at = p;
       (at = memmem(at, (size_t)(end - at), role, sizeof role - 1)) != NULL;) {
    at += sizeof role - 1;
    const char *close = memchr(at, '`', (size_t)(end - at));
    if (!close)
      return;
    const char *lt = memchr(at, '<', (size_t)(close - at));
    const char *name = at, *name_end = close;
    if (lt && close[-1] == '>') {
      name = lt + 1;
      name_end = close - 1;
    }
    check_doc(a, file, line, ":doc:`%.*s`", name, (size_t)(name_end - name));
    at = close + 1;
  }
}

typedef struct {
  int in_toctree;    /* inside a toctree's content */
  unsigned indent;   /* the directive's indentation */
} toctree_state;

/* Toctree entries: the indented lines after ".. toctree::", its options
 * aside. */
static void scan_toctree(audit *a, const char *file, unsigned line,
                         const char *p, size_t n, toctree_state *ts) {
  size_t lead = 0;
  while (lead < n && (p[lead] == ' ' || p[lead] == '\t'))
    lead++;
  if (lead == n)
    return; /* blank lines stay inside */
  const char *t = p + lead;
  size_t tn = n - lead;
  if (tn >= 12 && !memcmp(t, ".. toctree::", 12)) {
    ts->in_toctree = 1;
    ts->indent = (unsigned)lead;
    return;
  }
  if (!ts->in_toctree)
    return;
  if (lead <= ts->indent) {
    ts->in_toctree = 0;
    return;
  }
  while (tn && (t[tn - 1] == ' ' || t[tn - 1] == '\t' || t[tn - 1] == '\r'))
    tn--;
  if (t[0] == ':' || !tn)
    return; /* an option */
  const char *name;
  size_t len = t2r_toctree_entry(t, tn, &name);
  if (len > 4 && !memcmp(name + len - 4, ".rst", 4))
    len -= 4; /* Sphinx takes "foo.rst" for "foo" */
  check_doc(a, file, line, "toctree entry %.*s", name, len);
}

static void scan_text(audit *a, const char *file, const char *p, size_t n) {
  size_t len = strlen(file);
  int rst = len > 4 && !strcmp(file + len - 4, ".rst");
  toctree_state ts = {0, 0};
  unsigned line = 0;
  for (size_t i = 0; i < n;) {
    const char *nl = memchr(p + i, '\n', n - i);
    size_t e = nl ? (size_t)(nl - p) : n;
    line++;
    scan_paths(a, file, line, p + i, e - i);
    if (rst) {
      scan_doc_roles(a, file, line, p + i, e - i);
      scan_toctree(a, file, line, p + i, e - i, &ts);
    }
    i = e + 1;
  }
}

/* How far back a rename is looked for: years of a busy tree's
 * documentation, and a bound on the time a search for a path that never
 * existed takes. */
#define HISTORY_COMMITS 20000

static int by_old_path(const void *x, const void *y) {
  const path_rename *a = x, *b = y;
  int c = strcmp(a->old_path, b->old_path);
  return c ? c : (a->seq > b->seq) - (a->seq < b->seq); /* newest first */
}

/* The history walk's state: the broken targets not yet seen leaving. */
typedef struct {
  audit *a;
  const char **wanted; /* sorted, unique */
  size_t nwanted, left;
  unsigned char *gone; /* per wanted target: seen renamed or deleted */
} rename_walk;

static int learn_change(const t2r_change *c, void *payload) {
  rename_walk *w = payload;
  audit *a = w->a;
  if (c->kind == T2R_CHANGE_RENAMED) {
    a->renames = t2r_xrealloc(a->renames, (a->nrenames + 1) * sizeof *a->renames);
    size_t seq = a->nrenames++;
    a->renames[seq] =
        (path_rename){t2r_strndup(c->old_path, strlen(c->old_path)),
                      t2r_strndup(c->new_path, strlen(c->new_path)), seq};
  }
  if (c->kind == T2R_CHANGE_RENAMED || c->kind == T2R_CHANGE_DELETED) {
    const char **hit = bsearch(&c->old_path, w->wanted, w->nwanted,
                               sizeof *w->wanted, by_string);
    if (hit && !w->gone[hit - w->wanted]) {
      w->gone[hit - w->wanted] = 1;
      w->left--;
    }
  }
  return w->left == 0; /* every later rename of theirs is known too */
}

/* Reads the renames of documentation from history, back to the last
 * commit where a broken target left (or HISTORY_COMMITS). */
static int learn_renames(audit *a, git_repository *repo) {
  rename_walk w = {a, t2r_xrealloc(NULL, a->nbroken * sizeof *w.wanted), 0, 0,
                   NULL};
  for (size_t i = 0; i < a->nbroken; i++)
    w.wanted[i] = a->broken[i].target;
  qsort(w.wanted, a->nbroken, sizeof *w.wanted, by_string);
  for (size_t i = 0; i < a->nbroken; i++)
    if (!w.nwanted || strcmp(w.wanted[w.nwanted - 1], w.wanted[i]))
      w.wanted[w.nwanted++] = w.wanted[i];
  w.left = w.nwanted;
  w.gone = calloc(w.nwanted, 1);
  t2r_history_options o = {DOC_ROOT "/", 1, HISTORY_COMMITS, 0};
  t2r_history_end end;
  int rc = w.gone ? t2r_history_walk(repo, &o, learn_change, &w, &end) : -1;
  free(w.gone);
  free(w.wanted);
  if (a->nrenames) /* qsort wants a real array, even of nothing */
    qsort(a->renames, a->nrenames, sizeof *a->renames, by_old_path);
  return rc;
}

/* Where history says 'path' went, following renames to a path that is
 * there now; NULL when it went nowhere that is. */
static const char *renamed_to(const audit *a, const char *path) {
  for (int step = 0; step < 64; step++) { /* a rename cycle ends here */
    size_t lo = 0, hi = a->nrenames;
    while (lo < hi) { /* the first entry for 'path' is the newest */
      size_t mid = lo + (hi - lo) / 2;
      if (strcmp(a->renames[mid].old_path, path) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
    if (lo == a->nrenames || strcmp(a->renames[lo].old_path, path))
      return NULL;
    path = a->renames[lo].new_path;
    if (t2r_worktree_has(&a->tree, path, strlen(path)))
      return path;
  }
  return NULL;
}

/* What 'f' most likely meant, and whether that is certain: a rename git
 * recorded, or the only document of the name. */
static const char *suggestion(const audit *a, const finding *f, int *certain) {
  const char *s = renamed_to(a, f->target);
  size_t candidates = 1;
  if (!s)
    s = suggest(a, f->target, strlen(f->target), &candidates);
  *certain = s && candidates == 1;
  return s;
}

/* A certain fix on a line of a file: 'from' becomes 'to'. */
typedef struct {
  unsigned line;
  const char *from, *to;
} fix;

/* Applies the fixes to 'text': on each fix's line, its first 'from' after
 * the previous fix becomes 'to'. */
static void apply_fixes(const fix *fixes, size_t n, t2r_buf *text) {
  const char *p = text->ptr, *end = text->ptr + text->len;
  unsigned line = 1;
  t2r_splice sp;
  t2r_splice_init(&sp, text);
  for (size_t k = 0; k < n; k++) {
    for (; line < fixes[k].line; line++) /* on to the fix's line */
      p = (const char *)memchr(p, '\n', (size_t)(end - p)) + 1;
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *eol = nl ? nl : end;
    size_t flen = strlen(fixes[k].from);
    const char *at = memmem(p, (size_t)(eol - p), fixes[k].from, flen);
    if (!at)
      continue;
    t2r_splice_put(&sp, (size_t)(at - text->ptr), (size_t)(at - text->ptr) + flen,
                   fixes[k].to, strlen(fixes[k].to));
    p = at + flen;
  }
  t2r_splice_finish(&sp, text);
}

/* Writes 'file' with its fixes beside it, to be renamed over it with
 * the others; returns 0 or -1 with the reason in 'diags'. */
static int write_fixes(const audit *a, const char *file, const fix *fixes,
                       size_t n, t2r_diags *diags) {
  t2r_buf full, text;
  t2r_buf_init(&full);
  t2r_buf_init(&text);
  t2r_buf_printf(&full, "%s%s", a->tree.top, file);
  int err = t2r_read_file(full.ptr, &text);
  if (!err) {
    apply_fixes(fixes, n, &text);
    err = t2r_writes_add(a->writes, full.ptr, text.ptr, text.len, 0);
  }
  if (err)
    t2r_diags_add(diags, T2R_DIAG_ERROR, 0, 0, NULL, "%s: %s", full.ptr,
                  strerror(err));
  t2r_buf_release(&full);
  t2r_buf_release(&text);
  return err ? -1 : 0;
}

/* One line per finding, with its suggestion; with 'fix', the certain ones
 * are rewritten, a file at a time, and the files put in place together:
 * a failure changes none. */
static int report_findings(audit *a, t2r_diags *diags) {
  fix *fixes = t2r_xrealloc(NULL, (a->nbroken + 1) * sizeof *fixes);
  size_t nfixes = 0;
  int rc = 0;
  for (size_t i = 0; i < a->nbroken && !rc; i++) {
    const finding *f = &a->broken[i];
    int certain;
    const char *s = suggestion(a, f, &certain);
    if (a->fix && f->literal && certain) {
      fixes[nfixes++] = (fix){f->line, f->shown, s};
      a->counts->fixed++;
      t2r_buf_printf(a->report, "%s:%u: fixed: %s -> %s\n", f->file, f->line,
                     f->shown, s);
    } else {
      a->counts->broken++;
      a->counts->suggested += s != NULL;
      t2r_buf_printf(a->report, "%s:%u: broken: %s", f->file, f->line,
                     f->shown);
      if (s)
        t2r_buf_printf(a->report, " (did you mean %s?)", s);
      t2r_buf_putc(a->report, '\n');
    }
    if (nfixes && (i + 1 == a->nbroken || a->broken[i + 1].file != f->file)) {
      rc = write_fixes(a, f->file, fixes, nfixes, diags);
      nfixes = 0;
    }
  }
  free(fixes);
  int err = rc ? 0 : t2r_writes_commit(a->writes);
  if (err) {
    t2r_diags_add(diags, T2R_DIAG_ERROR, 0, 0, NULL, "%s: %s", a->tree.top,
                  err == EINTR ? "interrupted; nothing changed" : strerror(err));
    rc = -1;
  }
  return rc;
}

static void release_audit(audit *a) {
  for (size_t i = 0; i < a->nbroken; i++) {
    free(a->broken[i].shown);
    free(a->broken[i].target);
  }
  free(a->broken);
  for (size_t i = 0; i < a->nrenames; i++) {
    free((char *)a->renames[i].old_path);
    free((char *)a->renames[i].new_path);
  }
  free(a->renames);
}

/* The call's arguments, handed through t2r_guard_memory; the pending
 * writes outlive the job, to be removed however it ends. */
typedef struct {
  const char *dir;
  int fix;
  t2r_buf *report;
  t2r_refs_counts *counts;
  t2r_diags *diags;
  t2r_writes writes;
} refs_call;

static int audit_refs(void *arg) {
  refs_call *c = arg;
  const char *dir = c->dir;
  t2r_refs_counts *counts = c->counts;
  t2r_diags *diags = c->diags;
  audit a = {{0}, c->report, counts, c->fix, NULL, 0, NULL, 0, &c->writes};
  if (t2r_worktree_open(&a.tree, dir, diags) != 0)
    return -1;
  t2r_buf text;
  t2r_buf_init(&text);
  for (size_t i = 0; i < a.tree.npaths; i++)
    if (t2r_worktree_read_text(&a.tree, a.tree.paths[i], &text) == 0) {
      counts->files++;
      scan_text(&a, a.tree.paths[i], text.ptr, text.len);
    }
  t2r_buf_release(&text);
  int rc = 0;
  if (a.nbroken && learn_renames(&a, a.tree.repo) != 0) {
    t2r_diags_add(diags, T2R_DIAG_ERROR, 0, 0, NULL,
                  "%s: cannot read the git history", dir);
    rc = -1;
  }
  if (!rc)
    rc = report_findings(&a, diags);
  release_audit(&a);
  t2r_worktree_close(&a.tree);
  return rc;
}

int t2r_audit_refs(const char *dir, int fix_them, t2r_buf *report,
                   t2r_refs_counts *counts, t2r_diags *diags) {
  memset(counts, 0, sizeof *counts);
  refs_call c = {dir, fix_them, report, counts, diags, {0}};
  t2r_writes_init(&c.writes);
  int rc = t2r_guard_memory(audit_refs, &c, T2R_ERR_NOMEM);
  t2r_writes_release(&c.writes);
  return rc;
}
