/* moves.c - move pairs, their checks, and links recomputed after a move. */
#define _GNU_SOURCE /* memmem */
#include "moves.h"

#include "fileio.h"
#include "index.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int is_dir(const char *path) {
  size_t n = strlen(path);
  return n && path[n - 1] == '/';
}

static int bad(t2r_diags *diags, const char *where, const char *why,
               const char *what) {
  t2r_diags_add(diags, T2R_DIAG_ERROR, 0, 0, NULL, "%s: %s: %s", where, why,
                what);
  return -1;
}

/* Adds the pair [from, from+fn) -> [to, to+tn), checked on its own. */
static int add_pair(t2r_moves *m, const char *from, size_t fn, const char *to,
                    size_t tn, const char *where, t2r_diags *diags) {
  while (fn > 2 && !memcmp(from, "./", 2))
    from += 2, fn -= 2;
  while (tn > 2 && !memcmp(to, "./", 2))
    to += 2, tn -= 2;
  char *f = t2r_strndup(from, fn), *t = t2r_strndup(to, tn);
  int rc = 0;
  if (!fn || !tn || f[0] == '/' || t[0] == '/')
    rc = bad(diags, where, "paths in the repository, from its top", f);
  else if (is_dir(f) != is_dir(t))
    rc = bad(diags, where, "a directory moves to a directory (both end in "
                           "'/')", f);
  else if (!is_dir(t) && (tn < 5 || strcmp(t + tn - 4, ".rst")))
    rc = bad(diags, where, "a document moves to a .rst file", t);
  if (rc) {
    free(f);
    free(t);
    return rc;
  }
  m->items = t2r_xrealloc(m->items, (m->n + 1) * sizeof *m->items);
  m->items[m->n++] = (t2r_move){f, t, t2r_strndup(where, strlen(where))};
  return 0;
}

int t2r_moves_add(t2r_moves *m, const char *arg, t2r_diags *diags) {
  const char *eq = strchr(arg, '=');
  if (!eq)
    return bad(diags, "--move", "takes OLD=NEW, not", arg);
  return add_pair(m, arg, (size_t)(eq - arg), eq + 1, strlen(eq + 1),
                  "--move", diags);
}

/* The next field of [*p, end), blanks skipped. */
static size_t field(const char **p, const char *end, const char **beg) {
  while (*p < end && isspace((unsigned char)**p))
    (*p)++;
  *beg = *p;
  while (*p < end && !isspace((unsigned char)**p))
    (*p)++;
  return (size_t)(*p - *beg);
}

int t2r_moves_read_map(t2r_moves *m, const char *path, t2r_diags *diags) {
  t2r_buf text, where;
  t2r_buf_init(&text);
  t2r_buf_init(&where);
  int err = t2r_read_file(path, &text), rc = 0;
  if (err) {
    t2r_buf_release(&text);
    return bad(diags, path, "cannot read the move map", strerror(err));
  }
  unsigned line = 0;
  for (const char *p = text.ptr, *end = text.ptr + text.len; p < end;) {
    const char *nl = memchr(p, '\n', (size_t)(end - p)), *eol = nl ? nl : end;
    const char *a, *b, *c;
    size_t an = field(&p, eol, &a), bn = field(&p, eol, &b), cn = field(&p, eol, &c);
    line++;
    t2r_buf_reset(&where);
    t2r_buf_printf(&where, "%s:%u", path, line);
    if (an && a[0] != '#' && (!bn || cn)) {
      char *got = t2r_strndup(a, (size_t)(eol - a));
      rc = bad(diags, where.ptr, "expected 'OLD NEW', got", got);
      free(got);
    }
    else if (an && a[0] != '#' && add_pair(m, a, an, b, bn, where.ptr, diags))
      rc = -1;
    p = nl ? nl + 1 : end;
  }
  t2r_buf_release(&text);
  t2r_buf_release(&where);
  return rc;
}

void t2r_moves_release(t2r_moves *m) {
  for (size_t k = 0; k < m->n; k++) {
    free(m->items[k].from);
    free(m->items[k].to);
    free(m->items[k].where);
  }
  free(m->items);
  m->items = NULL;
  m->n = 0;
}

char *t2r_moves_place(const t2r_moves *m, size_t k, const char *path) {
  const t2r_move *mv = &m->items[k];
  size_t n = strlen(mv->from);
  if (!is_dir(mv->from))
    return strcmp(path, mv->from) ? NULL : t2r_strndup(mv->to, strlen(mv->to));
  if (strncmp(path, mv->from, n))
    return NULL;
  t2r_buf out;
  t2r_buf_init(&out);
  t2r_buf_printf(&out, "%s%s", mv->to, path + n);
  return t2r_buf_detach(&out, NULL);
}

/* Does directory move 'a' put documents where move 'b' takes them from,
 * or under it? */
static int leads_to(const t2r_move *a, const t2r_move *b) {
  size_t n = strlen(b->from);
  return is_dir(a->to) && !strncmp(a->to, b->from, n);
}

size_t t2r_moves_cycles(const t2r_moves *m, t2r_diags *diags) {
  size_t found = 0;
  for (size_t k = 0; k < m->n; k++) {
    /* follow the chain from k for at most n steps */
    size_t at = k, steps = 0;
    int back = 0;
    while (steps++ < m->n && !back) {
      size_t next = m->n;
      for (size_t j = 0; j < m->n && next == m->n; j++)
        if (leads_to(&m->items[at], &m->items[j]))
          next = j;
      if (next == m->n)
        break;
      back = next == k;
      at = next;
    }
    if (back) {
      t2r_diags_add(diags, T2R_DIAG_ERROR, 0, 0, NULL,
                    "%s: %s -> %s: the moves form a cycle", m->items[k].where,
                    m->items[k].from, m->items[k].to);
      found++;
    }
  }
  return found;
}

/* ------------------------------------------------------------- relinking */

/* 'base' (a directory, "" for the top) joined with the relative 'rel',
 * "." and ".." resolved; NULL when ".." climbs above the top. */
static char *resolve(const char *base, const char *rel) {
  t2r_buf out;
  t2r_buf_init(&out);
  t2r_buf_puts(&out, base);
  for (const char *p = rel; *p;) {
    const char *slash = strchr(p, '/');
    size_t n = slash ? (size_t)(slash - p) : strlen(p);
    if (n == 2 && !memcmp(p, "..", 2)) {
      char *up = strrchr(out.ptr, '/');
      if (!out.len) {
        t2r_buf_release(&out);
        return NULL;
      }
      out.len = up ? (size_t)(up - out.ptr) : 0;
      out.ptr[out.len] = '\0';
    } else if (n && !(n == 1 && p[0] == '.')) {
      if (out.len)
        t2r_buf_putc(&out, '/');
      t2r_buf_put(&out, p, n);
    }
    p += n + (slash != NULL);
  }
  return t2r_buf_detach(&out, NULL);
}

/* 'path' seen from directory 'dir': "../b/c" for "a/b/c" from "a/x". */
static void relative(const char *dir, const char *path, t2r_buf *out) {
  const char *d = dir, *p = path;
  for (;;) { /* the directories both start with */
    size_t dn = strcspn(d, "/"), pn = strcspn(p, "/");
    if (!*d || p[pn] != '/' || dn != pn || memcmp(d, p, dn))
      break;
    d += dn + (d[dn] == '/');
    p += pn + 1;
  }
  while (*d) { /* one ".." for each directory of 'dir' left */
    t2r_buf_puts(out, "../");
    d += strcspn(d, "/");
    d += *d == '/';
  }
  t2r_buf_puts(out, p);
}

char *t2r_dir_of(const char *path) {
  const char *slash = strrchr(path, '/');
  return t2r_strndup(path, slash ? (size_t)(slash - path) : 0);
}

/* The link that names the document 'now' (a path without extension) from
 * a document in directory 'dir': absolute ("/b/c") under 'root' when
 * 'absolute', else relative. */
static void link_to(const char *dir, const char *root, int absolute,
                    const char *now, t2r_buf *link) {
  if (absolute) {
    t2r_buf_putc(link, '/');
    t2r_buf_puts(link, now + (root[0] ? strlen(root) + 1 : 0));
  } else {
    relative(dir, now, link);
  }
}

/* Is 'path' below directory 'root' ("" holds everything)? */
static int under(const char *root, const char *path) {
  size_t n = strlen(root);
  return !n || (!strncmp(path, root, n) && path[n] == '/');
}

/* What a relinking pass knows: where the document was and is, and where
 * the documents it may name are now. */
typedef struct {
  char *old_dir, *new_dir;
  int moved; /* the document itself moved: its relative links change */
  const char *root;
  char *(*where_now)(void *ctx, const char *doc);
  void *ctx;
} relinker;

/* The link that names what [tb, te) named, in 'link' when it changes
 * (empty when it stays). */
static void relink_target(const relinker *r, const char *tb, const char *te,
                          t2r_buf *link) {
  int absolute = *tb == '/';
  if (absolute && !r->root)
    return; /* without a root, an absolute target cannot be followed */
  char *rel = t2r_strndup(tb + absolute, (size_t)(te - tb) - absolute);
  char *target = resolve(absolute ? r->root : r->old_dir, rel);
  free(rel);
  if (!target)
    return;
  char *now = r->where_now(r->ctx, target);
  if (now ? !absolute || under(r->root, now) : !absolute && r->moved)
    link_to(r->new_dir, r->root, absolute, now ? now : target, link);
  if (link->len == (size_t)(te - tb) && !memcmp(link->ptr, tb, link->len))
    t2r_buf_reset(link);
  free(now);
  free(target);
}

/* The next :doc: target in the line [p, eol), as [*tb, *te), reading on
 * at '*after'; 0 when none. */
static int next_doc_role(const char *p, const char *eol, const char **tb,
                         const char **te, const char **after) {
  static const char role[] = ":doc:`";
  for (; (p = memmem(p, (size_t)(eol - p), role, sizeof role - 1)) != NULL;
       p = *after) {
    const char *beg = p + sizeof role - 1,
               *end = memchr(beg, '`', (size_t)(eol - beg));
    if (!end)
      return 0;
    const char *lt = memchr(beg, '<', (size_t)(end - beg));
    *tb = lt && end[-1] == '>' ? lt + 1 : beg;
    *te = lt && end[-1] == '>' ? end - 1 : end;
    *after = end;
    if (*te > *tb)
      return 1;
  }
  return 0;
}

/* The toctree entry on the line [p, eol), as [*tb, *te), when the line is
 * in a toctree's content ('indent' of the directive, or -1 outside one);
 * 0 for none.  "foo.rst" names "foo"; globs, URLs and "self" are none. */
static int toctree_entry_at(const char *p, const char *eol, long *indent,
                            const char **tb, const char **te) {
  const char *t = p;
  while (t < eol && (*t == ' ' || *t == '\t'))
    t++;
  const char *e = eol;
  while (e > t && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
    e--;
  if (t == e)
    return 0; /* blank lines stay inside */
  if ((size_t)(e - t) >= 12 && !memcmp(t, ".. toctree::", 12)) {
    *indent = t - p;
    return 0;
  }
  if (*indent < 0 || t - p <= *indent) {
    *indent = -1;
    return 0;
  }
  if (*t == ':')
    return 0; /* an option */
  size_t n = t2r_toctree_entry(t, (size_t)(e - t), tb);
  *te = *tb + n;
  if (n > 4 && !memcmp(*te - 4, ".rst", 4))
    *te -= 4;
  return *te > *tb && !memchr(*tb, '*', n) && !memchr(*tb, ':', n) &&
         !(n == 4 && !memcmp(*tb, "self", 4));
}

/* The next link target of the text at or after 'p': a :doc: target on
 * the current line, else the next line's toctree entry. */
typedef struct {
  const char *line, *eol; /* the line being read */
  const char *at;         /* where reading goes on in it */
  long toctree;           /* toctree directive's indentation, or -1 */
  int entry_done;         /* the line's toctree entry was given */
} link_scan;

static int next_link(link_scan *ls, const char *end, const char **tb,
                     const char **te) {
  while (ls->line < end) {
    const char *after;
    if (next_doc_role(ls->at, ls->eol, tb, te, &after)) {
      ls->at = after;
      return 1;
    }
    if (!ls->entry_done) {
      ls->entry_done = 1;
      if (toctree_entry_at(ls->line, ls->eol, &ls->toctree, tb, te))
        return 1;
    }
    ls->line = ls->at = ls->eol + (ls->eol < end);
    const char *nl = memchr(ls->line, '\n', (size_t)(end - ls->line));
    ls->eol = nl ? nl : end;
    ls->entry_done = 0;
  }
  return 0;
}

size_t t2r_relink_docs(t2r_buf *text, const char *old_path,
                       const char *new_path, const char *root,
                       char *(*where_now)(void *ctx, const char *doc),
                       void *ctx) {
  relinker r = {t2r_dir_of(old_path), t2r_dir_of(new_path), 0, root,
                where_now, ctx};
  r.moved = strcmp(r.old_dir, r.new_dir) != 0; /* else links stay as written */
  t2r_buf link;
  t2r_buf_init(&link);
  t2r_splice sp;
  t2r_splice_init(&sp, text);
  const char *end = text->ptr + text->len, *nl = memchr(text->ptr, '\n', text->len);
  link_scan ls = {text->ptr, nl ? nl : end, text->ptr, -1, 0};
  const char *tb, *te;
  while (next_link(&ls, end, &tb, &te)) {
    t2r_buf_reset(&link);
    relink_target(&r, tb, te, &link);
    if (link.len)
      t2r_splice_put(&sp, (size_t)(tb - text->ptr), (size_t)(te - text->ptr),
                     link.ptr, link.len);
  }
  size_t changed = t2r_splice_finish(&sp, text);
  t2r_buf_release(&link);
  free(r.old_dir);
  free(r.new_dir);
  return changed;
}
