/* inline.c - docutils' inline parser, reduced to what makes it complain.
 *
 * docutils (Inliner.parse) searches the paragraph for the first
 * start-string, handles it, and searches again in what remains, where '^'
 * matches at the new start.  We do the same on a copy of the text in which
 * every backslash-escaped character is preceded by NUL instead of '\'
 * (docutils' escape2null), so offsets stay those of the source. */
#include "inline.h"

#include "buf.h"
#include "pcresetup.h"
#include "rules.h"
#include "source.h"

#include <ctype.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ASCII sets of docutils' punctuation_chars; other characters go by
 * their Unicode category, as there. */
#define PREFIX                                                                 \
  "(?:^|(?<=[\\s\"'(<\\[{/:\\-])|(?<=[^\\x00-\\x7f])(?<=[\\p{Ps}\\p{Pi}"      \
  "\\p{Pf}\\p{Pd}\\p{Po}]))"
#define SUFFIX                                                                 \
  "(?:$|(?=[\\s\\x00\\\\.,;!?/:\"')>\\]}\\-])|(?=[^\\x00-\\x7f])(?=[\\p{Pe}"  \
  "\\p{Pi}\\p{Pf}\\p{Pd}\\p{Po}]))"
#define EMPHASIS_MAX_BYTES 60
#define END_SEARCH_MAX 4096 /* farthest end-string of an inline span */
#define EMPHASIS_MAX_WORDS 6
#define SIMPLENAME "(?:(?!_)\\w)+(?:[-._+:](?:(?!_)\\w)+)*"

enum { P_INITIAL, P_EMPHASIS, P_STRONG, P_LITERAL, P_TARGET, P_SUBST,
       P_INTERPRETED, P_COUNT };

static const char *const patterns[P_COUNT] = {
    [P_INITIAL] =
        PREFIX "(?:(?<start>\\*\\*|\\*(?!\\*)|``|_`|\\|(?!\\|))(?!\\s)"
               "|(?<whole>(?<refname>" SIMPLENAME ")(?<refend>__?)"
               "|\\[(?:[0-9]+|\\#(?:" SIMPLENAME ")?|\\*|" SIMPLENAME ")"
               "(?<fnend>\\]_))" SUFFIX
               "|(?<role>(?::" SIMPLENAME ":)?)(?<backquote>`(?!`))(?!\\s))",
    [P_EMPHASIS] = "(?<![\\s\\x00])(\\*)" SUFFIX,
    [P_STRONG] = "(?<![\\s\\x00])(\\*\\*)" SUFFIX,
    [P_LITERAL] = "(?<!\\s)(``)" SUFFIX,
    [P_TARGET] = "(?<![\\s\\x00])(`)" SUFFIX,
    [P_SUBST] = "(?<![\\s\\x00])(\\|_{0,2})" SUFFIX,
    [P_INTERPRETED] = "(?<!(?<!\\x00)[\\s\\x00])(`(?<suffix>(?<role>:"
                      SIMPLENAME ":)?(?<refend>__?)?))" SUFFIX,
};

/* Roles docutils knows, and those Sphinx and the kernel add, in lower
 * case: docutils looks a role's name up in lower case (":PEP:" is
 * ":pep:"). */
static const char *const known_roles[] = {
    "emphasis", "literal", "code", "math", "pep-reference", "pep",
    "rfc-reference", "rfc", "strong", "subscript", "sub", "superscript",
    "sup", "title-reference", "title", "t", "abbreviation", "ab", "acronym",
    "ac", "ref", "doc", "numref", "term", "keyword", "option", "envvar",
    "token", "download", "abbr", "command", "dfn", "file", "guilabel", "kbd",
    "mailheader", "makevar", "manpage", "menuselection", "mimetype",
    "newsgroup", "program", "regexp", "samp", "eq", "func", "macro", "type",
    "struct", "union", "enum", "enumerator", "member", "data", "var", "expr",
    "texpr", "id", "class", "meth", "attr", "exc", "mod", "obj", "const",
    "any"};

/* Each pattern is compiled twice: \w and \s by Unicode properties, and
 * by ASCII alone, which reads ASCII text the same way, faster.  They are
 * compiled once for the process and shared: matching does not change a
 * compiled pattern. */
enum { FOR_ASCII, FOR_UNICODE };

static pcre2_code *compiled[2][P_COUNT]; /* FOR_ASCII, FOR_UNICODE */
static int compiled_all;                 /* under compile_lock */
static pthread_mutex_t compile_lock = PTHREAD_MUTEX_INITIALIZER;

/* Compiles the patterns into 'set'. */
static void compile_patterns(pcre2_code *set[2][P_COUNT]) {
  static const uint32_t options[2] = {
      [FOR_ASCII] = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF,
      [FOR_UNICODE] = PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF};
  for (int s = FOR_ASCII; s <= FOR_UNICODE; s++)
    for (int k = 0; k < P_COUNT; k++) {
      int err;
      PCRE2_SIZE off;
      pcre2_code *re = pcre2_compile((PCRE2_SPTR)patterns[k],
                                     PCRE2_ZERO_TERMINATED, options[s], &err,
                                     &off, t2r_pcre2_compile_context());
      if (!re) {
        /* the patterns are fixed: failing here is a build error */
        fprintf(stderr, "txt2rst: internal pattern %d: error %d at %zu\n", k,
                err, (size_t)off);
        abort();
      }
      if (t2r_use_jit()) /* without it, the interpreter matches the same */
        pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
      set[s][k] = re;
    }
}

/* The patterns, compiled once for the process.  A thread compiles them
 * holding no lock (running out of memory there ends its job); the first
 * to publish its set wins, the others free theirs. */
static void need_patterns(void) {
  pthread_mutex_lock(&compile_lock);
  int ready = compiled_all;
  pthread_mutex_unlock(&compile_lock);
  if (ready)
    return;
  pcre2_code *mine[2][P_COUNT];
  compile_patterns(mine);
  pthread_mutex_lock(&compile_lock);
  int lost = compiled_all;
  if (!lost)
    memcpy(compiled, mine, sizeof compiled);
  compiled_all = 1;
  pthread_mutex_unlock(&compile_lock);
  for (int s = FOR_ASCII; lost && s <= FOR_UNICODE; s++)
    for (int k = 0; k < P_COUNT; k++)
      pcre2_code_free(mine[s][k]);
}

struct t2r_inline {
  pcre2_code **re; /* the set for the text being scanned */
  pcre2_match_data *md, *md2;
  t2r_buf text; /* escape2null copy */
};

t2r_inline *t2r_inline_new(void) {
  need_patterns();
  t2r_inline *in = t2r_xrealloc(NULL, sizeof *in);
  memset(in, 0, sizeof *in);
  in->re = compiled[FOR_UNICODE];
  in->md = pcre2_match_data_create(16, t2r_pcre2_general_context());
  in->md2 = pcre2_match_data_create(16, t2r_pcre2_general_context());
  t2r_buf_init(&in->text);
  return in;
}

void t2r_inline_free(t2r_inline *in) {
  if (!in)
    return;
  pcre2_match_data_free(in->md);
  pcre2_match_data_free(in->md2);
  t2r_buf_release(&in->text);
  free(in);
}

/* ------------------------------------------------------------------ names */

void t2r_names_init(t2r_names *names) { memset(names, 0, sizeof *names); }

void t2r_names_add(t2r_names *names, const char *p, size_t n) {
  t2r_buf b;
  t2r_buf_init(&b);
  int space = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)p[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      space = b.len > 0;
      continue;
    }
    if (space)
      t2r_buf_putc(&b, ' ');
    space = 0;
    t2r_buf_putc(&b, (char)(c >= 'A' && c <= 'Z' ? c + 32 : c));
  }
  if (names->len == names->cap) {
    names->cap = names->cap ? names->cap * 2 : 16;
    names->items = t2r_xrealloc(names->items, names->cap * sizeof(char *));
  }
  names->items[names->len++] = t2r_buf_detach(&b, NULL);
}

void t2r_names_release(t2r_names *names) {
  for (size_t i = 0; i < names->len; i++)
    free(names->items[i]);
  free(names->items);
  t2r_names_init(names);
}

static int has_name(const t2r_names *names, const char *p, size_t n) {
  t2r_names one;
  t2r_names_init(&one);
  t2r_names_add(&one, p, n);
  int found = 0;
  for (size_t i = 0; i < names->len && !found; i++)
    found = !strcmp(names->items[i], one.items[0]);
  t2r_names_release(&one);
  return found;
}

/* ---------------------------------------------------------------- scanner */

typedef struct {
  t2r_inline *in;
  const char *s; /* escape2null text */
  size_t n;
  const t2r_names *names;
  size_t **offs, *cap, count;
} scan;

static void escape_at(scan *sc, size_t off) {
  if (sc->count == *sc->cap) {
    *sc->cap = *sc->cap ? *sc->cap * 2 : 16;
    *sc->offs = t2r_xrealloc(*sc->offs, *sc->cap * sizeof **sc->offs);
  }
  (*sc->offs)[sc->count++] = off;
}

static int is_word_gap(char c) { return c == ' ' || c == '\n' || c == '\t'; }

/* Is the backslash at p, before a blank, RST's escaped blank that joins
 * inline markup to a word ("``struct``\ s", "a\ ``b``")? */
static int joins_markup(const scan *sc, const char *p) {
  return memchr("`*|_", p[-1], 4) ||
         (p + 2 < sc->s + sc->n && memchr("`*|_:", p[2], 5));
}

/* Plain text in [from, to): a backslash before a letter or digit, as in
 * "DOS\0" or "\\server\share", or between a word and a blank, as in
 * "Andale\ Mono" (a space escaped for a shell or an editor), is a
 * character of the legacy text, but docutils would drop it and join the
 * words around it (an escaped blank is removed); it is doubled.  (The
 * escaping backslashes are NULs in sc->s.) */
static void escape_backslashes(scan *sc, size_t from, size_t to) {
  const char *p = sc->s + from, *end = sc->s + to;
  while (p + 1 < end && (p = memchr(p, '\0', (size_t)(end - 1 - p)))) {
    if (isalnum((unsigned char)p[1]) ||
        (is_word_gap(p[1]) && p > sc->s + from && !is_word_gap(p[-1]) &&
         !joins_markup(sc, p)))
      escape_at(sc, (size_t)(p - sc->s));
    p++;
  }
}

/* Did a match succeed?  Memory running out is not "no match". */
static int matched(int rc) {
  if (rc == PCRE2_ERROR_NOMEMORY)
    t2r_out_of_memory();
  return rc >= 0;
}

/* Searches from 'from' for pattern k.  An end-string is sought within
 * END_SEARCH_MAX bytes only: a start-string without one nearer is taken
 * as stray, which keeps a paragraph of many stray asterisks linear. */
static int match_at(scan *sc, int k, size_t from, pcre2_match_data *md) {
  size_t len = sc->n - from;
  uint32_t options = 0;
  if (k != P_INITIAL && len > END_SEARCH_MAX) {
    len = END_SEARCH_MAX;
    options = PCRE2_NOTEOL; /* the window's end is not the text's */
  }
  return matched(pcre2_match(sc->in->re[k], (PCRE2_SPTR)(sc->s + from), len,
                             0, options, md, NULL));
}

static const unsigned char is_mark[256] = {['*'] = 1, ['`'] = 1, ['|'] = 1,
                                           ['_'] = 1};

/* The next start of inline markup from 'from' on.  Every construct holds
 * one of '*', '`', '|' or '_' and lies within the blank-delimited word
 * that holds it, so only such words are searched, each up to the blank
 * after it (which the pattern's look-ahead needs): most text has none,
 * and a word that starts nothing does not send the search through the
 * rest of the paragraph. */
static int next_markup(scan *sc, size_t from) {
  for (size_t q = from; q < sc->n;) {
    while (q < sc->n && !is_mark[(unsigned char)sc->s[q]])
      q++;
    if (q == sc->n)
      return 0;
    size_t word = q, end = q;
    while (word > from && !is_word_gap(sc->s[word - 1]))
      word--;
    while (end < sc->n && !is_word_gap(sc->s[end]))
      end++;
    size_t len = end + 1 < sc->n ? end + 1 - from : sc->n - from;
    uint32_t options = end + 1 < sc->n ? PCRE2_NOTEOL : 0; /* not the end */
    if (matched(pcre2_match(sc->in->re[P_INITIAL], (PCRE2_SPTR)(sc->s + from),
                            len, word - from, options, sc->in->md, NULL)))
      return 1;
    q = end;
  }
  return 0;
}

/* Start of the named group, or (size_t)-1 when it did not match; *end is
 * set either way. */
static size_t group_start(pcre2_match_data *md, pcre2_code *re,
                          const char *name, size_t base, size_t *end) {
  int k = pcre2_substring_number_from_name(re, (PCRE2_SPTR)name);
  PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
  if (k < 0 || ov[2 * k] == PCRE2_UNSET) {
    *end = (size_t)-1;
    return (size_t)-1;
  }
  *end = base + ov[2 * k + 1];
  return base + ov[2 * k];
}

/* docutils' quoted_start: a start-string between a matching pair of
 * brackets or quotes ("*", '(*)') is no markup. */
static int quoted(scan *sc, size_t base, size_t start, size_t end) {
  static const char open[] = "\"'(<[{", close[] = "\"')>]}";
  if (start == base)
    return 0;
  if (end >= sc->n)
    return 1;
  const char *o = memchr(open, sc->s[start - 1], sizeof open - 1);
  return o && sc->s[end] == close[o - open];
}

static int role_known(const char *p, size_t n) {
  const char *colon = memchr(p, ':', n);
  if (colon) { /* domain roles: c:func, py:class, ... */
    size_t d = (size_t)(colon - p);
    if ((d == 1 && p[0] == 'c') || (d == 3 && !memcmp(p, "cpp", 3)) ||
        (d == 2 && (!memcmp(p, "py", 2) || !memcmp(p, "js", 2)))) {
      p = colon + 1;
      n -= d + 1;
    }
  }
  for (size_t i = 0; i < sizeof known_roles / sizeof *known_roles; i++)
    if (strlen(known_roles[i]) == n && !strncasecmp(known_roles[i], p, n))
      return 1;
  return 0;
}

/* Legacy text marks emphasis as RST does (*word*, *a few words*), but
 * two stray asterisks also pair up ("struct foo *p ... a glob/x"): such a
 * span, long or full of code punctuation, is no emphasis the writer
 * meant, and docutils would silently drop its asterisks.  Doubled ones
 * (**$(src)/scripts**, a bold sentence over two lines) do not pair by
 * accident. */
static int plausible_emphasis(const char *p, size_t n) {
  unsigned words = 1;
  if (n > EMPHASIS_MAX_BYTES)
    return 0;
  for (size_t i = 0; i < n; i++) {
    if (p[i] && strchr("/(){};=<>|[]&", p[i])) /* \0: an escape */
      return 0;
    words += p[i] == ' ' || p[i] == '\n';
  }
  return words <= EMPHASIS_MAX_WORDS;
}

/* A simple start-string (emphasis, strong, literal, target, substitution):
 * returns where scanning resumes. */
static size_t simple_start(scan *sc, size_t base, size_t st, size_t en) {
  if (quoted(sc, base, st, en))
    return en;
  int k = P_EMPHASIS;
  if (en - st == 2 && sc->s[st] == '*')
    k = P_STRONG;
  else if (en - st == 2 && sc->s[st] == '`')
    k = P_LITERAL;
  else if (sc->s[st] == '_')
    k = P_TARGET;
  else if (sc->s[st] == '|')
    k = P_SUBST;
  if (match_at(sc, k, en, sc->in->md2)) {
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(sc->in->md2);
    if (ov[2] > 0) { /* docutils wants one or more characters inside */
      if ((k == P_SUBST && !sc->names->entity_sets &&
           !has_name(sc->names, sc->s + en, ov[2])) ||
          (k == P_EMPHASIS && !plausible_emphasis(sc->s + en, ov[2]))) {
        escape_at(sc, st);
        return en;
      }
      return en + ov[1];
    }
  }
  escape_at(sc, st); /* start-string without end-string */
  return en;
}

/* Interpreted text or a phrase reference: returns where scanning resumes. */
static size_t backquote(scan *sc, size_t base, size_t role_beg, size_t role_end,
                        size_t st, size_t en) {
  if (role_end == role_beg && quoted(sc, base, st, en))
    return en;
  if (!match_at(sc, P_INTERPRETED, en, sc->in->md2) ||
      pcre2_get_ovector_pointer(sc->in->md2)[2] == 0) {
    escape_at(sc, st);
    return en;
  }
  PCRE2_SIZE *ov = pcre2_get_ovector_pointer(sc->in->md2);
  size_t text_end = en + ov[2];
  size_t next = en + ov[1];
  size_t refend_end, rs_end;
  size_t refend = group_start(sc->in->md2, sc->in->re[P_INTERPRETED], "refend",
                              en, &refend_end);
  size_t rs = group_start(sc->in->md2, sc->in->re[P_INTERPRETED], "role", en,
                          &rs_end);
  if (rs != (size_t)-1 && rs_end > rs && role_end > role_beg) {
    escape_at(sc, st); /* both prefix and suffix role */
    return en;
  }
  if (refend != (size_t)-1 && refend_end > refend) {
    /* `text <http://...>`_ carries its own target */
    const char *t = sc->s + en;
    size_t tn = text_end - en;
    int embedded = tn > 2 && t[tn - 1] == '>' && memchr(t, '<', tn);
    int anonymous = refend_end - refend == 2;
    int target = anonymous ? sc->names->anonymous : has_name(sc->names, t, tn);
    if (role_end > role_beg || (!embedded && !target))
      escape_at(sc, st);
    return next;
  }
  if (rs != (size_t)-1 && rs_end > rs) {
    role_beg = rs + 1;
    role_end = rs_end - 1;
  } else if (role_end > role_beg) {
    role_beg++;
    role_end--;
  }
  if (role_end > role_beg && !role_known(sc->s + role_beg, role_end - role_beg))
    escape_at(sc, st);
  return next;
}

/* name_ or [1]_: kept only when the document defines the name. */
static void whole(scan *sc, size_t base) {
  pcre2_code *re = sc->in->re[P_INITIAL];
  size_t e, fn_end;
  size_t name = group_start(sc->in->md, re, "refname", base, &e);
  if (name != (size_t)-1) {
    size_t refend_end;
    size_t refend = group_start(sc->in->md, re, "refend", base, &refend_end);
    if (!(refend_end - refend == 2
              ? sc->names->anonymous
              : has_name(sc->names, sc->s + name, e - name)))
      escape_at(sc, refend);
    return;
  }
  size_t fn = group_start(sc->in->md, re, "whole", base, &fn_end);
  if (!has_name(sc->names, sc->s + fn + 1, fn_end - fn - 3))
    escape_at(sc, fn);
}

size_t t2r_inline_scan(t2r_inline *in, const char *p, size_t n,
                       const t2r_names *names, size_t **offs, size_t *cap) {
  t2r_buf_reset(&in->text);
  t2r_buf_put(&in->text, p, n);
  in->re = compiled[t2r_ascii_only(p, n) ? FOR_ASCII : FOR_UNICODE];
  /* an escaping backslash becomes a NUL, as docutils does it */
  char *t = in->text.ptr, *end = t + n;
  while (t + 1 < end && (t = memchr(t, '\\', (size_t)(end - 1 - t)))) {
    *t = '\0';
    t += 2;
  }
  scan sc = {in, in->text.ptr, n, names, offs, cap, 0};
  pcre2_code *re = in->re[P_INITIAL];
  size_t base = 0;
  while (base < n && next_markup(&sc, base)) {
    escape_backslashes(&sc, base, base + pcre2_get_ovector_pointer(in->md)[0]);
    size_t st, en, rb, re_end;
    if ((st = group_start(in->md, re, "start", base, &en)) != (size_t)-1) {
      base = simple_start(&sc, base, st, en);
    } else if ((st = group_start(in->md, re, "backquote", base, &en)) !=
               (size_t)-1) {
      rb = group_start(in->md, re, "role", base, &re_end);
      base = backquote(&sc, base, rb, re_end, st, en);
    } else {
      size_t we;
      group_start(in->md, re, "whole", base, &we);
      whole(&sc, base);
      base = we;
    }
  }
  escape_backslashes(&sc, base, n);
  return sc.count;
}
