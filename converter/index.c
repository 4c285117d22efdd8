/* index.c - 00-INDEX: parse, convert to index.rst, audit a directory. */
#define _GNU_SOURCE /* strcasecmp, realpath */
#include "index.h"

#include "fileio.h"
#include "txt2rst.h"

#include <dirent.h>
#include <limits.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#define SIMILAR_RATIO 0.6 /* a stale entry's rename suggestion, at least */
#define TOCTREE_MAX_LINES 10000 /* lines looked at in one toctree */
#define TITLE_SEARCH_LINES 30 /* a document's title is near its top */
#define TITLE_MAX_BYTES 72
#define DEDUPE_MAX_ENTRIES 4096

/* ----------------------------------------------------------------- parse */

static const char *line_text(const t2r_source *src, size_t i, size_t *n) {
  *n = src->lines[i].text_end - src->lines[i].text_beg;
  return src->data + src->lines[i].text_beg;
}

/* Length of the name a line at column 0 starts with: one word, ended by
 * the line or by blanks and "- " (a description on the same line). */
static size_t entry_name(const t2r_source *src, size_t i) {
  const t2r_line *ln = &src->lines[i];
  if (ln->blank || ln->indent != 0)
    return 0;
  size_t n;
  const char *p = line_text(src, i, &n);
  size_t k = 0;
  while (k < n && p[k] != ' ' && p[k] != '\t')
    k++;
  size_t rest = k;
  while (rest < n && (p[rest] == ' ' || p[rest] == '\t'))
    rest++;
  if (rest == n || (p[rest] == '-' && rest > k && (rest + 1 == n ||
                                                   p[rest + 1] == ' ')))
    return k;
  return 0;
}

static int description_line(const t2r_source *src, size_t i) {
  size_t n;
  return !src->lines[i].blank && src->lines[i].indent > 0 &&
         line_text(src, i, &n)[0] == '-';
}

/* The first entry: a name whose next line is an indented "- ..." or that
 * carries its description on the same line. */
static size_t first_entry(const t2r_source *src) {
  for (size_t i = 0; i < src->nlines; i++) {
    size_t k = entry_name(src, i), n;
    if (!k)
      continue;
    line_text(src, i, &n);
    if (k < n || (i + 1 < src->nlines && description_line(src, i + 1)))
      return i;
  }
  return src->nlines;
}

int t2r_index_parse(const t2r_source *src, t2r_index *idx) {
  memset(idx, 0, sizeof *idx);
  idx->header_end = first_entry(src);
  size_t cap = 0;
  for (size_t i = idx->header_end; i < src->nlines;) {
    if (src->lines[i].blank) {
      i++;
      continue;
    }
    size_t k = entry_name(src, i);
    if (!k && idx->len) { /* a stray line belongs to the entry above */
      idx->items[idx->len - 1].last = i++;
      continue;
    }
    if (idx->len == cap) {
      cap = cap ? cap * 2 : 32;
      idx->items = t2r_xrealloc(idx->items, cap * sizeof *idx->items);
    }
    t2r_index_entry *e = &idx->items[idx->len++];
    e->first = e->last = i;
    e->name_beg = src->lines[i].text_beg;
    e->name_len = k ? k : src->lines[i].text_end - src->lines[i].text_beg;
    e->desc_first = i + 1;
    for (i++; i < src->nlines && !src->lines[i].blank && src->lines[i].indent;
         i++)
      e->last = i;
  }
  return idx->len ? 0 : -1;
}

void t2r_index_release(t2r_index *idx) {
  free(idx->items);
  memset(idx, 0, sizeof *idx);
}

int t2r_index_is_document(const char *p, size_t n) {
  static const char *const not_docs[] = {"Makefile", "Kconfig", "Kbuild",
                                         "00-INDEX"};
  if (n && p[n - 1] == '/')
    return 1;
  for (size_t i = 0; i < sizeof not_docs / sizeof *not_docs; i++)
    if (n >= strlen(not_docs[i]) && !memcmp(p, not_docs[i], strlen(not_docs[i])))
      return 0;
  const char *dot = memchr(p, '.', n);
  if (!dot)
    return 1;
  size_t ext = n - (size_t)(dot - p);
  return (ext == 4 && (!memcmp(dot, ".txt", 4) || !memcmp(dot, ".rst", 4))) ||
         (dot - p >= 6 && !memcmp(p, "README", 6));
}

/* ---------------------------------------------------------------- convert */

/* The toctree name of a document entry: "foo" for foo.txt, "sub/index"
 * for sub/. */
static void doc_name(const char *p, size_t n, t2r_buf *out) {
  if (n && p[n - 1] == '/') {
    t2r_buf_put(out, p, n);
    t2r_buf_puts(out, "index");
  } else if (n > 4 && (!memcmp(p + n - 4, ".txt", 4) ||
                       !memcmp(p + n - 4, ".rst", 4))) {
    t2r_buf_put(out, p, n - 4);
  } else {
    t2r_buf_put(out, p, n);
  }
}

static void put_line(const t2r_source *src, size_t i, t2r_buf *out) {
  const t2r_line *ln = &src->lines[i];
  t2r_buf_put(out, src->data + ln->beg, ln->end - ln->beg);
  t2r_buf_putc(out, '\n');
}

/* An entry's description: the "- " dropped, each line indented under its
 * term. */
static void put_description(const t2r_source *src, const t2r_index_entry *e,
                            t2r_buf *out) {
  size_t n;
  const char *p = line_text(src, e->first, &n);
  if (e->name_len < n) { /* "name - text" on one line, or "name<TAB>-" */
    const char *d = p + e->name_len, *end = p + n;
    while (d < end && (*d == ' ' || *d == '\t'))
      d++;
    if (d < end && *d == '-')
      d++;
    while (d < end && (*d == ' ' || *d == '\t'))
      d++;
    if (d < end)
      t2r_buf_printf(out, "   %.*s\n", (int)(end - d), d);
  }
  for (size_t i = e->first + 1; i <= e->last; i++) {
    p = line_text(src, i, &n);
    if (!n)
      continue;
    if (i == e->desc_first && p[0] == '-') {
      p++, n--;
      while (n && (*p == ' ' || *p == '\t'))
        p++, n--;
    }
    t2r_buf_printf(out, "   %.*s\n", (int)n, p);
  }
}

/* A listed document that can be linked: a document, not the index itself,
 * and present. */
static int linkable(const char *p, size_t n, t2r_index_exists exists,
                    void *ctx) {
  if (!t2r_index_is_document(p, n) || (n == 9 && !memcmp(p, "index.rst", 9)))
    return 0;
  if (!exists)
    return 1;
  char name[PATH_MAX];
  if (n >= sizeof name)
    return 0;
  memcpy(name, p, n);
  name[n] = '\0';
  return exists(ctx, name);
}

/* Was entry k's name listed by an earlier entry?  (A toctree may name a
 * document once.)  Long indexes are not checked: quadratic. */
static int listed_before(const t2r_source *src, const t2r_index *idx,
                         size_t k) {
  const t2r_index_entry *e = &idx->items[k];
  for (size_t j = 0; j < k && k < DEDUPE_MAX_ENTRIES; j++)
    if (idx->items[j].name_len == e->name_len &&
        !memcmp(src->data + idx->items[j].name_beg, src->data + e->name_beg,
                e->name_len))
      return 1;
  return 0;
}

int t2r_index_convert(const t2r_rules *rules, const t2r_source *src,
                      const t2r_index *idx, const char *title,
                      t2r_index_exists exists, void *ctx, t2r_buf *out,
                      t2r_diags *diags) {
  t2r_buf text;
  t2r_buf_init(&text);
  const char *name = title && title[0] ? title : "Index";
  size_t w = t2r_display_width(name, strlen(name), 0);
  t2r_buf_fill(&text, '=', w);
  t2r_buf_printf(&text, "\n%s\n", name);
  t2r_buf_fill(&text, '=', w);
  t2r_buf_puts(&text, "\n\n");
  for (size_t i = 0; i < idx->header_end; i++)
    put_line(src, i, &text);
  if (idx->header_end && !src->lines[idx->header_end - 1].blank)
    t2r_buf_putc(&text, '\n');
  t2r_buf_puts(&text, ".. toctree::\n   :hidden:\n\n");
  for (size_t k = 0; k < idx->len; k++) {
    const char *p = src->data + idx->items[k].name_beg;
    size_t n = idx->items[k].name_len;
    if (linkable(p, n, exists, ctx) && !listed_before(src, idx, k)) {
      t2r_buf_puts(&text, "   ");
      doc_name(p, n, &text);
      t2r_buf_putc(&text, '\n');
    }
  }
  for (size_t k = 0; k < idx->len; k++) {
    const t2r_index_entry *e = &idx->items[k];
    const char *p = src->data + e->name_beg;
    t2r_buf_putc(&text, '\n');
    if (linkable(p, e->name_len, exists, ctx)) {
      t2r_buf_puts(&text, ":doc:`");
      t2r_buf_put(&text, p, e->name_len);
      t2r_buf_puts(&text, " <");
      doc_name(p, e->name_len, &text);
      t2r_buf_puts(&text, ">`\n");
    } else {
      t2r_buf_printf(&text, "``%.*s``\n", (int)e->name_len, p);
    }
    put_description(src, e, &text);
  }
  t2r_result res;
  t2r_result_init(&res);
  /* the text is ours, UTF-8 and not blank: only memory can fail it, and
   * then the caller's conversion fails too, not with an empty index.  Its
   * toctree is RST, its descriptions legacy text: converted as text. */
  const t2r_file_options as_text = {.flags = T2R_AS_TEXT};
  if (t2r_convert_file(rules, "-", text.ptr, text.len, &as_text, &res) !=
      T2R_OK)
    t2r_out_of_memory();
  t2r_buf_put(out, res.rst.ptr, res.rst.len);
  for (size_t i = 0; i < res.diags.len; i++)
    if (res.diags.items[i].severity == T2R_DIAG_NOTE)
      t2r_diags_add(diags, T2R_DIAG_NOTE, 0, 0, res.diags.items[i].rule, "%s",
                    res.diags.items[i].text);
  t2r_result_release(&res);
  t2r_buf_release(&text);
  return 0;
}

/* -------------------------------------------------------------- toctrees */

typedef struct {
  const char *beg, *end; /* a line, without its newline */
} text_line;

static int blank_line(text_line l) {
  return strspn(l.beg, " \t") >= (size_t)(l.end - l.beg);
}

/* The lines of the toctree directive's block after 'directive': indented
 * or blank lines, trailing blank lines not included.  Returns the count;
 * 'lines' holds at most 'cap'. */
static size_t toctree_block(const t2r_buf *text, const char *directive,
                            text_line *lines, size_t cap) {
  const char *end = text->ptr + text->len, *p = strchr(directive, '\n');
  size_t n = 0, kept = 0;
  for (p = p ? p + 1 : end; p < end && n < cap;) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    text_line l = {p, nl ? nl : end};
    if (!blank_line(l) && p[0] != ' ' && p[0] != '\t')
      break;
    lines[n++] = l;
    if (!blank_line(l))
      kept = n;
    p = nl ? nl + 1 : end;
  }
  return kept;
}

size_t t2r_toctree_entry(const char *p, size_t n, const char **name) {
  const char *lt = n && p[n - 1] == '>' ? memchr(p, '<', n) : NULL;
  *name = lt ? lt + 1 : p;
  return lt ? (size_t)(p + n - 1 - (lt + 1)) : n;
}

int t2r_toctree_add(t2r_buf *text, const char *entry) {
  const char *tt = strstr(text->ptr, ".. toctree::");
  t2r_buf out;
  t2r_buf_init(&out);
  if (!tt) {
    t2r_buf_put(&out, text->ptr, text->len);
    if (out.len && out.ptr[out.len - 1] != '\n')
      t2r_buf_putc(&out, '\n');
    t2r_buf_printf(&out, "\n.. toctree::\n   :maxdepth: 1\n\n   %s\n", entry);
  } else {
    text_line lines[TOCTREE_MAX_LINES];
    size_t n = toctree_block(text, tt, lines, TOCTREE_MAX_LINES), k = 0;
    while (k < n && lines[k].beg[strspn(lines[k].beg, " \t")] == ':')
      k++; /* options */
    const char *insert = NULL;
    int entries = 0;
    for (size_t i = k; i < n; i++) {
      if (blank_line(lines[i]))
        continue;
      const char *text_beg = lines[i].beg + strspn(lines[i].beg, " \t"), *name;
      size_t len = t2r_toctree_entry(text_beg, (size_t)(lines[i].end - text_beg),
                                     &name);
      if (len == strlen(entry) && !memcmp(name, entry, len)) {
        t2r_buf_release(&out);
        return 0;
      }
      if (!insert && strncmp(name, entry, len) > 0)
        insert = lines[i].beg;
      entries = 1;
    }
    const char *after = n ? lines[n - 1].end + (lines[n - 1].end < text->ptr + text->len)
                          : strchr(tt, '\n') ? strchr(tt, '\n') + 1
                                             : text->ptr + text->len;
    if (!insert)
      insert = after;
    t2r_buf_put(&out, text->ptr, (size_t)(insert - text->ptr));
    if (out.len && out.ptr[out.len - 1] != '\n')
      t2r_buf_putc(&out, '\n');
    t2r_buf_printf(&out, "%s   %s\n", entries ? "" : "\n", entry);
    t2r_buf_put(&out, insert, (size_t)(text->ptr + text->len - insert));
  }
  t2r_buf_release(text);
  *text = out;
  return 1;
}

int t2r_toctree_remove(t2r_buf *text, const char *entry) {
  const char *tt = strstr(text->ptr, ".. toctree::");
  if (!tt)
    return 0;
  text_line lines[TOCTREE_MAX_LINES];
  size_t n = toctree_block(text, tt, lines, TOCTREE_MAX_LINES);
  for (size_t i = 0; i < n; i++) {
    const char *beg = lines[i].beg + strspn(lines[i].beg, " \t"), *name;
    if (beg == lines[i].end || *beg == ':')
      continue;
    size_t len = t2r_toctree_entry(beg, (size_t)(lines[i].end - beg), &name);
    if (len != strlen(entry) || memcmp(name, entry, len))
      continue;
    const char *end = lines[i].end + (lines[i].end < text->ptr + text->len);
    size_t at = (size_t)(lines[i].beg - text->ptr), cut = (size_t)(end - lines[i].beg);
    memmove(text->ptr + at, end, text->len - at - cut + 1);
    text->len -= cut;
    return 1;
  }
  return 0;
}

/* ------------------------------------------------------------------ audit */

typedef struct {
  char *name;  /* as listed, or as on disk with '/' for a directory */
  int seen;    /* matched on the other side */
  size_t entry; /* listed names: index of the entry */
} name_rec;

typedef struct {
  name_rec *items;
  size_t len;
} names;

static void add_name(names *ns, const char *p, size_t n, size_t entry) {
  ns->items = t2r_xrealloc(ns->items, (ns->len + 1) * sizeof *ns->items);
  char *s = t2r_xrealloc(NULL, n + 1);
  memcpy(s, p, n);
  s[n] = '\0';
  ns->items[ns->len++] = (name_rec){s, 0, entry};
}

static void free_names(names *ns) {
  for (size_t i = 0; i < ns->len; i++)
    free(ns->items[i].name);
  free(ns->items);
}

static int ignored(const char *name, const t2r_audit_options *opt) {
  static const char *const build[] = {"00-INDEX", "index.rst", "Makefile",
                                      "Kconfig", "Kbuild", "conf.py"};
  if (name[0] == '.')
    return 1;
  for (size_t i = 0; i < sizeof build / sizeof *build; i++)
    if (!strcmp(name, build[i]))
      return 1;
  for (size_t i = 0; i < opt->nexcludes; i++)
    if (!fnmatch(opt->excludes[i], name, 0))
      return 1;
  return 0;
}

static int list_dir(const char *dir, const t2r_audit_options *opt,
                    names *out) {
  DIR *d = opendir(dir);
  if (!d)
    return errno;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (ignored(e->d_name, opt))
      continue;
    t2r_buf path;
    t2r_buf_init(&path);
    t2r_buf_printf(&path, "%s/%s", dir, e->d_name);
    struct stat st;
    int is_dir = stat(path.ptr, &st) == 0 && S_ISDIR(st.st_mode);
    t2r_buf_release(&path);
    t2r_buf name;
    t2r_buf_init(&name);
    t2r_buf_printf(&name, "%s%s", e->d_name, is_dir ? "/" : "");
    add_name(out, name.ptr, name.len, 0);
    t2r_buf_release(&name);
  }
  closedir(d);
  return 0;
}

/* Same entry: "foo.txt" and "foo.txt", "sub/" and "sub", and for a
 * toctree "foo" and "foo.rst", "sub/index" and "sub/". */
static int same_name(const char *listed, const char *actual) {
  size_t l = strlen(listed), a = strlen(actual);
  if (l && listed[l - 1] == '/')
    l--;
  if (a && actual[a - 1] == '/')
    a--;
  if (l == a && !strncmp(listed, actual, l))
    return 1;
  if (a == l + 4 && !strncmp(listed, actual, l) &&
      (!strcmp(actual + l, ".rst") || !strcmp(actual + l, ".txt")))
    return 1;
  return l == a + 6 && !strncmp(listed, actual, a) &&
         !strcmp(listed + a, "/index");
}

static size_t stem_len(const char *s) {
  const char *dot = strchr(s, '.'), *slash = strchr(s, '/');
  size_t n = strlen(s);
  if (dot)
    n = (size_t)(dot - s);
  if (slash && (size_t)(slash - s) < n)
    n = (size_t)(slash - s);
  return n;
}

/* 1 - edit distance / longer length, on the names' stems, case folded. */
static double similarity(const char *a, const char *b) {
  size_t n = stem_len(a), m = stem_len(b);
  if (!n || !m || n > 128 || m > 128)
    return 0;
  size_t prev[129], cur[129];
  for (size_t j = 0; j <= m; j++)
    prev[j] = j;
  for (size_t i = 1; i <= n; i++) {
    cur[0] = i;
    for (size_t j = 1; j <= m; j++) {
      size_t sub = prev[j - 1] + ((a[i - 1] | 0x20) != (b[j - 1] | 0x20));
      size_t del = prev[j] + 1, ins = cur[j - 1] + 1;
      cur[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
    }
    memcpy(prev, cur, (m + 1) * sizeof *prev);
  }
  return 1.0 - (double)prev[m] / (double)(n > m ? n : m);
}

static const char *suggest(const names *actual, const char *stale) {
  const char *best = NULL;
  double best_score = SIMILAR_RATIO;
  for (size_t i = 0; i < actual->len; i++) {
    double s = similarity(stale, actual->items[i].name);
    if (s >= best_score && !actual->items[i].seen) {
      best = actual->items[i].name;
      best_score = s;
    }
  }
  return best;
}

/* Names listed in an index.rst's toctrees. */
static void toctree_names(const t2r_buf *text, names *out) {
  const char *p = text->ptr;
  while ((p = strstr(p, ".. toctree::")) != NULL) {
    const char *line = strchr(p, '\n');
    while (line && line[1]) {
      line++;
      const char *nl = strchr(line, '\n');
      size_t n = nl ? (size_t)(nl - line) : strlen(line);
      size_t ind = strspn(line, " \t");
      if (ind == 0 && ind < n)
        break;
      if (ind < n && line[ind] != ':')
        add_name(out, line + ind, n - ind, out->len);
      line = nl;
    }
    p += 12;
  }
}

static void check_order(const names *listed, t2r_buf *report,
                        t2r_audit_counts *counts) {
  size_t folded = 0, exact = 0;
  for (size_t i = 1; i < listed->len; i++) {
    folded += strcasecmp(listed->items[i - 1].name, listed->items[i].name) > 0;
    exact += strcmp(listed->items[i - 1].name, listed->items[i].name) > 0;
  }
  /* the order the index itself keeps best: with or without case */
  int (*cmp)(const char *, const char *) = exact < folded ? strcmp : strcasecmp;
  for (size_t i = 1; i < listed->len; i++)
    if (cmp(listed->items[i - 1].name, listed->items[i].name) > 0) {
      t2r_buf_printf(report, "order: %s should come before %s\n",
                     listed->items[i].name, listed->items[i - 1].name);
      counts->order++;
    }
}

/* An entry naming a path deeper down ("x86/i386/", "core-api/foo.rst"):
 * does it exist, as itself or converted? */
static int exists_below(const char *dir, const char *name) {
  static const char *const forms[] = {"%s/%s", "%s/%s.rst", "%s/%s.txt"};
  struct stat st;
  int found = 0;
  for (size_t k = 0; k < sizeof forms / sizeof *forms && !found; k++) {
    t2r_buf p;
    t2r_buf_init(&p);
    t2r_buf_printf(&p, forms[k], dir, name);
    found = stat(p.ptr, &st) == 0;
    t2r_buf_release(&p);
  }
  return found;
}

static int read_index(const char *dir, names *listed, t2r_buf *path,
                      t2r_buf *text) {
  t2r_buf_printf(path, "%s/00-INDEX", dir);
  if (t2r_read_file(path->ptr, text) == 0) {
    t2r_source src;
    if (t2r_source_init(&src, text->ptr, text->len) != T2R_SOURCE_OK)
      return EINVAL;
    t2r_index idx;
    t2r_index_parse(&src, &idx);
    for (size_t k = 0; k < idx.len; k++)
      add_name(listed, src.data + idx.items[k].name_beg,
               idx.items[k].name_len, k);
    t2r_index_release(&idx);
    t2r_source_release(&src);
    return 0;
  }
  t2r_buf_reset(path);
  t2r_buf_printf(path, "%s/index.rst", dir);
  int err = t2r_read_file(path->ptr, text);
  if (!err)
    toctree_names(text, listed);
  return err;
}

/* ------------------------------------------------------------------- fix */

/* A document's title: its first underlined line, or a short first line
 * standing alone; empty when it has none. */
static void doc_title(const char *dir, const char *name, t2r_buf *title) {
  t2r_buf path, text;
  t2r_buf_init(&path);
  t2r_buf_init(&text);
  t2r_buf_printf(&path, "%s/%s", dir, name);
  t2r_source src;
  if (name[strlen(name) - 1] != '/' && t2r_read_file(path.ptr, &text) == 0 &&
      t2r_source_init(&src, text.ptr, text.len) == T2R_SOURCE_OK) {
    for (size_t i = 0; i + 1 < src.nlines && i < TITLE_SEARCH_LINES; i++) {
      const t2r_line *a = &src.lines[i], *b = &src.lines[i + 1];
      size_t n = a->text_end - a->text_beg, m = b->text_end - b->text_beg;
      const char *p = src.data + a->text_beg, *q = src.data + b->text_beg;
      int underlined = !a->blank && m >= 3 && strspn(q, "=-~^*#") >= m &&
                       strspn(p, "=-~^*#") < n;
      int alone = i == 0 && !a->blank && b->blank && n < TITLE_MAX_BYTES;
      if (underlined || alone) {
        t2r_buf_put(title, p, n);
        break;
      }
      if (!a->blank && i > 0)
        break;
    }
    t2r_source_release(&src);
  }
  t2r_buf_release(&path);
  t2r_buf_release(&text);
}

static int by_folded_name(const void *x, const void *y) {
  return strcasecmp(((const name_rec *)x)->name, ((const name_rec *)y)->name);
}

/* Writes a missing entry: its name and the document's title as its
 * description; without a title the description is left to a human. */
static void put_missing(const char *dir, const char *name, t2r_buf *out,
                        t2r_diags *diags) {
  t2r_buf title;
  t2r_buf_init(&title);
  doc_title(dir, name, &title);
  t2r_buf_printf(out, "%s\n", name);
  if (title.len)
    t2r_buf_printf(out, "\t- %s\n", title.ptr);
  else
    t2r_diags_add(diags, T2R_DIAG_NOTE, 0, 0, "audit-fix",
                  "%s/00-INDEX: %s added without a description", dir, name);
  t2r_buf_release(&title);
}

/* Adds the missing to an index.rst toctree ("foo" for foo.rst, "sub/index"
 * for a directory) and drops stale toctree lines. */
static void fix_toctree(const t2r_buf *text, names *listed, names *actual,
                        t2r_buf *out) {
  for (const char *p = text->ptr; p < text->ptr + text->len;) {
    const char *nl = memchr(p, '\n', (size_t)(text->ptr + text->len - p));
    const char *end = nl ? nl + 1 : text->ptr + text->len;
    size_t ind = strspn(p, " \t"), n = (size_t)(end - p) - ind - (nl != NULL);
    int drop = 0;
    for (size_t i = 0; ind && i < listed->len && !drop; i++)
      drop = !listed->items[i].seen && strlen(listed->items[i].name) == n &&
             !memcmp(listed->items[i].name, p + ind, n);
    if (!drop)
      t2r_buf_put(out, p, (size_t)(end - p));
    p = end;
  }
  for (size_t j = 0; j < actual->len; j++) {
    if (actual->items[j].seen)
      continue;
    t2r_buf entry;
    t2r_buf_init(&entry);
    const char *name = actual->items[j].name;
    doc_name(name, strlen(name), &entry);
    t2r_toctree_add(out, entry.ptr);
    t2r_buf_release(&entry);
  }
}

/* Rewrites an 00-INDEX: stale entries out, missing ones in (in name
 * order where the index is ordered, else at its end), every other byte
 * as it was. */
static int fix_00index(const char *dir, const t2r_buf *text, names *listed,
                       names *actual, t2r_buf *out, t2r_diags *diags) {
  t2r_source src;
  if (t2r_source_init(&src, text->ptr, text->len) != T2R_SOURCE_OK)
    return -1;
  t2r_index idx;
  t2r_index_parse(&src, &idx);
  if (actual->len > 1)
    qsort(actual->items, actual->len, sizeof *actual->items, by_folded_name);
  size_t head = idx.len ? src.lines[idx.items[0].first].beg : src.len, m = 0;
  t2r_buf_put(out, src.data, head);
  for (size_t k = 0; k < idx.len; k++) {
    const t2r_index_entry *e = &idx.items[k];
    size_t beg = src.lines[e->first].beg;
    size_t end = k + 1 < idx.len ? src.lines[idx.items[k + 1].first].beg
                                 : src.len;
    for (; m < actual->len; m++) {
      if (actual->items[m].seen)
        continue;
      if (strncasecmp(actual->items[m].name, src.data + e->name_beg,
                      e->name_len) > 0)
        break;
      put_missing(dir, actual->items[m].name, out, diags);
      actual->items[m].seen = 1;
    }
    if (listed->items[k].seen)
      t2r_buf_put(out, src.data + beg, end - beg);
  }
  if (out->len && out->ptr[out->len - 1] != '\n')
    t2r_buf_putc(out, '\n');
  for (; m < actual->len; m++)
    if (!actual->items[m].seen)
      put_missing(dir, actual->items[m].name, out, diags);
  t2r_index_release(&idx);
  t2r_source_release(&src);
  return 0;
}

static int fix_index(const char *dir, const t2r_buf *path, const t2r_buf *text,
                     names *listed, names *actual, t2r_diags *diags) {
  t2r_buf out;
  t2r_buf_init(&out);
  int rc = 0;
  if (strstr(path->ptr, "00-INDEX"))
    rc = fix_00index(dir, text, listed, actual, &out, diags);
  else
    fix_toctree(text, listed, actual, &out);
  int err = rc ? 0 : t2r_write_atomic(path->ptr, out.ptr, out.len, 0);
  if (err || rc) {
    t2r_diags_add(diags, T2R_DIAG_ERROR, 0, 0, NULL, "%s: %s", path->ptr,
                  err ? strerror(err) : "not rewritten");
    rc = -1;
  }
  t2r_buf_release(&out);
  return rc;
}

/* The call's arguments, handed through t2r_guard_memory. */
typedef struct {
  const char *dir;
  const t2r_audit_options *opt;
  t2r_buf *report;
  t2r_audit_counts *counts;
  t2r_diags *diags;
} index_call;

static int audit_index(void *arg) {
  const index_call *c = arg;
  const char *dir = c->dir;
  const t2r_audit_options *opt = c->opt;
  t2r_buf *report = c->report;
  t2r_audit_counts *counts = c->counts;
  t2r_diags *diags = c->diags;
  names listed = {0}, actual = {0};
  t2r_buf path, text;
  t2r_buf_init(&path);
  t2r_buf_init(&text);
  memset(counts, 0, sizeof *counts);
  int err = read_index(dir, &listed, &path, &text), rc = 0;
  if (err) {
    t2r_diags_add(diags, T2R_DIAG_ERROR, 0, 0, NULL, "%s: %s", dir,
                  err == ENOENT ? "no 00-INDEX or index.rst" : strerror(err));
    rc = -1;
  } else if ((err = list_dir(dir, opt, &actual)) != 0) {
    t2r_diags_add(diags, T2R_DIAG_ERROR, 0, 0, NULL, "%s: %s", dir,
                  strerror(err));
    rc = -1;
  }
  for (size_t i = 0; !rc && i < listed.len; i++) {
    for (size_t j = 0; j < actual.len; j++)
      if (same_name(listed.items[i].name, actual.items[j].name))
        listed.items[i].seen = actual.items[j].seen = 1;
    if (!listed.items[i].seen && strchr(listed.items[i].name, '/'))
      listed.items[i].seen = exists_below(dir, listed.items[i].name);
    /* the index itself ("00-INDEX - this file"), build files and
     * excluded paths are not the audit's to judge: kept as listed */
    if (!listed.items[i].seen && ignored(listed.items[i].name, opt))
      listed.items[i].seen = 1;
  }
  for (size_t j = 0; !rc && j < actual.len; j++)
    if (!actual.items[j].seen) {
      t2r_buf_printf(report, "missing: %s\n", actual.items[j].name);
      counts->missing++;
    }
  for (size_t i = 0; !rc && i < listed.len; i++)
    if (!listed.items[i].seen) {
      const char *s = suggest(&actual, listed.items[i].name);
      t2r_buf_printf(report, "stale: %s", listed.items[i].name);
      if (s)
        t2r_buf_printf(report, " (did you mean %s?)", s);
      t2r_buf_putc(report, '\n');
      counts->stale++;
    }
  if (!rc)
    check_order(&listed, report, counts);
  if (!rc && opt->fix && (counts->missing || counts->stale))
    rc = fix_index(dir, &path, &text, &listed, &actual, diags);
  free_names(&listed);
  free_names(&actual);
  t2r_buf_release(&path);
  t2r_buf_release(&text);
  return rc;
}

int t2r_audit_index(const char *dir, const t2r_audit_options *opt,
                    t2r_buf *report, t2r_audit_counts *counts,
                    t2r_diags *diags) {
  index_call c = {dir, opt, report, counts, diags};
  return t2r_guard_memory(audit_index, &c, T2R_ERR_NOMEM);
}
