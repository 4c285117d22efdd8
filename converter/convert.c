/* convert.c - the single-document pipeline, stage by stage. */
#define _GNU_SOURCE /* memmem */
#include "txt2rst.h"

#include "blocks.h"
#include "edits.h"
#include "emit_rst.h"
#include "index.h"
#include "inline.h"
#include "lexer.h"
#include "source.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Escaping one construct can uncover another ("**" -> "\**"); a paragraph
 * is rescanned until docutils would find nothing, a few rounds at most. */
#define INLINE_ROUNDS 64

void t2r_result_init(t2r_result *res) {
  memset(res, 0, sizeof *res);
  t2r_buf_init(&res->rst);
  t2r_diags_init(&res->diags);
}

void t2r_result_release(t2r_result *res) {
  t2r_buf_release(&res->rst);
  t2r_diags_release(&res->diags);
  t2r_tree_free(res->tree);
  res->tree = NULL;
}

/* ---------------------------------------------------------------- lexing */

/* The rules' classes of a line depend on its bytes alone, and a reading
 * of the output finds most lines as the reading before left them: it
 * takes their classes from that reading and runs the rules only on the
 * lines the edits made.  'known' (NULL: none) holds for each line 1 +
 * its classes, or 0. */
static t2r_line_info *lex_lines(t2r_matcher *m, const t2r_source *src,
                                const unsigned char *known) {
  t2r_line_info *info =
      t2r_xrealloc(NULL, (src->nlines + 1) * sizeof *info);
  const char *rule; /* the matching rule: the conversion needs only classes */
  for (size_t i = 0; i < src->nlines; i++) {
    const t2r_line *ln = &src->lines[i];
    t2r_lex_line(src->data, ln, &info[i]);
    if (info[i].cls == T2R_LINE_BLANK)
      continue;
    info[i].flags = known && known[i]
                        ? (unsigned char)(known[i] - 1)
                        : t2r_rules_classify(m, src->data + ln->beg,
                                             ln->end - ln->beg, &rule);
  }
  return info;
}

/* The lines of the output 'edits' make of 'nlines' lines. */
static size_t output_lines(size_t nlines, const t2r_edits *edits) {
  size_t n = 0;
  for (size_t i = 0; i <= nlines; i++) {
    const t2r_line_edit *le = t2r_edits_of(edits, i);
    n += le->nins + (i < nlines && !le->dropped);
  }
  return n;
}

/* For the '*n' lines of the output 'edits' make of 'nlines' lines
 * classified in 'info': 1 + the classes of a line the edits left as it
 * was, 0 for a line they made. */
static unsigned char *output_classes(size_t nlines, const t2r_edits *edits,
                                     const t2r_line_info *info, size_t *n) {
  *n = output_lines(nlines, edits);
  unsigned char *known = t2r_xrealloc(NULL, *n + 1);
  size_t j = 0;
  for (size_t i = 0; i <= nlines; i++) {
    const t2r_line_edit *le = t2r_edits_of(edits, i);
    memset(known + j, 0, le->nins);
    j += le->nins;
    if (i < nlines && !le->dropped) {
      /* not the first line: a U+FEFF there is escaped after the edits */
      known[j] = le->replaced || j == 0 ? 0 : (unsigned char)(info[i].flags + 1);
      j++;
    }
  }
  return known;
}

/* ------------------------------------------------------------- names */

/* Targets, footnotes and substitutions the document defines itself, so
 * that references to them are kept: ".. _name:", ".. [1]", ".. |x|",
 * anonymous targets (".. __: URL", "__ URL") and the entity sets it
 * includes (".. include:: <isonum.txt>").  A line of a paragraph ('para')
 * is text, whatever it starts with: its ".." was escaped. */
static void collect_names(const t2r_source *src, const unsigned *para,
                          t2r_names *names) {
  static const char include_set[] = ".. include:: <", name_option[] = ":name:";
  for (size_t i = 0; i < src->nlines; i++) {
    if (para[i])
      continue;
    const t2r_line *ln = &src->lines[i];
    const char *p = src->data + ln->text_beg;
    size_t n = ln->text_end - ln->text_beg;
    if (n > sizeof include_set && !memcmp(p, include_set, sizeof include_set - 1))
      names->entity_sets = 1;
    /* a directive's ":name: eq:M", on its own line or after the "::" */
    const char *opt = NULL;
    if (n > sizeof name_option && !memcmp(p, name_option, sizeof name_option - 1))
      opt = p;
    else if (n > 3 && !memcmp(p, ".. ", 3) && (opt = memmem(p, n, ":: :name:", 9)))
      opt += 3;
    if (opt) {
      size_t k = (size_t)(opt - p) + sizeof name_option - 1;
      while (k < n && (p[k] == ' ' || p[k] == '\t'))
        k++;
      t2r_names_add(names, p + k, n - k);
      continue;
    }
    if ((n > 3 && !memcmp(p, "__ ", 3)) || (n > 5 && !memcmp(p, ".. __:", 6))) {
      names->anonymous = 1;
      continue;
    }
    if (n < 5 || memcmp(p, ".. ", 3))
      continue;
    char open = p[3], close = open == '_' ? ':' : open == '[' ? ']' : '|';
    if (open != '_' && open != '[' && open != '|')
      continue;
    const char *end = memchr(p + 4, close, n - 4);
    if (end)
      t2r_names_add(names, p + 4, (size_t)(end - p - 4));
  }
}

/* ------------------------------------------------------------ inline stage */

typedef struct {
  size_t line;
  const char *orig; /* the line before the escapes, 'orig_len' bytes */
  size_t orig_len;
  size_t col;       /* 1-based column of the first escape added */
  t2r_buf text; /* content once escaped (unused until 'changed') */
  size_t beg;   /* first non-blank byte of 'text' */
  size_t at;    /* where that byte sits in the joined paragraph */
  int changed;
} para_line;

/* The current content of a paragraph line: a line is copied only when
 * an escape changes it (a paragraph may have a million lines). */
static const char *line_now(const para_line *l, size_t *len) {
  *len = l->changed ? l->text.len : l->orig_len;
  return l->changed ? l->text.ptr : l->orig;
}

/* Narrows [*b, *e) of 'p' to its content, without the blanks around. */
static void trim_blanks(const char *p, size_t *b, size_t *e) {
  while (*b < *e && (p[*b] == ' ' || p[*b] == '\t'))
    (*b)++;
  while (*e > *b && (p[*e - 1] == ' ' || p[*e - 1] == '\t'))
    (*e)--;
}

static void join_para(para_line *pl, size_t n, t2r_buf *joined) {
  t2r_buf_reset(joined);
  for (size_t k = 0; k < n; k++) {
    if (k)
      t2r_buf_putc(joined, '\n');
    size_t b = 0, e;
    const char *p = line_now(&pl[k], &e);
    trim_blanks(p, &b, &e);
    pl[k].beg = b;
    pl[k].at = joined->len;
    t2r_buf_put(joined, p + b, e - b);
  }
}

/* Inserts a backslash before each joined offset in 'offs' (ascending):
 * each line is rebuilt once, whatever its length and escapes. */
static void apply_escapes(para_line *pl, size_t n, const size_t *offs,
                          size_t count) {
  t2r_buf tmp;
  t2r_buf_init(&tmp);
  size_t e = 0;
  for (size_t k = 0; k < n && e < count; k++) {
    para_line *l = &pl[k];
    size_t next = k + 1 < n ? pl[k + 1].at : (size_t)-1;
    if (offs[e] >= next)
      continue;
    t2r_buf_reset(&tmp);
    size_t done = 0, len;
    const char *now = line_now(l, &len);
    for (; e < count && offs[e] < next; e++) {
      size_t pos = l->beg + (offs[e] - l->at);
      t2r_buf_put(&tmp, now + done, pos - done);
      t2r_buf_putc(&tmp, '\\');
      done = pos;
    }
    t2r_buf_put(&tmp, now + done, len - done);
    t2r_buf_reset(&l->text);
    t2r_buf_put(&l->text, tmp.ptr, tmp.len);
    l->changed = 1;
  }
  t2r_buf_release(&tmp);
}

/* Is the line, now or before the escapes ('before'), an adornment? */
static int adornment_line(const para_line *l, int before) {
  size_t b = 0, e;
  const char *p = before ? l->orig : line_now(l, &e);
  if (before)
    e = l->orig_len;
  trim_blanks(p, &b, &e);
  return t2r_is_adornment_line(p + b, e - b);
}

/* Puts a backslash before the first character of the line. */
static void escape_first(para_line *l) {
  size_t len, b = 0;
  const char *now = line_now(l, &len);
  size_t e = len;
  trim_blanks(now, &b, &e);
  t2r_buf tmp;
  t2r_buf_init(&tmp);
  t2r_buf_put(&tmp, now, b);
  t2r_buf_putc(&tmp, '\\');
  t2r_buf_put(&tmp, now + b, len - b);
  t2r_buf_reset(&l->text);
  t2r_buf_put(&l->text, tmp.ptr, tmp.len);
  t2r_buf_release(&tmp);
  l->changed = 1;
}

/* An escape that makes an adornment line text ("****" -> "\****") sets
 * it over the next line; were that an adornment, the next reading would
 * take the two for a title and split the paragraph there.  The blocks
 * stage kept them a paragraph, so the next line is escaped as well, and
 * so on down a run of adornment lines. */
static void unadorn_followers(para_line *pl, size_t n) {
  for (size_t k = 0; k + 1 < n; k++)
    if (pl[k].changed && adornment_line(&pl[k], 1) &&
        !adornment_line(&pl[k], 0) && adornment_line(&pl[k + 1], 0))
      escape_first(&pl[k + 1]);
}

typedef struct {
  t2r_inline *in;
  const t2r_names *names;
  t2r_buf joined;
  size_t *offs, cap;
} inline_stage;

static void escape_para(inline_stage *st, const t2r_source *src,
                        t2r_edits *edits, t2r_diags *diags, size_t a,
                        size_t e) {
  size_t n = e - a;
  para_line *pl = t2r_xrealloc(NULL, n * sizeof *pl);
  for (size_t k = 0; k < n; k++) {
    const t2r_line *ln = &src->lines[a + k];
    size_t len;
    const char *p = t2r_edits_content(edits, a + k, src->data + ln->beg,
                                      ln->end - ln->beg, &len);
    pl[k].line = a + k;
    pl[k].orig = p;
    pl[k].orig_len = len;
    pl[k].changed = 0;
    t2r_buf_init(&pl[k].text);
  }
  for (int round = 0; round < INLINE_ROUNDS; round++) {
    join_para(pl, n, &st->joined);
    size_t count = t2r_inline_scan(st->in, st->joined.ptr, st->joined.len,
                                   st->names, &st->offs, &st->cap);
    if (!count)
      break;
    apply_escapes(pl, n, st->offs, count);
    unadorn_followers(pl, n);
  }
  /* the columns first: replacing a line may move the others' content */
  for (size_t k = 0; k < n; k++) {
    size_t col = 0; /* the first backslash added */
    while (pl[k].changed && col < pl[k].orig_len &&
           pl[k].orig[col] == pl[k].text.ptr[col])
      col++;
    pl[k].col = col + 1;
  }
  for (size_t k = 0; k < n; k++) {
    if (pl[k].changed) {
      t2r_diags_add(diags, T2R_DIAG_EDIT, (unsigned)pl[k].line + 1,
                    (unsigned)pl[k].col, "inline-escape",
                    "a backslash keeps a stray '*', '`', '|' or '_' as text");
      t2r_edits_replace(edits, pl[k].line, pl[k].text.ptr, pl[k].text.len);
    }
    t2r_buf_release(&pl[k].text);
  }
  free(pl);
}

static void escape_inline(const t2r_source *src, const unsigned *para,
                          t2r_edits *edits, t2r_diags *diags) {
  t2r_names names;
  t2r_names_init(&names);
  collect_names(src, para, &names);
  inline_stage st = {t2r_inline_new(), &names, {0}, NULL, 0};
  t2r_buf_init(&st.joined);
  for (size_t a = 0; a < src->nlines;) {
    if (!para[a]) {
      a++;
      continue;
    }
    size_t e = a + 1;
    while (e < src->nlines && para[e] == para[a])
      e++;
    escape_para(&st, src, edits, diags, a, e);
    a = e;
  }
  t2r_inline_free(st.in);
  t2r_buf_release(&st.joined);
  free(st.offs);
  t2r_names_release(&names);
}

/* ---------------------------------------------------------- title widths */

static const char *current(const t2r_source *src, const t2r_edits *edits,
                           size_t i, size_t *len) {
  const t2r_line *ln = &src->lines[i];
  return t2r_edits_content(edits, i, src->data + ln->beg, ln->end - ln->beg,
                           len);
}

/* Lengthens an adornment to 'width' if an escape made the title wider. */
static void fit_span(t2r_edits *edits, size_t line, unsigned k,
                     unsigned width) {
  t2r_span sp = t2r_edits_of(edits, line)->ins[k];
  const char *p = edits->pool.ptr + sp.off;
  if (sp.len >= width || !t2r_is_adornment_line(p, sp.len))
    return;
  t2r_buf tmp;
  t2r_buf_init(&tmp);
  t2r_buf_fill(&tmp, p[0], width);
  t2r_edits_replace_inserted(edits, line, k, tmp.ptr, tmp.len);
  t2r_buf_release(&tmp);
}

static void fit_line(const t2r_source *src, t2r_edits *edits, size_t i,
                     unsigned width) {
  size_t len;
  const char *p = current(src, edits, i, &len);
  if (len >= width || !t2r_is_adornment_line(p, len))
    return;
  t2r_buf tmp;
  t2r_buf_init(&tmp);
  t2r_buf_fill(&tmp, p[0], width);
  t2r_edits_replace(edits, i, tmp.ptr, tmp.len);
  t2r_buf_release(&tmp);
}

/* Escapes go into titles too, after the blocks stage sized their
 * adornments; the adornments follow: the title's own lines, an overline
 * inserted above the text and an underline inserted below it. */
static void fit_titles(const t2r_source *src, t2r_tree *tree,
                       t2r_edits *edits) {
  int depth = 0;
  for (t2r_node *n = t2r_tree_root(tree); n; n = t2r_tree_next(n, &depth)) {
    if (n->kind != T2R_NODE_TITLE)
      continue;
    size_t text = n->first;
    size_t len;
    if (n->last > n->first) {
      const char *p = current(src, edits, n->first, &len);
      text = t2r_is_adornment_line(p, len) && n->last - n->first == 2
                 ? n->first + 1
                 : n->first;
    }
    const char *p = current(src, edits, text, &len);
    while (len && t2r_blank_byte((unsigned char)p[len - 1]))
      len--; /* trailing blanks are no part of the title docutils measures */
    unsigned width = t2r_display_width(p, len, 0);
    for (size_t i = n->first; i <= n->last; i++)
      if (i != text && !t2r_edits_of(edits, i)->dropped)
        fit_line(src, edits, i, width);
    unsigned above = t2r_edits_of(edits, text)->nins;
    if (above)
      fit_span(edits, text, above - 1, width);
    if (text + 1 <= edits->nlines && t2r_edits_of(edits, text + 1)->nins)
      fit_span(edits, text + 1, 0, width);
  }
}

/* ---------------------------------------------------------------- entry */

/* A byte order mark is no text: it leads the output as it led the
 * input.  Moves it from the input to the output. */
static void keep_bom(const char **data, size_t *len, t2r_result *res) {
  static const char utf8_bom[] = "\xef\xbb\xbf";
  if (*len >= 3 && !memcmp(*data, utf8_bom, 3)) {
    t2r_buf_put(&res->rst, utf8_bom, 3);
    *data += 3;
    *len -= 3;
  }
}

/* A U+FEFF of the text that an edit moved to the start of the output
 * (a dedent, a line dropped above it) would read as a byte order mark
 * and vanish; a backslash keeps it a character.  'from' is where the
 * text starts in the output. */
static void escape_leading_feff(t2r_buf *rst, size_t from) {
  if (rst->len - from < 3 || memcmp(rst->ptr + from, "\xef\xbb\xbf", 3))
    return;
  t2r_splice s;
  t2r_splice_init(&s, rst);
  t2r_splice_put(&s, from, from, "\\", 1);
  t2r_splice_finish(&s, rst);
}

/* The T2R_ERR_* for what t2r_source_init refused. */
static int source_error(int read) {
  return read == T2R_SOURCE_TOO_LARGE ? T2R_ERR_TOO_LARGE : T2R_ERR_BINARY;
}

static const t2r_file_options no_options;

/* How the kernel's .rst files name their licence, on their first line;
 * the tag itself starts after the comment's "..". */
static const char spdx_comment[] = ".. SPDX-License-Identifier:";
#define SPDX_TAG (spdx_comment + 3)

/* Does the text declare itself reStructuredText, its first line an RST
 * comment holding its SPDX licence tag as the kernel's .rst files start?
 * Converting valid RST must change nothing, and such a text is left as
 * it is. */
static int spdx_comment_first(const t2r_source *src) {
  for (size_t i = 0; i < src->nlines; i++) {
    const t2r_line *ln = &src->lines[i];
    if (!ln->blank)
      return ln->indent == 0 &&
             ln->text_end - ln->text_beg >= sizeof spdx_comment - 1 &&
             !memcmp(src->data + ln->text_beg, spdx_comment,
                     sizeof spdx_comment - 1);
  }
  return 0;
}

/* The first line (1-based) at column 0 that only reStructuredText
 * writes, a directive (".. note::") or a hyperlink target (".. _intro:"),
 * as the "rst-markup" test reads it; 0 when there is none.  A text
 * written with such markup is RST already, whatever its name: converting
 * valid RST must change nothing. */
static size_t rst_markup_line(const t2r_rules *rules, const t2r_source *src) {
  t2r_matcher *m = NULL;
  size_t found = 0;
  for (size_t i = 0; i < src->nlines && !found; i++) {
    const t2r_line *ln = &src->lines[i];
    const char *p = src->data + ln->text_beg;
    size_t n = ln->text_end - ln->text_beg;
    if (ln->indent || n < 4 || p[0] != '.' || p[1] != '.')
      continue;
    if (!m)
      m = t2r_matcher_new(rules);
    if (t2r_rules_test(m, T2R_TEST_RST_MARKUP, p, n))
      found = i + 1;
  }
  t2r_matcher_free(m);
  return found;
}

/* Why the text at hand is reStructuredText already, or NULL; '*line' is
 * the line that says so. */
static const char *declared_rst(const t2r_rules *rules, const t2r_source *src,
                                int rst_named, const t2r_file_options *opt,
                                size_t *line) {
  *line = 1;
  if (opt->flags & T2R_AS_TEXT)
    return NULL;
  if (rst_named)
    return "the file is named .rst: it is reStructuredText already, left as "
           "it is (--as-text converts it)";
  if (spdx_comment_first(src))
    return "an SPDX comment heads the file: it is reStructuredText already, "
           "left as it is (--as-text converts it)";
  if ((*line = rst_markup_line(rules, src)))
    return "a directive or hyperlink target only reStructuredText writes: the "
           "text is reStructuredText already, left as it is (--as-text "
           "converts it)";
  return NULL;
}

/* What one reading of a text decides: the edits that make it RST, what
 * each region becomes, and the notes; and the classes of the lines of
 * its output that the next reading needs not find again. */
typedef struct {
  t2r_edits edits;
  t2r_tree *tree;
  t2r_diags *diags;
  unsigned char *known; /* as for lex_lines, 'nknown' lines */
  size_t nknown;
} reading;

/* 'known': as for lex_lines. */
static void decide(const t2r_rules *rules, const t2r_source *src,
                   const char *name, const t2r_file_options *opt,
                   const unsigned char *known, reading *p) {
  t2r_matcher *m = t2r_matcher_new(rules);
  t2r_line_info *info = lex_lines(m, src, known);
  unsigned *para = t2r_xrealloc(NULL, (src->nlines + 1) * sizeof *para);
  t2r_blocks b = {src,  info, m, &p->edits, p->tree, p->diags, para, name,
                  (opt->flags & T2R_TITLE_UNTITLED) != 0, opt->adornments};
  t2r_blocks_build(&b);
  t2r_matcher_free(m);
  escape_inline(src, para, &p->edits, p->diags);
  fit_titles(src, p->tree, &p->edits);
  free(para);
  if (p->edits.count)
    p->known = output_classes(src->nlines, &p->edits, info, &p->nknown);
  free(info);
}

/* Writes 'src' with the edits of 'p' after the 'bom' bytes already in
 * 'out'. */
static void emit(const t2r_source *src, const reading *p, t2r_buf *out,
                 size_t bom) {
  t2r_emit_rst(src, &p->edits, out);
  escape_leading_feff(out, bom);
}

/* ------------------------------------------------------- fixed point */

/* A reading decides on the chunks of text it finds, and its own edits -
 * a blank line splitting a chunk, an escape widening a line, a title
 * given an adornment - can lead a second reading of the output to decide
 * otherwise.  Converting txt2rst's output must change nothing, so the
 * output is read again until it converts to itself.  A document is
 * nearly always settled by the first reading: the second finds nothing
 * to do and writes nothing. */
#define MAX_READINGS 4

/* For each line of the output, the line of the original input it comes
 * from (an inserted line: the line it was inserted before).  'from'
 * gives that for each line of 'src' (NULL: 'src' is the input); it is
 * freed. */
static uint32_t *output_origins(const t2r_source *src, const t2r_edits *edits,
                                uint32_t *from, size_t *n) {
  *n = output_lines(src->nlines, edits);
  uint32_t *to = t2r_xrealloc(NULL, (*n + 1) * sizeof *to);
  size_t len = 0;
  for (size_t i = 0; i <= src->nlines; i++) {
    const t2r_line_edit *le = t2r_edits_of(edits, i);
    size_t k = i < src->nlines ? i : (src->nlines ? src->nlines - 1 : 0);
    uint32_t origin = from ? from[k] : (uint32_t)k;
    size_t lines = le->nins + (i < src->nlines && !le->dropped);
    for (size_t j = 0; j < lines; j++)
      to[len++] = origin;
  }
  free(from);
  return to;
}

/* 1-based line 'line' of the text 'origin' describes, as a line of the
 * input (0 stays unknown). */
static unsigned input_line(const uint32_t *origin, size_t n, unsigned line) {
  if (!line || !n)
    return line;
  return origin[line - 1 < n ? line - 1 : n - 1] + 1;
}

static int same_diag(const t2r_diag *a, const t2r_diag *b) {
  return a->severity == b->severity && a->line == b->line &&
         !strcmp(a->rule ? a->rule : "", b->rule ? b->rule : "") &&
         !strcmp(a->text, b->text);
}

/* Is 'd' among the 'n' diagnostics at 'items' (sorted by line)? */
static int known_diag(const t2r_diag *items, size_t n, const t2r_diag *d) {
  size_t lo = 0, hi = n;
  while (lo < hi) { /* the first of d's line */
    size_t mid = lo + (hi - lo) / 2;
    if (items[mid].line < d->line)
      lo = mid + 1;
    else
      hi = mid;
  }
  for (; lo < n && items[lo].line == d->line; lo++)
    if (same_diag(&items[lo], d))
      return 1;
  return 0;
}

/* Adds the diagnostics of a later reading to 'res', on input lines; one
 * a reading before made already is not repeated. */
static void merge_diags(t2r_result *res, t2r_diags *later,
                        const uint32_t *origin, size_t n) {
  size_t known = res->diags.len;
  for (size_t k = 0; k < later->len; k++) {
    t2r_diag d = later->items[k];
    d.line = input_line(origin, n, d.line);
    if (known_diag(res->diags.items, known, &d))
      continue;
    if (d.borrowed)
      t2r_diags_add_literal(&res->diags, d.severity, d.line, d.col, d.rule,
                            d.text);
    else
      t2r_diags_add(&res->diags, d.severity, d.line, d.col, d.rule, "%s",
                    d.text);
  }
  t2r_diags_sort(&res->diags);
}

/* The input line a node ending on 0-based output line 'j' ends on: a
 * line inserted before input line i (not the last line of its run in
 * 'origin') closes what comes before i, as an underline does. */
static uint32_t last_input_line(const uint32_t *origin, size_t n, size_t j,
                                uint32_t first) {
  if (j >= n)
    j = n - 1;
  int inserted = j + 1 < n && origin[j + 1] == origin[j];
  return inserted && origin[j] > first ? origin[j] - 1 : origin[j];
}

/* The output's tree, its lines made the input's. */
static void take_tree(t2r_result *res, t2r_tree *tree, const uint32_t *origin,
                      size_t n) {
  int depth = 0;
  for (t2r_node *nd = t2r_tree_root(tree); nd; nd = t2r_tree_next(nd, &depth)) {
    nd->first = input_line(origin, n, nd->first + 1) - 1;
    nd->last = last_input_line(origin, n, nd->last, nd->first);
  }
  t2r_tree_free(res->tree);
  res->tree = tree;
}

/* Reads the output of 'res' (after 'bom' bytes) once more, taking over
 * the classes the reading 'before' (that made it) kept.  Returns 1 when
 * that changed it; 'origin' follows the lines, and 'before' then holds
 * the classes this reading kept. */
static int read_again(const t2r_rules *rules, const char *name,
                      const t2r_file_options *opt, t2r_result *res,
                      size_t bom, uint32_t **origin, size_t *norigin,
                      reading *before) {
  t2r_source src;
  if (t2r_source_init(&src, res->rst.ptr + bom, res->rst.len - bom) !=
      T2R_SOURCE_OK) {
    t2r_source_release(&src);
    return 0; /* cannot be: the output is the input's UTF-8 text */
  }
  t2r_diags diags;
  t2r_diags_init(&diags);
  reading p = {.tree = t2r_tree_new(), .diags = &diags};
  t2r_edits_init(&p.edits, src.nlines);
  decide(rules, &src, name, opt,
         before->nknown == src.nlines ? before->known : NULL, &p);
  free(before->known);
  before->known = NULL;
  t2r_buf out;
  t2r_buf_init(&out);
  int changed = 0;
  if (p.edits.count) {
    t2r_buf_put(&out, res->rst.ptr, bom);
    emit(&src, &p, &out, bom);
    changed = out.len != res->rst.len || memcmp(out.ptr, res->rst.ptr, out.len);
  }
  if (changed) {
    res->readings++;
    res->edits += p.edits.count;
    merge_diags(res, &diags, *origin, *norigin);
    take_tree(res, p.tree, *origin, *norigin);
    p.tree = NULL;
    *origin = output_origins(&src, &p.edits, *origin, norigin);
    before->known = p.known;
    before->nknown = p.nknown;
    p.known = NULL;
    t2r_buf tmp = res->rst;
    res->rst = out;
    out = tmp;
  }
  t2r_buf_release(&out);
  free(p.known);
  t2r_tree_free(p.tree);
  t2r_diags_release(&diags);
  t2r_edits_release(&p.edits);
  t2r_source_release(&src);
  return changed;
}

/* Does the head of the output [p, p+n) name a licence already: a tag of
 * the text's own, as a comment or inside one? */
static int names_licence(const char *p, size_t n) {
  size_t tag_len = strlen(SPDX_TAG);
  for (int line = 0; line < 8 && n; line++) {
    const char *lf = memchr(p, '\n', n);
    size_t len = lf ? (size_t)(lf - p) : n;
    if (memmem(p, len, SPDX_TAG, tag_len))
      return 1;
    p += len + (lf != NULL);
    n -= len + (lf != NULL);
  }
  return 0;
}

int t2r_spdx_insert(t2r_buf *text, const char *expr) {
  static const char utf8_bom[] = "\xef\xbb\xbf";
  size_t at = text->len >= 3 && !memcmp(text->ptr, utf8_bom, 3) ? 3 : 0;
  const char *p = text->ptr + at;
  size_t n = text->len - at;
  if (names_licence(p, n))
    return 0;
  const char *lf = memchr(p, '\n', n);
  const char *eol = lf && lf > p && lf[-1] == '\r' ? "\r\n" : "\n";
  t2r_buf out;
  t2r_buf_init(&out);
  t2r_buf_reserve(&out, text->len + sizeof spdx_comment + strlen(expr) + 5);
  t2r_buf_put(&out, text->ptr, at);
  t2r_buf_printf(&out, "%s %s%s%s", spdx_comment, expr, eol, eol);
  t2r_buf_put(&out, p, n);
  t2r_buf_release(text);
  *text = out;
  return 1;
}

void t2r_put_spdx(t2r_result *res, const char *expr) {
  if (!t2r_spdx_insert(&res->rst, expr))
    t2r_diags_add(&res->diags, T2R_DIAG_NOTE, 1, 1, "spdx-own",
                  "the text names its licence itself; --spdx %s left out",
                  expr);
}

int t2r_spdx_valid(const char *s) {
  size_t n = strlen(s);
  if (!n || s[0] == ' ' || s[n - 1] == ' ' || strstr(s, "  "))
    return 0;
  for (size_t i = 0; i < n; i++)
    if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                "0123456789.+-:() ", s[i]))
      return 0;
  return 1;
}

/* Converts [data, data+len); 'name' titles a document with no single
 * title (NULL: never), 'opt' as for t2r_convert_file; 'rst_named': the
 * file's name ends in .rst. */
static int convert(const t2r_rules *rules, const char *data, size_t len,
                   const char *name, const t2r_file_options *opt,
                   int rst_named, t2r_result *res) {
  keep_bom(&data, &len, res);
  size_t text_at = res->rst.len;
  if (t2r_blank_text(data, len)) {
    t2r_buf_reset(&res->rst);
    return T2R_ERR_EMPTY;
  }
  t2r_source src;
  int read = t2r_source_init(&src, data, len);
  if (read != T2R_SOURCE_OK) {
    t2r_buf_reset(&res->rst);
    return source_error(read);
  }
  res->latin1 = src.latin1;
  res->tree = t2r_tree_new();
  reading p = {.tree = res->tree, .diags = &res->diags};
  t2r_edits_init(&p.edits, src.nlines);
  size_t declared_at;
  const char *declared =
      declared_rst(rules, &src, rst_named, opt, &declared_at);
  if (declared)
    t2r_diags_add(&res->diags, T2R_DIAG_NOTE, (unsigned)declared_at, 1,
                  "declared-rst", "%s", declared);
  else
    decide(rules, &src, name, opt, NULL, &p);
  emit(&src, &p, &res->rst, text_at);
  res->edits = p.edits.count;
  res->readings = 1;
  t2r_diags_sort(&res->diags);
  size_t norigin = 0;
  uint32_t *origin =
      p.edits.count ? output_origins(&src, &p.edits, NULL, &norigin) : NULL;
  t2r_edits_release(&p.edits);
  t2r_source_release(&src);
  if (opt->input)
    t2r_buf_release(opt->input);
  for (int k = 1; origin && k < MAX_READINGS; k++)
    if (!read_again(rules, name, opt, res, text_at, &origin, &norigin, &p))
      break;
  free(p.known);
  free(origin);
  if (opt->spdx && !declared) /* once settled: the comment marks it RST */
    t2r_put_spdx(res, opt->spdx);
  return T2R_OK;
}

/* The name of the directory holding 'path' ("filesystems" for
 * Documentation/filesystems/00-INDEX). */
static void directory_name(const char *path, t2r_buf *out) {
  const char *slash = strrchr(path, '/');
  if (!slash) {
    char cwd[4096];
    if (getcwd(cwd, sizeof cwd)) {
      const char *base = strrchr(cwd, '/');
      t2r_buf_puts(out, base && base[1] ? base + 1 : cwd);
    }
    return;
  }
  const char *end = slash;
  while (end > path && end[-1] == '/')
    end--;
  const char *beg = end;
  while (beg > path && beg[-1] != '/')
    beg--;
  t2r_buf_put(out, beg, (size_t)(end - beg));
}

static int convert_index(const t2r_rules *rules, const char *path,
                         const char *data, size_t len,
                         int (*exists)(void *ctx, const char *name), void *ctx,
                         t2r_result *res) {
  const char *text = data;
  size_t text_len = len;
  keep_bom(&text, &text_len, res);
  t2r_source src;
  int read = t2r_source_init(&src, text, text_len);
  if (read != T2R_SOURCE_OK) {
    t2r_buf_reset(&res->rst);
    return source_error(read);
  }
  t2r_index idx;
  if (t2r_index_parse(&src, &idx) != 0) { /* no index: a document */
    t2r_source_release(&src);
    t2r_buf_reset(&res->rst);
    return convert(rules, data, len, NULL, &no_options, 0, res);
  }
  t2r_buf title;
  t2r_buf_init(&title);
  directory_name(path, &title);
  res->tree = t2r_tree_new();
  res->latin1 = src.latin1;
  t2r_index_convert(rules, &src, &idx, title.ptr, exists, ctx, &res->rst,
                    &res->diags);
  t2r_buf_release(&title);
  t2r_index_release(&idx);
  t2r_source_release(&src);
  return T2R_OK;
}

/* Is 'name', listed in the 00-INDEX at path 'ctx', beside it on disk, as
 * itself or converted (foo.txt as foo.rst)? */
static int exists_beside(void *ctx, const char *name) {
  const char *path = ctx, *slash = strrchr(path, '/');
  t2r_buf p;
  t2r_buf_init(&p);
  if (slash)
    t2r_buf_put(&p, path, (size_t)(slash - path + 1));
  size_t dir = p.len, n = strlen(name);
  t2r_buf_puts(&p, name);
  int found = access(p.ptr, F_OK) == 0;
  if (!found && n > 4 && !strcmp(name + n - 4, ".txt")) {
    p.len = dir + n - 4;
    t2r_buf_puts(&p, ".rst");
    found = access(p.ptr, F_OK) == 0;
  }
  t2r_buf_release(&p);
  return found;
}

int t2r_adornments_valid(const char *s) {
  if (!s[0])
    return 0;
  for (size_t i = 0; s[i]; i++)
    if (!strchr("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", s[i]) ||
        strchr(s + i + 1, s[i]))
      return 0;
  return 1;
}

static int convert_file(const t2r_rules *rules, const char *path,
                        const char *data, size_t len,
                        const t2r_file_options *opt, t2r_result *res) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  size_t n = strlen(base);
  if (strcmp(base, "00-INDEX")) {
    /* standard input has no name, and a .rst is titled as its author
     * chose */
    int rst_named = n > 4 && !strcmp(base + n - 4, ".rst");
    if (!strcmp(path, "-") || rst_named)
      return convert(rules, data, len, NULL, opt, rst_named, res);
    t2r_buf name;
    t2r_buf_init(&name);
    t2r_buf_put(&name, base, n > 4 && !strcmp(base + n - 4, ".txt") ? n - 4 : n);
    int rc = convert(rules, data, len, name.ptr, opt, 0, res);
    t2r_buf_release(&name);
    return rc;
  }
  /* standard input or a file elsewhere: nothing to check against */
  int on_disk = access(path, F_OK) == 0;
  return convert_index(rules, path, data, len, on_disk ? exists_beside : NULL,
                       (void *)path, res);
}

/* ------------------------------------------------- guarded entry points */

/* A public call's arguments, handed through t2r_guard_memory. */
typedef struct {
  const t2r_rules *rules;
  const char *path, *data;
  size_t len;
  const t2r_file_options *opt;
  int (*exists)(void *ctx, const char *name);
  void *ctx;
  t2r_result *res;
} call;

static int text_job(void *arg) {
  call *c = arg;
  return convert(c->rules, c->data, c->len, NULL, &no_options, 0, c->res);
}

static int index_job(void *arg) {
  call *c = arg;
  return convert_index(c->rules, c->path, c->data, c->len, c->exists, c->ctx,
                       c->res);
}

static int file_job(void *arg) {
  call *c = arg;
  return convert_file(c->rules, c->path, c->data, c->len, c->opt, c->res);
}

/* Runs a conversion so that running out of memory is an error the caller
 * gets back, with no output. */
static int guarded(int (*job)(void *arg), call *c) {
  int rc = t2r_guard_memory(job, c, T2R_ERR_NOMEM);
  if (rc == T2R_ERR_NOMEM)
    t2r_buf_reset(&c->res->rst);
  return rc;
}

int t2r_convert(const t2r_rules *rules, const char *data, size_t len,
                t2r_result *res) {
  call c = {rules, NULL, data, len, NULL, NULL, NULL, res};
  return guarded(text_job, &c);
}

int t2r_convert_index(const t2r_rules *rules, const char *path,
                      const char *data, size_t len,
                      int (*exists)(void *ctx, const char *name), void *ctx,
                      t2r_result *res) {
  call c = {rules, path, data, len, NULL, exists, ctx, res};
  return guarded(index_job, &c);
}

int t2r_convert_file(const t2r_rules *rules, const char *path,
                     const char *data, size_t len,
                     const t2r_file_options *opt, t2r_result *res) {
  call c = {rules, path, data, len, opt ? opt : &no_options, NULL, NULL, res};
  return guarded(file_job, &c);
}
