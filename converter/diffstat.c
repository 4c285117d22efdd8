/* diffstat.c - "git diff --stat" and its summary, as git prints them. */
#include "diffstat.h"

#include "source.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A file's share of a diffstat: lines added and deleted, or for a binary
 * file its sizes before and after. */
typedef struct {
  uint64_t added, deleted;
  int binary;
} file_stat;

/* Whether git's quote_c_style quotes 'path' (core.quotePath's default):
 * control characters, '"', '\\' and bytes outside ASCII. */
static int needs_quotes(const char *path) {
  for (const unsigned char *p = (const unsigned char *)path; *p; p++)
    if (*p < 0x20 || *p == '"' || *p == '\\' || *p >= 0x7f)
      return 1;
  return 0;
}

static void put_path(const char *path, t2r_buf *out) {
  if (!needs_quotes(path)) {
    t2r_buf_puts(out, path);
    return;
  }
  static const char letters[] = "abtnvfr"; /* \a (7) to \r (13) */
  t2r_buf_putc(out, '"');
  for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
    if (*p >= 7 && *p <= 13)
      t2r_buf_printf(out, "\\%c", letters[*p - 7]);
    else if (*p == '"' || *p == '\\')
      t2r_buf_printf(out, "\\%c", *p);
    else if (*p < 0x20 || *p >= 0x7f)
      t2r_buf_printf(out, "\\%03o", *p);
    else
      t2r_buf_putc(out, (char)*p);
  }
  t2r_buf_putc(out, '"');
}

/* "dir/{old => new}" as git shows a rename: the directories both paths
 * start with and end with stay outside the braces. */
static void put_rename(const char *a, const char *b, t2r_buf *out) {
  if (needs_quotes(a) || needs_quotes(b)) {
    put_path(a, out);
    t2r_buf_puts(out, " => ");
    put_path(b, out);
    return;
  }
  size_t la = strlen(a), lb = strlen(b), pfx = 0, sfx = 0;
  for (size_t i = 0; a[i] && a[i] == b[i]; i++)
    if (a[i] == '/')
      pfx = i + 1;
  /* a shared suffix starts at a '/'; with a prefix, at the prefix's own */
  size_t floor = pfx ? pfx - 1 : 0;
  for (size_t i = la, j = lb; i >= floor && j >= floor && a[i] == b[j];) {
    if (a[i] == '/')
      sfx = la - i;
    if (!i || !j)
      break;
    i--, j--;
  }
  size_t mid_a = la > pfx + sfx ? la - pfx - sfx : 0;
  size_t mid_b = lb > pfx + sfx ? lb - pfx - sfx : 0;
  int braces = pfx + sfx > 0;
  t2r_buf_put(out, a, pfx);
  if (braces)
    t2r_buf_putc(out, '{');
  t2r_buf_put(out, a + pfx, mid_a);
  t2r_buf_puts(out, " => ");
  t2r_buf_put(out, b + pfx, mid_b);
  if (braces) {
    t2r_buf_putc(out, '}');
    t2r_buf_put(out, a + la - sfx, sfx);
  }
}

static void put_stat_name(const git_diff_delta *d, t2r_buf *out) {
  if (d->status == GIT_DELTA_RENAMED || d->status == GIT_DELTA_COPIED)
    put_rename(d->old_file.path, d->new_file.path, out);
  else
    put_path(d->new_file.path, out);
}

static int decimal_width(uint64_t n) {
  int w = 1;
  while (n >= 10)
    n /= 10, w++;
  return w;
}

/* git's scale_linear: at least one mark for any change. */
static uint64_t scaled(uint64_t n, uint64_t width, uint64_t max_change) {
  return n ? 1 + n * (width - 1) / max_change : 0;
}

/* Column widths of a diffstat in 'width' columns, as git divides them. */
typedef struct {
  size_t name, number, graph;
  uint64_t max_change;
} stat_layout;

static stat_layout lay_out(const file_stat *st, const t2r_buf *names,
                           size_t n, size_t width) {
  stat_layout l = {0, 0, 0, 0};
  size_t bin_width = 0;
  for (size_t i = 0; i < n; i++) {
    if (names[i].len > l.name)
      l.name = names[i].len;
    if (st[i].binary) { /* "Bin OLD -> NEW bytes", counts aligned with it */
      size_t w = 14 + (size_t)decimal_width(st[i].added) +
                 (size_t)decimal_width(st[i].deleted);
      bin_width = w > bin_width ? w : bin_width;
      l.number = 3;
    } else if (st[i].added + st[i].deleted > l.max_change) {
      l.max_change = st[i].added + st[i].deleted;
    }
  }
  if ((size_t)decimal_width(l.max_change) > l.number)
    l.number = (size_t)decimal_width(l.max_change);
  /* signed: the share for the graph can come out below zero */
  long w = (long)width, num = (long)l.number, name = (long)l.name;
  long graph = l.max_change + 4 > bin_width ? (long)l.max_change
                                             : (long)bin_width - 4;
  if (w < 22 + num)
    w = 22 + num; /* at least 10 columns of name and 6 of graph */
  if (name + num + 6 + graph > w) {
    if (graph > w * 3 / 8 - num - 6)
      graph = w * 3 / 8 - num - 6 < 6 ? 6 : w * 3 / 8 - num - 6;
    if (name > w - num - 6 - graph)
      name = w - num - 6 - graph;
    else
      graph = w - num - 6 - name;
  }
  l.name = (size_t)name;
  l.graph = (size_t)graph;
  return l;
}

static void put_stat_line(const file_stat *st, const t2r_buf *name,
                          const stat_layout *l, t2r_buf *out) {
  const char *shown = name->ptr;
  size_t len = l->name;
  t2r_buf_putc(out, ' ');
  if (name->len > l->name) { /* "...", then the tail from a '/' */
    t2r_buf_puts(out, "...");
    len -= 3;
    shown += name->len - len;
    const char *slash = strchr(shown, '/');
    if (slash)
      shown = slash;
  }
  t2r_buf_printf(out, "%-*s |", (int)len, shown);
  if (st->binary) {
    t2r_buf_printf(out, " %*s", (int)l->number, "Bin");
    if (st->added || st->deleted)
      t2r_buf_printf(out, " %" PRIu64 " -> %" PRIu64 " bytes", st->deleted,
                     st->added);
    t2r_buf_putc(out, '\n');
    return;
  }
  uint64_t total = st->added + st->deleted, add = st->added, del = st->deleted;
  if (l->graph <= l->max_change) {
    uint64_t marks = scaled(total, l->graph, l->max_change);
    if (marks < 2 && add && del)
      marks = 2;
    if (add < del)
      add = scaled(add, l->graph, l->max_change), del = marks - add;
    else
      del = scaled(del, l->graph, l->max_change), add = marks - del;
  }
  t2r_buf_printf(out, " %*" PRIu64 "%s", (int)l->number, total,
                 total ? " " : "");
  for (uint64_t k = 0; k < add; k++)
    t2r_buf_putc(out, '+');
  for (uint64_t k = 0; k < del; k++)
    t2r_buf_putc(out, '-');
  t2r_buf_putc(out, '\n');
}

static void put_totals(const file_stat *st, size_t n, t2r_buf *out) {
  uint64_t adds = 0, dels = 0;
  for (size_t i = 0; i < n; i++)
    if (!st[i].binary)
      adds += st[i].added, dels += st[i].deleted;
  t2r_buf_printf(out, " %zu file%s changed", n, n == 1 ? "" : "s");
  if (adds || !dels)
    t2r_buf_printf(out, ", %" PRIu64 " insertion%s(+)", adds,
                   adds == 1 ? "" : "s");
  if (dels || !adds)
    t2r_buf_printf(out, ", %" PRIu64 " deletion%s(-)", dels,
                   dels == 1 ? "" : "s");
  t2r_buf_putc(out, '\n');
}

/* git's summary of a file: created, deleted, renamed, or its mode. */
static void put_summary(const git_diff_delta *d, t2r_buf *out) {
  const git_diff_file *a = &d->old_file, *b = &d->new_file;
  if (d->status == GIT_DELTA_ADDED || d->status == GIT_DELTA_DELETED) {
    const git_diff_file *f = d->status == GIT_DELTA_ADDED ? b : a;
    t2r_buf_printf(out, " %s mode %06o ",
                   d->status == GIT_DELTA_ADDED ? "create" : "delete", f->mode);
    put_path(f->path, out);
    t2r_buf_putc(out, '\n');
    return;
  }
  int moved = d->status == GIT_DELTA_RENAMED || d->status == GIT_DELTA_COPIED;
  if (moved) {
    t2r_buf_printf(out, " %s ",
                   d->status == GIT_DELTA_RENAMED ? "rename" : "copy");
    put_rename(a->path, b->path, out);
    t2r_buf_printf(out, " (%d%%)\n", (int)d->similarity);
  }
  if (a->mode && b->mode && a->mode != b->mode) {
    t2r_buf_printf(out, " mode change %06o => %06o", a->mode, b->mode);
    if (!moved) {
      t2r_buf_putc(out, ' ');
      put_path(b->path, out);
    }
    t2r_buf_putc(out, '\n');
  }
}

/* The line counts of each file of 'diff' into 'st' and, unless NULL, its
 * patches into 'text': each patch is made once for both. */
/* A file's counts as made for one diff, for the next to find: a series'
 * cover letter diffs again most of the pairs of blobs its mails did.
 * The paths are part of the key, attributes ("-diff") going by path. */
typedef struct {
  git_oid old_id, new_id;
  char *old_path, *new_path; /* NULL: a free slot */
  file_stat st;
} counted;

struct t2r_stat_cache {
  counted *slots;
  size_t cap, n; /* cap: a power of two, kept at least twice n */
};

t2r_stat_cache *t2r_stat_cache_new(void) {
  t2r_stat_cache *c = t2r_xrealloc(NULL, sizeof *c);
  c->cap = 64, c->n = 0;
  c->slots = t2r_xcalloc(c->cap, sizeof *c->slots);
  return c;
}

void t2r_stat_cache_free(t2r_stat_cache *c) {
  if (!c)
    return;
  for (size_t i = 0; i < c->cap; i++) {
    free(c->slots[i].old_path);
    free(c->slots[i].new_path);
  }
  free(c->slots);
  free(c);
}

static size_t pair_hash(const git_diff_delta *d) {
  size_t h = 0;
  for (size_t i = 0; i < sizeof h; i++)
    h = h << 8 | (size_t)(d->old_file.id.id[i] ^ d->new_file.id.id[i]);
  return h;
}

/* The slot of the delta's pair: its own, or the free one to take. */
static counted *slot_of(const t2r_stat_cache *c, const git_diff_delta *d) {
  for (size_t i = pair_hash(d) & (c->cap - 1);; i = (i + 1) & (c->cap - 1)) {
    counted *e = &c->slots[i];
    if (!e->new_path || (git_oid_equal(&e->old_id, &d->old_file.id) &&
                         git_oid_equal(&e->new_id, &d->new_file.id) &&
                         !strcmp(e->old_path, d->old_file.path) &&
                         !strcmp(e->new_path, d->new_file.path)))
      return e;
  }
}

static void remember(t2r_stat_cache *c, const git_diff_delta *d,
                     const file_stat *st) {
  if (2 * (c->n + 1) > c->cap) {
    t2r_stat_cache bigger = {NULL, 2 * c->cap, 0};
    bigger.slots = t2r_xcalloc(bigger.cap, sizeof *bigger.slots);
    for (size_t i = 0; i < c->cap; i++) {
      counted *e = &c->slots[i];
      if (!e->new_path)
        continue;
      git_diff_delta key;
      key.old_file.id = e->old_id, key.new_file.id = e->new_id;
      key.old_file.path = e->old_path, key.new_file.path = e->new_path;
      *slot_of(&bigger, &key) = *e;
      bigger.n++;
    }
    free(c->slots);
    *c = bigger;
  }
  counted *e = slot_of(c, d);
  if (e->new_path)
    return;
  *e = (counted){d->old_file.id, d->new_file.id,
                 t2r_strndup(d->old_file.path, strlen(d->old_file.path)),
                 t2r_strndup(d->new_file.path, strlen(d->new_file.path)), *st};
  c->n++;
}

/* A file's counts, made from its patch (appended to 'text' unless NULL). */
static int count_file(git_diff *diff, size_t i, file_stat *st, t2r_buf *text) {
  git_patch *patch;
  if (git_patch_from_diff(&patch, diff, i) != 0)
    return -1;
  const git_diff_delta *d = git_patch_get_delta(patch);
  size_t added = 0, deleted = 0;
  st->binary = (d->flags & GIT_DIFF_FLAG_BINARY) != 0;
  int rc = git_patch_line_stats(NULL, &added, &deleted, patch);
  st->added = st->binary ? (uint64_t)d->new_file.size : added;
  st->deleted = st->binary ? (uint64_t)d->old_file.size : deleted;
  if (!rc && text) {
    git_buf b = GIT_BUF_INIT;
    rc = git_patch_to_buf(&b, patch);
    if (!rc)
      t2r_buf_put(text, b.ptr, b.size);
    git_buf_dispose(&b);
  }
  git_patch_free(patch);
  return rc ? -1 : 0;
}

static int count_lines(git_diff *diff, t2r_stat_cache *cache, file_stat *st,
                       t2r_buf *text) {
  for (size_t i = 0; i < git_diff_num_deltas(diff); i++) {
    const git_diff_delta *d = git_diff_get_delta(diff, i);
    const counted *known = cache && !text ? slot_of(cache, d) : NULL;
    if (known && known->new_path) {
      st[i] = known->st;
      continue;
    }
    if (count_file(diff, i, &st[i], text) != 0)
      return -1;
    if (cache)
      remember(cache, d, &st[i]);
  }
  return 0;
}

static void put_diffstat(git_diff *diff, const file_stat *st, size_t width,
                         t2r_buf *out) {
  size_t n = git_diff_num_deltas(diff);
  if (!n)
    return;
  t2r_buf *names = t2r_xrealloc(NULL, n * sizeof *names);
  for (size_t i = 0; i < n; i++) {
    t2r_buf_init(&names[i]);
    put_stat_name(git_diff_get_delta(diff, i), &names[i]);
  }
  stat_layout l = lay_out(st, names, n, width);
  for (size_t i = 0; i < n; i++)
    put_stat_line(&st[i], &names[i], &l, out);
  put_totals(st, n, out);
  for (size_t i = 0; i < n; i++) {
    put_summary(git_diff_get_delta(diff, i), out);
    t2r_buf_release(&names[i]);
  }
  free(names);
}

int t2r_diffstat(git_diff *diff, size_t width, t2r_stat_cache *cache,
                 t2r_buf *stat, t2r_buf *text) {
  size_t n = git_diff_num_deltas(diff);
  file_stat *st = t2r_xrealloc(NULL, (n + 1) * sizeof *st);
  int rc = count_lines(diff, cache, st, text);
  if (!rc)
    put_diffstat(diff, st, width, stat);
  free(st);
  return rc;
}
