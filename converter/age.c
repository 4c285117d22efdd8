/* age.c - the age audit: scan the documents for what they name, check it
 * against the tree and its history, rank the documents. */
#define _GNU_SOURCE /* memrchr */
#include "age.h"

#include "history.h"
#include "txt2rst.h"
#include "worktree.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#define YEAR_SECONDS (365.25 * 24 * 3600)
#define STALE_YEARS 5     /* unchanged this long is evidence */
#define VERSIONS_BEHIND 2 /* majors before the tree's that are long gone */
#define LISTED 5          /* evidence lines of one kind shown per document */

/* --------------------------------------------------------- a set of names */

typedef struct {
  char *name; /* owned; NULL for an empty slot */
  int found;  /* seen where it is looked for */
} name_slot;

typedef struct {
  name_slot *slots;
  size_t cap, len; /* cap a power of two */
} name_set;

static uint64_t hash_name(const char *p, size_t n) {
  uint64_t h = 1469598103934665603u; /* FNV-1a */
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char)p[i]) * 1099511628211u;
  return h;
}

static name_slot *slot_for(const name_set *s, const char *p, size_t n) {
  size_t i = hash_name(p, n) & (s->cap - 1);
  while (s->slots[i].name &&
         (strncmp(s->slots[i].name, p, n) || s->slots[i].name[n]))
    i = (i + 1) & (s->cap - 1);
  return &s->slots[i];
}

static void set_grow(name_set *s) {
  size_t cap = s->cap ? s->cap * 2 : 64;
  name_set bigger = {t2r_xcalloc(cap, sizeof *s->slots), cap, s->len};
  for (size_t i = 0; i < s->cap; i++)
    if (s->slots[i].name)
      *slot_for(&bigger, s->slots[i].name, strlen(s->slots[i].name)) =
          s->slots[i];
  free(s->slots);
  *s = bigger;
}

static void set_add(name_set *s, const char *p, size_t n) {
  if (2 * (s->len + 1) > s->cap)
    set_grow(s);
  name_slot *slot = slot_for(s, p, n);
  if (!slot->name) {
    slot->name = t2r_strndup(p, n);
    s->len++;
  }
}

/* The slot of [p, p+n), NULL when it is not in the set. */
static name_slot *set_get(const name_set *s, const char *p, size_t n) {
  if (!s->len)
    return NULL;
  name_slot *slot = slot_for(s, p, n);
  return slot->name ? slot : NULL;
}

static void set_release(name_set *s) {
  for (size_t i = 0; i < s->cap; i++)
    free(s->slots[i].name);
  free(s->slots);
}

/* ------------------------------------------------------------- documents */

typedef enum { NAMES_FILE, NAMES_OPTION, NAMES_FUNCTION, NAME_KINDS } name_kind;

/* Something a document names, where it names it first. */
typedef struct {
  name_kind kind;
  unsigned line;
  char *name; /* owned */
} mention;

/* A kernel version a document names. */
typedef struct {
  int major;
  unsigned line;
  char *as_written; /* owned: "2.4.x" */
} version;

typedef struct {
  const char *path; /* one of the tree's */
  mention *mentions;
  size_t nmentions;
  version *versions;
  size_t nversions;
  long long changed; /* newest change in the history read; 0 none */
  int score;
  t2r_buf evidence;
} document;

typedef struct {
  t2r_worktree tree;
  document *docs; /* sorted by path */
  size_t ndocs;
  name_set top_dirs;  /* the tree's top-level directories */
  name_set options;   /* Kconfig symbols */
  name_set functions; /* names documents call functions */
  t2r_age_counts *counts;
  long long head_time, since; /* HEAD's time; the history read back to */
  size_t undated;             /* documents not seen changing yet */
  int history_short;          /* it did not reach back STALE_YEARS */
} age_audit;

static int ident_byte(unsigned char c) {
  return isalnum(c) || c == '_';
}


static void add_mention(document *d, name_kind kind, unsigned line,
                        const char *p, size_t n) {
  for (size_t i = 0; i < d->nmentions; i++)
    if (d->mentions[i].kind == kind && !strncmp(d->mentions[i].name, p, n) &&
        !d->mentions[i].name[n])
      return; /* the first place is enough */
  d->mentions = t2r_xrealloc(d->mentions, (d->nmentions + 1) * sizeof *d->mentions);
  d->mentions[d->nmentions++] = (mention){kind, line, t2r_strndup(p, n)};
}

/* Does the text before 'p' (on the line from 'line') end in the word
 * 'word', followed by spaces or a '-' ("Linux 2.6", "linux-2.4")? */
static int word_before(const char *line, const char *p, const char *word) {
  size_t n = strlen(word);
  while (p > line && (p[-1] == ' ' || p[-1] == '-' || p[-1] == 'v'))
    p--;
  return (size_t)(p - line) >= n && !strncasecmp(p - n, word, n) &&
         ((size_t)(p - line) == n || !isalpha((unsigned char)p[-n - 1]));
}


/* Is the version at [p, q) called a kernel's: "kernel 2.4", "Linux
 * 2.6.32", "kernel version 3.10", "linux-2.4", "2.4.x kernels"? */
static int kernel_context(const char *line, const char *p, const char *q,
                          const char *end) {
  static const char *const before[] = {"kernel", "kernels", "linux",
                                       "kernel version", "kernel versions",
                                       "linux version"};
  if (t2r_in_url(line, p))
    return 0;
  for (size_t i = 0; i < sizeof before / sizeof *before; i++)
    if (word_before(line, p, before[i]))
      return 1;
  while (q < end && *q == ' ')
    q++;
  return end - q >= 6 && !strncasecmp(q, "kernel", 6);
}

/* A kernel version at 'p' in the line [line, end): "2.4", "2.6.32",
 * "2.4.x", said to be one by the words around it.  Section numbers ("4.1)
 * Kernel ...", "4.1. Kernel") are none.  Returns its length, 0 when there
 * is none. */
static size_t scan_version(const char *line, const char *p, const char *end,
                           int *major) {
  if ((p > line && (isalnum((unsigned char)p[-1]) || p[-1] == '.')) ||
      !isdigit((unsigned char)*p) || *p == '0')
    return 0;
  const char *q = p;
  *major = *q++ - '0';
  if (q >= end || *q != '.' || q + 1 >= end || !isdigit((unsigned char)q[1]))
    return 0;
  for (q++; q < end && isdigit((unsigned char)*q); q++)
    ;
  if (q + 1 < end && *q == '.' && (isdigit((unsigned char)q[1]) || q[1] == 'x'))
    for (q++; q < end && (isdigit((unsigned char)*q) || *q == 'x'); q++)
      ;
  if (q < end && (isalnum((unsigned char)*q) ||
                  (*q == '.' && q + 1 < end && isalnum((unsigned char)q[1]))))
    return 0; /* an address, a longer number */
  const char *lead = p;
  while (lead > line && (lead[-1] == ' ' || lead[-1] == '\t'))
    lead--;
  if (lead == line && q < end && (*q == ')' || *q == '.'))
    return 0; /* a section number */
  return kernel_context(line, p, q, end) ? (size_t)(q - p) : 0;
}

static void add_version(document *d, unsigned line, const char *p, size_t n,
                        int major) {
  d->versions = t2r_xrealloc(d->versions, (d->nversions + 1) * sizeof *d->versions);
  d->versions[d->nversions++] = (version){major, line, t2r_strndup(p, n)};
}

/* "drivers/net/foo.c" with its first directory one of the tree's; a
 * kernel tree named by its root ("/usr/src/linux/", "linux-2.4/") counts
 * from below it.  Only what reads as a path counts: a file name with an
 * extension, or a directory written with its final '/'. */
static void scan_path(age_audit *a, document *d, unsigned line, const char *p,
                      size_t n) {
  static const char usr_src[] = "/usr/src/";
  if (n > sizeof usr_src - 1 && !memcmp(p, usr_src, sizeof usr_src - 1)) {
    p += sizeof usr_src - 1;
    n -= sizeof usr_src - 1;
  }
  const char *slash = memchr(p, '/', n);
  if (slash && slash - p >= 5 && !strncmp(p, "linux", 5) &&
      (p[5] == '/' || p[5] == '-')) {
    n -= (size_t)(slash + 1 - p);
    p = slash + 1;
    slash = memchr(p, '/', n);
  }
  while (n && strchr(".,-", p[n - 1]))
    n--; /* sentence punctuation */
  if (!slash || slash == p || !set_get(&a->top_dirs, p, (size_t)(slash - p)))
    return;
  const char *base = memrchr(p, '/', n);
  int dir = base == p + n - 1;
  if (!dir && !memchr(base, '.', (size_t)(p + n - base)))
    return; /* "kernel/user space": words, not a path */
  if (!t2r_worktree_has(&a->tree, p, n))
    add_mention(d, NAMES_FILE, line, p, n);
}

/* CONFIG_FOO at 'p': the option's name, FOO, as [*name, +len). */
static size_t scan_option(const char *line, const char *p, const char *end,
                          const char **name) {
  static const char config[] = "CONFIG_";
  if ((p > line && ident_byte((unsigned char)p[-1])) ||
      (size_t)(end - p) <= sizeof config - 1 ||
      memcmp(p, config, sizeof config - 1))
    return 0;
  const char *q = p + sizeof config - 1;
  while (q < end && (isupper((unsigned char)*q) || isdigit((unsigned char)*q) ||
                     *q == '_'))
    q++;
  if (q < end && (ident_byte((unsigned char)*q) || *q == '*'))
    return 0; /* "CONFIG_FOO_*", "CONFIG_foo": a pattern, not an option */
  *name = p + sizeof config - 1;
  return (size_t)(q - *name);
}

static void scan_line(age_audit *a, document *d, unsigned line, const char *p,
                      const char *end) {
  for (const char *q = p; q < end;) {
    int major;
    const char *name;
    size_t n = scan_version(p, q, end, &major);
    if (n) {
      add_version(d, line, q, n, major);
    } else if ((n = scan_option(p, q, end, &name)) != 0) {
      if (name[n - 1] != '_')
        add_mention(d, NAMES_OPTION, line, name, n);
      n += (size_t)(name - q);
    } else if ((q == p || !t2r_path_byte((unsigned char)q[-1])) &&
               t2r_path_byte((unsigned char)*q)) {
      while (q + n < end && t2r_path_byte((unsigned char)q[n]))
        n++;
      if (q == p || q[-1] != '<') /* <net/if.h> is an include path */
        scan_path(a, d, line, q, n);
      /* "foo_bar()": a function, when named like one */
      size_t id = 0;
      while (id < n && ident_byte((unsigned char)q[id]))
        id++;
      if (id == n && id >= 3 && end - (q + n) >= 2 && q[n] == '(' &&
          q[n + 1] == ')' && !isdigit((unsigned char)*q)) {
        add_mention(d, NAMES_FUNCTION, line, q, n);
        set_add(&a->functions, q, n);
      }
      n = 1; /* a version or option may sit inside: "linux-2.4/" */
    }
    q += n ? n : 1;
  }
}

static void scan_document(age_audit *a, document *d, const t2r_buf *text) {
  unsigned line = 0;
  for (const char *p = text->ptr, *end = text->ptr + text->len; p < end;) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *eol = nl ? nl : end;
    scan_line(a, d, ++line, p, eol);
    p = eol + 1;
  }
}

/* ------------------------------------------------------------- the tree */

static int has_suffix(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n >= k && !strcmp(s + n - k, suffix);
}

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

/* "config FOO" and "menuconfig FOO" lines of a Kconfig file. */
static void read_options(age_audit *a, const t2r_buf *text) {
  for (const char *p = text->ptr, *end = p + text->len; p < end;) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *eol = nl ? nl : end;
    while (p < eol && (*p == ' ' || *p == '\t'))
      p++;
    size_t skip = !strncmp(p, "config", 6) ? 6 : !strncmp(p, "menuconfig", 10) ? 10 : 0;
    if (skip && p + skip < eol && (p[skip] == ' ' || p[skip] == '\t')) {
      const char *name = p + skip;
      while (name < eol && (*name == ' ' || *name == '\t'))
        name++;
      const char *e = name;
      while (e < eol && ident_byte((unsigned char)*e))
        e++;
      if (e > name)
        set_add(&a->options, name, (size_t)(e - name));
    }
    p = eol + 1;
  }
}

/* Marks the function names that C source 'text' holds as identifiers. */
static void find_functions(age_audit *a, const t2r_buf *text) {
  const char *p = text->ptr, *end = p + text->len;
  while (p < end) {
    while (p < end && !ident_byte((unsigned char)*p))
      p++;
    const char *w = p;
    while (p < end && ident_byte((unsigned char)*p))
      p++;
    name_slot *s = set_get(&a->functions, w, (size_t)(p - w));
    if (s)
      s->found = 1;
  }
}

/* The tree's top-level directories: a path names a file of the tree
 * when it starts with one. */
static void read_top_dirs(age_audit *a) {
  for (size_t i = 0; i < a->tree.npaths; i++) {
    const char *path = a->tree.paths[i], *slash = strchr(path, '/');
    if (slash)
      set_add(&a->top_dirs, path, (size_t)(slash - path));
  }
}

/* The tree's Kconfig symbols, and which of the functions the documents
 * name its C sources hold. */
static void read_tree(age_audit *a) {
  t2r_buf text;
  t2r_buf_init(&text);
  for (size_t i = 0; i < a->tree.npaths; i++) {
    const char *path = a->tree.paths[i];
    if (!strncmp(base_name(path), "Kconfig", 7) &&
        t2r_worktree_read_text(&a->tree, path, &text) == 0)
      read_options(a, &text);
    else if (a->functions.len && (has_suffix(path, ".c") || has_suffix(path, ".h")) &&
             t2r_worktree_read_text(&a->tree, path, &text) == 0) {
      a->counts->sources += text.len > 0;
      find_functions(a, &text);
    }
  }
  a->counts->options = a->options.len;
  t2r_buf_release(&text);
}

/* The tree's kernel version: VERSION and PATCHLEVEL of its top Makefile
 * (a tree without them has no kernel versions to judge by). */
static void makefile_version(age_audit *a) {
  t2r_buf text;
  t2r_buf_init(&text);
  if (t2r_worktree_read_text(&a->tree, "Makefile", &text) == 0) {
    const char *v = strstr(text.ptr, "\nVERSION = ");
    const char *pl = strstr(text.ptr, "\nPATCHLEVEL = ");
    if (!strncmp(text.ptr, "VERSION = ", 10))
      v = text.ptr - 1;
    if (v && pl && isdigit((unsigned char)v[11])) {
      a->counts->major = atoi(v + 11);
      a->counts->minor = atoi(pl + 14);
    }
  }
  t2r_buf_release(&text);
}

/* ---------------------------------------------------------- the history */

static int by_path(const void *x, const void *y) {
  return strcmp(((const document *)x)->path, ((const document *)y)->path);
}

static int note_change(const t2r_change *c, void *payload) {
  age_audit *a = payload;
  if (!c->new_path)
    return 0;
  document key = {.path = c->new_path};
  document *d = bsearch(&key, a->docs, a->ndocs, sizeof *a->docs, by_path);
  if (d && !d->changed) {
    d->changed = c->time;
    a->undated--;
  }
  return a->undated == 0;
}

/* When each document last changed, back to STALE_YEARS before HEAD. */
static int read_history(age_audit *a) {
  git_object *head;
  if (git_revparse_single(&head, a->tree.repo, "HEAD^{commit}") != 0)
    return 0; /* no commit yet: no history to tell */
  a->head_time = (long long)git_commit_time((git_commit *)head);
  git_object_free(head);
  a->since = a->head_time - (long long)(STALE_YEARS * YEAR_SECONDS);
  t2r_buf prefix;
  t2r_buf_init(&prefix);
  t2r_buf_printf(&prefix, "%s%s", a->tree.prefix, a->tree.prefix[0] ? "/" : "");
  t2r_history_options o = {prefix.ptr, 0, 0, a->since};
  a->undated = a->ndocs;
  t2r_history_end end;
  int rc = t2r_history_walk(a->tree.repo, &o, note_change, a, &end);
  t2r_buf_release(&prefix);
  a->counts->commits = end.commits;
  a->history_short = end.reached_root;
  return rc;
}

/* ---------------------------------------------------------- the verdict */

static const char *const kind_says[NAME_KINDS] = {
    "%s is not in the tree", "CONFIG_%s is defined in no Kconfig file",
    "%s() appears in no C source"};

/* Is mention 'm' of something the tree does not have? */
static int gone(const age_audit *a, const mention *m) {
  switch (m->kind) {
  case NAMES_FILE:
    return 1; /* only missing paths are kept */
  case NAMES_OPTION:
    return a->options.len && !set_get(&a->options, m->name, strlen(m->name));
  default: {
    name_slot *s = set_get(&a->functions, m->name, strlen(m->name));
    return a->counts->sources && s && !s->found;
  }
  }
}

/* "names only long-gone kernel versions": every version it names is
 * VERSIONS_BEHIND majors before the tree's. */
static int weigh_versions(const age_audit *a, document *d) {
  if (!d->nversions || !a->counts->major)
    return 0;
  for (size_t k = 0; k < d->nversions; k++)
    if (d->versions[k].major > a->counts->major - VERSIONS_BEHIND)
      return 0;
  t2r_buf_printf(&d->evidence, "  names only kernel versions long before %d.%d:",
                 a->counts->major, a->counts->minor);
  for (size_t k = 0; k < d->nversions && k < LISTED; k++)
    t2r_buf_printf(&d->evidence, "%s %s (line %u)", k ? "," : "",
                   d->versions[k].as_written, d->versions[k].line);
  if (d->nversions > LISTED)
    t2r_buf_printf(&d->evidence, " and %zu more", d->nversions - LISTED);
  t2r_buf_putc(&d->evidence, '\n');
  return 2 + (d->nversions < 3 ? (int)d->nversions : 3);
}

/* One line per missing thing of 'kind' (LISTED at most); a point each,
 * at most 'cap'. */
static int weigh_mentions(const age_audit *a, document *d, name_kind kind,
                          int cap) {
  size_t n = 0;
  for (size_t i = 0; i < d->nmentions; i++) {
    const mention *m = &d->mentions[i];
    if (m->kind != kind || !gone(a, m))
      continue;
    if (n++ < LISTED) {
      t2r_buf_printf(&d->evidence, "  line %u: ", m->line);
      t2r_buf_printf(&d->evidence, kind_says[kind], m->name);
      t2r_buf_putc(&d->evidence, '\n');
    }
  }
  if (n > LISTED)
    t2r_buf_printf(&d->evidence, "  and %zu more of that kind\n", n - LISTED);
  return n < (size_t)cap ? (int)n : cap;
}

static int weigh_history(const age_audit *a, document *d) {
  if (!a->head_time || a->history_short || d->changed)
    return 0;
  char date[16];
  time_t t = (time_t)a->since;
  strftime(date, sizeof date, "%Y-%m-%d", gmtime(&t));
  t2r_buf_printf(&d->evidence, "  unchanged in git for %d years (nothing since %s)\n",
                 STALE_YEARS, date);
  return 2;
}

static void weigh(age_audit *a, document *d) {
  d->score = weigh_versions(a, d) + weigh_mentions(a, d, NAMES_FILE, 3) +
             weigh_mentions(a, d, NAMES_OPTION, 3) +
             weigh_mentions(a, d, NAMES_FUNCTION, 2) + weigh_history(a, d);
}

static int by_score(const void *x, const void *y) {
  const document *a = x, *b = y;
  if (a->score != b->score)
    return a->score > b->score ? -1 : 1;
  return strcmp(a->path, b->path);
}

/* ------------------------------------------------------------ the audit */

static void select_documents(age_audit *a) {
  size_t n = strlen(a->tree.prefix);
  a->docs = t2r_xrealloc(NULL, (a->tree.npaths + 1) * sizeof *a->docs);
  for (size_t i = 0; i < a->tree.npaths; i++) {
    const char *p = a->tree.paths[i];
    if ((!n || (!strncmp(p, a->tree.prefix, n) && p[n] == '/')) &&
        t2r_document_path(p) && strcmp(base_name(p), "Makefile") &&
        strncmp(base_name(p), "Kconfig", 7) && strcmp(base_name(p), "Kbuild"))
      a->docs[a->ndocs++] = (document){.path = p};
  }
}

static void release_documents(age_audit *a) {
  for (size_t i = 0; i < a->ndocs; i++) {
    document *d = &a->docs[i];
    for (size_t k = 0; k < d->nmentions; k++)
      free(d->mentions[k].name);
    for (size_t k = 0; k < d->nversions; k++)
      free(d->versions[k].as_written);
    free(d->mentions);
    free(d->versions);
    t2r_buf_release(&d->evidence);
  }
  free(a->docs);
}

/* The call's arguments, handed through t2r_guard_memory. */
typedef struct {
  const char *dir;
  t2r_buf *report;
  t2r_age_counts *counts;
  t2r_diags *diags;
} age_call;

static int audit_age(void *arg) {
  const age_call *c = arg;
  const char *dir = c->dir;
  t2r_buf *report = c->report;
  t2r_age_counts *counts = c->counts;
  t2r_diags *diags = c->diags;
  age_audit a = {.counts = counts};
  if (t2r_worktree_open(&a.tree, dir, diags) != 0)
    return -1;
  select_documents(&a);
  read_top_dirs(&a);
  t2r_buf text;
  t2r_buf_init(&text);
  for (size_t i = 0; i < a.ndocs; i++) {
    t2r_buf_init(&a.docs[i].evidence);
    if (t2r_worktree_read_text(&a.tree, a.docs[i].path, &text) == 0) {
      counts->documents++;
      scan_document(&a, &a.docs[i], &text);
    }
  }
  t2r_buf_release(&text);
  read_tree(&a);
  makefile_version(&a);
  int rc = read_history(&a);
  if (rc)
    t2r_diags_add(diags, T2R_DIAG_ERROR, 0, 0, NULL,
                  "%s: cannot read the git history", dir);
  for (size_t i = 0; !rc && i < a.ndocs; i++)
    weigh(&a, &a.docs[i]);
  qsort(a.docs, a.ndocs, sizeof *a.docs, by_score);
  for (size_t i = 0; !rc && i < a.ndocs && a.docs[i].score > 0; i++) {
    counts->flagged++;
    t2r_buf_printf(report, "%s: score %d\n%s", a.docs[i].path, a.docs[i].score,
                   a.docs[i].evidence.ptr);
  }
  release_documents(&a);
  set_release(&a.top_dirs);
  set_release(&a.options);
  set_release(&a.functions);
  t2r_worktree_close(&a.tree);
  return rc ? -1 : 0;
}

int t2r_audit_age(const char *dir, t2r_buf *report, t2r_age_counts *counts,
                  t2r_diags *diags) {
  memset(counts, 0, sizeof *counts);
  age_call c = {dir, report, counts, diags};
  return t2r_guard_memory(audit_age, &c, T2R_ERR_NOMEM);
}
