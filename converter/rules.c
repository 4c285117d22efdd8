/* rules.c - the rule engine's loader and line matcher. */
#define _POSIX_C_SOURCE 200809L
#include "rules.h"

#include "buf.h"
#include "fileio.h"
#include "lexer.h"
#include "pcresetup.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A set of bytes, one bit each. */
typedef struct {
  uint64_t bits[4];
} byte_set;

static void byte_set_add(byte_set *s, unsigned char c) {
  s->bits[c >> 6] |= (uint64_t)1 << (c & 63);
}

static int byte_set_has(const byte_set *s, unsigned c) {
  return (s->bits[c >> 6] >> (c & 63)) & 1;
}

/* A rule's pattern is compiled twice: \w, \s and \b by Unicode
 * properties, and by ASCII alone, which matches an ASCII line the same
 * way at a fraction of the cost. */
enum { FOR_ASCII, FOR_UNICODE };

/* A line's bytes are summed up in 64 bits: each byte some rule needs has
 * a bit of its own (bytes past the 62nd share bits, which only lets a
 * pattern run that could have been skipped), every byte past ASCII sets
 * the top bit, and every line the one below it, which rules that need
 * nothing hold.  A rule is tried only if its bits meet the line's. */
#define NON_ASCII_BIT ((uint64_t)1 << 63)
#define ANY_LINE_BIT ((uint64_t)1 << 62)

typedef struct {
  char *name, *why;
  unsigned cls;        /* classes given, none for a test */
  int is_test;         /* a test: asked by t2r_rules_test alone */
  t2r_test test;       /* ... of this kind */
  pcre2_code *code[2]; /* FOR_ASCII, FOR_UNICODE */
  int jit[2];          /* compiled to machine code: the fast entry */
  int has_needs;       /* the pattern can only match a line with ... */
  byte_set needs;      /* ... one of these bytes in it */
  uint64_t need_bits;  /* ... as bits of a line's summary (above) */
  byte_set first[2];   /* anchored: the bytes a line can start with */
} rule;

struct t2r_rules {
  rule *items;
  size_t len, cap;
  uint64_t bit_of[256]; /* a byte's bits in a line's summary */
};

struct t2r_matcher {
  const t2r_rules *rules;
  pcre2_match_data *md;
};

static const struct {
  const char *name;
  unsigned bit;
} class_names[] = {
    {"code", T2R_TEXT_CODE},   {"art", T2R_TEXT_ART},
    {"prose", T2R_TEXT_PROSE}, {"admonition", T2R_TEXT_ADMONITION},
    {"field", T2R_TEXT_FIELD}, {"heading", T2R_TEXT_HEADING},
    {"prompt", T2R_TEXT_PROMPT}, {"date", T2R_TEXT_DATE},
};

static const char *const test_names[T2R_TESTS] = {
    [T2R_TEST_COMMON_PART] = "common-part",
    [T2R_TEST_STATEMENT] = "statement",
    [T2R_TEST_SENTENCE_WORD] = "sentence-word",
    [T2R_TEST_INTRODUCES] = "introduces",
    [T2R_TEST_RST_MARKUP] = "rst-markup",
};

t2r_rules *t2r_rules_new(void) {
  t2r_rules *r = t2r_xrealloc(NULL, sizeof *r);
  memset(r, 0, sizeof *r);
  return r;
}

static void release_rule(rule *r) {
  free(r->name);
  free(r->why);
  pcre2_code_free(r->code[FOR_ASCII]);
  pcre2_code_free(r->code[FOR_UNICODE]);
}

void t2r_rules_free(t2r_rules *rules) {
  if (!rules)
    return;
  for (size_t i = 0; i < rules->len; i++)
    release_rule(&rules->items[i]);
  free(rules->items);
  free(rules);
}

static int jit_wanted = 1; /* set before any thread starts */

void t2r_set_jit(int wanted) { jit_wanted = wanted; }

int t2r_use_jit(void) {
  const char *no = getenv("TXT2RST_NO_JIT");
  return jit_wanted && !(no && no[0]);
}

size_t t2r_rules_count(const t2r_rules *rules) { return rules->len; }

/* A stanza being read; 'line' is where it started, for messages. */
typedef struct {
  rule r;
  unsigned line;
  int have_class, open;
} stanza;

static int fail(t2r_diags *diags, const char *path, unsigned line,
                const char *why) {
  t2r_diags_add(diags, T2R_DIAG_ERROR, line, 0, NULL, "%s:%u: %s", path, line,
                why);
  return -1;
}

static int fail_errno(t2r_diags *diags, const char *path, int err) {
  t2r_diags_add(diags, T2R_DIAG_ERROR, 0, 0, NULL, "%s: %s", path,
                strerror(err));
  return -1;
}

static int finish_stanza(t2r_rules *rules, stanza *st, const char *path,
                         t2r_diags *diags) {
  if (!st->open)
    return 0;
  st->open = 0;
  const char *missing = !st->have_class && !st->r.is_test
                            ? "rule has no 'class'"
                        : !st->r.code[0] ? "rule has no 'match'"
                        : !st->r.why     ? "rule has no 'why'"
                                         : NULL;
  if (missing) {
    release_rule(&st->r);
    return fail(diags, path, st->line, missing);
  }
  if (rules->len == rules->cap) {
    rules->cap = rules->cap ? rules->cap * 2 : 16;
    rules->items = t2r_xrealloc(rules->items, rules->cap * sizeof(rule));
  }
  rules->items[rules->len++] = st->r;
  return 0;
}

/* The bytes a line matched by 'code' can start with, as PCRE2 works
 * them out for a pattern anchored at the line's start ("^\\s*#" starts
 * with a blank or '#'); every byte when it does not know. */
static void first_bytes(const pcre2_code *code, byte_set *first) {
  uint32_t options = 0;
  const uint8_t *map = NULL;
  memset(first, 0xff, sizeof *first);
  if (pcre2_pattern_info(code, PCRE2_INFO_ALLOPTIONS, &options) != 0 ||
      !(options & PCRE2_ANCHORED) ||
      pcre2_pattern_info(code, PCRE2_INFO_FIRSTBITMAP, &map) != 0 || !map)
    return;
  memset(first, 0, sizeof *first);
  for (unsigned c = 0; c < 256; c++)
    if (map[c / 8] & (1u << (c % 8)))
      byte_set_add(first, (unsigned char)c);
}

static int compile_pattern(stanza *st, const char *pat, size_t n,
                           const char *path, unsigned line, t2r_diags *diags) {
  static const uint32_t options[2] = {
      [FOR_ASCII] = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF,
      [FOR_UNICODE] = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | PCRE2_UCP};
  for (int k = FOR_UNICODE; k >= FOR_ASCII; k--) {
    int err;
    PCRE2_SIZE off;
    st->r.code[k] = pcre2_compile((PCRE2_SPTR)pat, n, options[k], &err, &off,
                                  t2r_pcre2_compile_context());
    if (!st->r.code[k]) {
      PCRE2_UCHAR msg[256];
      pcre2_get_error_message(err, msg, sizeof msg);
      char why[320];
      snprintf(why, sizeof why, "bad pattern: %s at offset %zu", (char *)msg,
               (size_t)off);
      return fail(diags, path, line, why);
    }
    st->r.jit[k] = t2r_use_jit() &&
                   pcre2_jit_compile(st->r.code[k], PCRE2_JIT_COMPLETE) == 0;
    first_bytes(st->r.code[k], &st->r.first[k]);
  }
  return 0;
}

static int is_blank(char c) { return c == ' ' || c == '\t'; }

/* Where the word starting at p[i] ends, and where the blanks starting at
 * p[i] end: a rule file's line is words set apart by blanks. */
static size_t word_end(const char *p, size_t n, size_t i) {
  while (i < n && !is_blank(p[i]))
    i++;
  return i;
}
static size_t blanks_end(const char *p, size_t n, size_t i) {
  while (i < n && is_blank(p[i]))
    i++;
  return i;
}

static unsigned class_bit(const char *name, size_t n) {
  for (size_t i = 0; i < sizeof class_names / sizeof *class_names; i++)
    if (strlen(class_names[i].name) == n &&
        !memcmp(class_names[i].name, name, n))
      return class_names[i].bit;
  return 0;
}

/* The test named [name, name+n) in '*test'; -1 if there is none. */
static int test_kind(const char *name, size_t n, t2r_test *test) {
  for (size_t i = 0; i < T2R_TESTS; i++)
    if (strlen(test_names[i]) == n && !memcmp(test_names[i], name, n)) {
      *test = (t2r_test)i;
      return 0;
    }
  return -1;
}

/* "class code prompt": one class or more, separated by blanks. */
static int set_class(stanza *st, const char *v, size_t n, const char *path,
                     unsigned line, t2r_diags *diags) {
  unsigned cls = 0;
  for (size_t i = 0; i < n;) {
    size_t k = word_end(v, n, i);
    unsigned bit = class_bit(v + i, k - i);
    if (!bit)
      return fail(diags, path, line,
                  "unknown class (code, art, prose, admonition, field, "
                  "heading, prompt, date)");
    cls |= bit;
    i = blanks_end(v, n, k);
  }
  st->r.cls = cls;
  st->have_class = 1;
  return 0;
}

static int hex_digit(char c) {
  return c >= '0' && c <= '9'   ? c - '0'
         : c >= 'a' && c <= 'f' ? c - 'a' + 10
         : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                : -1;
}

/* "needs {}|": the bytes of the value, '\xHH' for any byte, '\\' for a
 * backslash. */
static int set_needs(stanza *st, const char *v, size_t n, const char *path,
                     unsigned line, t2r_diags *diags) {
  memset(&st->r.needs, 0, sizeof st->r.needs);
  for (size_t i = 0; i < n; i++) {
    if (v[i] != '\\') {
      byte_set_add(&st->r.needs, (unsigned char)v[i]);
    } else if (i + 1 < n && v[i + 1] == '\\') {
      byte_set_add(&st->r.needs, '\\');
      i++;
    } else if (i + 3 < n && v[i + 1] == 'x' && hex_digit(v[i + 2]) >= 0 &&
               hex_digit(v[i + 3]) >= 0) {
      byte_set_add(&st->r.needs, (unsigned char)(hex_digit(v[i + 2]) * 16 +
                                                 hex_digit(v[i + 3])));
      i += 3;
    } else {
      return fail(diags, path, line, "bad escape in 'needs' (\\xHH or \\\\)");
    }
  }
  st->r.has_needs = 1;
  return 0;
}

/* Reads one "key value" line inside a stanza. */
static int read_key(stanza *st, const char *p, size_t n, const char *path,
                    unsigned line, t2r_diags *diags) {
  size_t k = word_end(p, n, 0), v = blanks_end(p, n, k);
  if (v == n)
    return fail(diags, path, line, "key without a value");
  if (!st->open)
    return fail(diags, path, line,
                "key outside a rule (start with 'rule NAME')");
  if (st->r.is_test &&
      k == 5 && (!memcmp(p, "class", 5) || !memcmp(p, "needs", 5)))
    return fail(diags, path, line, "a test has only 'match' and 'why'");
  if (k == 5 && !memcmp(p, "class", 5))
    return set_class(st, p + v, n - v, path, line, diags);
  if (k == 5 && !memcmp(p, "match", 5)) {
    if (st->r.code[0])
      return fail(diags, path, line, "second 'match' in one rule");
    return compile_pattern(st, p + v, n - v, path, line, diags);
  }
  if (k == 3 && !memcmp(p, "why", 3)) {
    free(st->r.why);
    st->r.why = t2r_strndup(p + v, n - v);
    return 0;
  }
  if (k == 5 && !memcmp(p, "needs", 5))
    return set_needs(st, p + v, n - v, path, line, diags);
  return fail(diags, path, line, "unknown key (class, match, needs, why)");
}

static int read_line(t2r_rules *rules, stanza *st, const char *p, size_t n,
                     const char *path, unsigned line, t2r_diags *diags) {
  while (n && (is_blank(p[n - 1]) || p[n - 1] == '\r'))
    n--;
  size_t i = blanks_end(p, n, 0);
  if (i == n || p[i] == '#')
    return 0;
  if (i > 0)
    return read_key(st, p + i, n - i, path, line, diags);
  size_t k = word_end(p, n, 0), b = blanks_end(p, n, k);
  int is_test = k == 4 && !memcmp(p, "test", 4);
  if (b == k || b == n || !(is_test || (k == 4 && !memcmp(p, "rule", 4))))
    return fail(diags, path, line,
                "expected 'rule NAME', 'test NAME' or an indented 'key "
                "value' line");
  if (finish_stanza(rules, st, path, diags))
    return -1;
  memset(st, 0, sizeof *st);
  if (is_test && test_kind(p + b, n - b, &st->r.test))
    return fail(diags, path, line,
                "unknown test (common-part, statement, sentence-word, "
                "introduces)");
  st->r.is_test = is_test;
  st->r.name = t2r_strndup(p + b, n - b);
  st->line = line;
  st->open = 1;
  return 0;
}

/* Gives each byte some rule needs a bit, and each rule the bits of its
 * needed bytes; done once the rules change, not per conversion. */
static void sum_up_needs(t2r_rules *rules) {
  unsigned next = 0;
  memset(rules->bit_of, 0, sizeof rules->bit_of);
  for (size_t i = 0; i < rules->len; i++) {
    rule *r = &rules->items[i];
    r->need_bits = r->has_needs ? 0 : ANY_LINE_BIT;
    for (unsigned c = 0; r->has_needs && c < 256; c++) {
      if (!byte_set_has(&r->needs, c))
        continue;
      if (!rules->bit_of[c])
        rules->bit_of[c] = (uint64_t)1 << (next++ % 62);
      r->need_bits |= rules->bit_of[c];
    }
  }
  for (unsigned c = 0x80; c < 256; c++)
    rules->bit_of[c] |= NON_ASCII_BIT;
}

/* Drops the rules added after the first 'keep', so that a refused file
 * adds nothing. */
static void truncate_rules(t2r_rules *rules, size_t keep) {
  while (rules->len > keep)
    release_rule(&rules->items[--rules->len]);
  sum_up_needs(rules);
}

int t2r_rules_add_text(t2r_rules *rules, const char *path, const char *text,
                       size_t len, t2r_diags *diags) {
  stanza st;
  memset(&st, 0, sizeof st);
  size_t before = rules->len;
  unsigned line = 0;
  for (size_t i = 0; i < len;) {
    const char *nl = memchr(text + i, '\n', len - i);
    size_t e = nl ? (size_t)(nl - text) : len;
    line++;
    if (memchr(text + i, '\0', e - i) ||
        read_line(rules, &st, text + i, e - i, path, line, diags)) {
      if (memchr(text + i, '\0', e - i))
        fail(diags, path, line, "NUL byte in a rule file");
      if (st.open)
        release_rule(&st.r);
      truncate_rules(rules, before);
      return -1;
    }
    i = e + 1;
  }
  if (finish_stanza(rules, &st, path, diags)) {
    truncate_rules(rules, before);
    return -1;
  }
  sum_up_needs(rules);
  return 0;
}

static int add_file(t2r_rules *rules, const char *path, t2r_diags *diags) {
  t2r_buf b;
  t2r_buf_init(&b);
  int err = t2r_read_file(path, &b);
  int rc = err ? fail_errno(diags, path, err)
               : t2r_rules_add_text(rules, path, b.ptr, b.len, diags);
  t2r_buf_release(&b);
  return rc;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int add_dir(t2r_rules *rules, const char *path, t2r_diags *diags) {
  DIR *d = opendir(path);
  if (!d && errno == ENOMEM) /* not a directory that cannot be read */
    t2r_out_of_memory();
  if (!d)
    return fail_errno(diags, path, errno);
  char **names = NULL;
  size_t len = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    size_t n = strlen(e->d_name);
    if (n > 6 && !strcmp(e->d_name + n - 6, ".rules") && e->d_name[0] != '.') {
      names = t2r_xrealloc(names, (len + 1) * sizeof *names);
      names[len++] = t2r_strndup(e->d_name, n);
    }
  }
  closedir(d);
  if (len > 1)
    qsort(names, len, sizeof *names, by_name);
  int rc = 0;
  for (size_t i = 0; i < len; i++) {
    t2r_buf full;
    t2r_buf_init(&full);
    t2r_buf_printf(&full, "%s/%s", path, names[i]);
    if (!rc)
      rc = add_file(rules, full.ptr, diags);
    t2r_buf_release(&full);
    free(names[i]);
  }
  free(names);
  return rc;
}

int t2r_rules_add_path(t2r_rules *rules, const char *path, t2r_diags *diags) {
  struct stat st;
  if (stat(path, &st) != 0)
    return fail_errno(diags, path, errno);
  size_t before = rules->len;
  int rc = S_ISDIR(st.st_mode) ? add_dir(rules, path, diags)
                               : add_file(rules, path, diags);
  if (rc)
    truncate_rules(rules, before);
  return rc;
}

t2r_matcher *t2r_matcher_new(const t2r_rules *rules) {
  t2r_matcher *m = t2r_xrealloc(NULL, sizeof *m);
  m->rules = rules;
  m->md = pcre2_match_data_create(8, t2r_pcre2_general_context());
  return m;
}

void t2r_matcher_free(t2r_matcher *m) {
  if (!m)
    return;
  pcre2_match_data_free(m->md);
  free(m);
}

/* Does rule r's pattern, compiled for 'k', match [p, p+n)? */
static int matches(t2r_matcher *m, const rule *r, int k, const char *p,
                   size_t n) {
  int rc = r->jit[k]
               ? pcre2_jit_match(r->code[k], (PCRE2_SPTR)p, n, 0, 0, m->md,
                                 NULL)
               : pcre2_match(r->code[k], (PCRE2_SPTR)p, n, 0, 0, m->md, NULL);
  if (rc == PCRE2_ERROR_NOMEMORY) /* not "no match" */
    t2r_out_of_memory();
  return rc >= 0;
}

unsigned t2r_rules_classify(t2r_matcher *m, const char *p, size_t n,
                            const char **rule_name) {
  unsigned cls = 0;
  *rule_name = NULL;
  uint64_t present = ANY_LINE_BIT;
  for (size_t i = 0; i < n; i++)
    present |= m->rules->bit_of[(unsigned char)p[i]];
  int ascii = !(present & NON_ASCII_BIT);
  for (size_t i = 0; i < m->rules->len; i++) {
    const rule *r = &m->rules->items[i];
    int k = ascii ? FOR_ASCII : FOR_UNICODE;
    /* a test gives no class: the line has its classes already */
    if ((cls & r->cls) == r->cls || !(present & r->need_bits) ||
        (n && !byte_set_has(&r->first[k], (unsigned char)p[0])))
      continue;
    if (matches(m, r, k, p, n)) {
      cls |= r->cls;
      if (!*rule_name)
        *rule_name = r->name;
    }
  }
  return cls;
}

int t2r_rules_test(t2r_matcher *m, t2r_test test, const char *p, size_t n) {
  int k = FOR_ASCII;
  for (size_t i = 0; i < n && k == FOR_ASCII; i++)
    if ((unsigned char)p[i] >= 0x80)
      k = FOR_UNICODE;
  for (size_t i = 0; i < m->rules->len; i++) {
    const rule *r = &m->rules->items[i];
    if (!r->is_test || r->test != test)
      continue;
    if (matches(m, r, k, p, n))
      return 1;
  }
  return 0;
}
