/* table.c - docutils' simple table rules (parsers/rst/tableparser.py,
 * SimpleTableParser; states.py, isolate_simple_table), as a yes/no. */
#include "table.h"

#include "buf.h"

#include <stdlib.h>
#include <string.h>

#define MAX_COLUMNS 64
#define MAX_TABLE_LINES 5000 /* a longer table is left to a literal block */

typedef struct {
  unsigned beg, end; /* display columns, end exclusive */
} column;

static const char *text_of(const t2r_source *src, size_t i, size_t *n) {
  const t2r_line *ln = &src->lines[i];
  *n = ln->text_end - ln->text_beg;
  return src->data + ln->text_beg;
}

/* Display columns of a border line ("===  ====", "===\t===") whose text
 * starts at display column 'indent', relative to its first '='. */
static size_t border_columns(const char *p, size_t n, unsigned indent,
                             column *cols) {
  size_t k = 0;
  unsigned col = indent;
  for (size_t i = 0; i < n;) {
    if (p[i] == ' ' || p[i] == '\t') {
      col = p[i++] == ' ' ? col + 1 : (col / 8 + 1) * 8; /* docutils' tabs */
      continue;
    }
    if (p[i] != '=' || k == MAX_COLUMNS)
      return 0;
    cols[k].beg = col - indent;
    for (; i < n && p[i] == '='; i++)
      col++;
    cols[k++].end = col - indent;
  }
  return k;
}

int t2r_is_simple_border(const t2r_source *src, size_t i) {
  size_t n;
  const char *p = text_of(src, i, &n);
  column cols[MAX_COLUMNS];
  return n && p[0] == '=' &&
         border_columns(p, n, src->lines[i].indent, cols) >= 2;
}

/* Would docutils read [p, p+n), a cell's text, with a message that no
 * backslash mends: a comment, a transition, a '::' with no literal block
 * under it? */
static int unmendable(const char *p, size_t n) {
  return (n >= 2 && p[0] == '.' && p[1] == '.') ||
         t2r_is_transition_text(p, n) ||
         (n >= 2 && p[n - 2] == ':' && p[n - 1] == ':');
}

/* The offsets in [p, p+n) before which a backslash makes a stray mark
 * plain text (the scanner is docutils' inline parser ported); their
 * count. */
static size_t escape_offsets(t2r_inline *in, const char *p, size_t n,
                             size_t **offs, size_t *cap) {
  t2r_names none;
  t2r_names_init(&none);
  size_t found = t2r_inline_scan(in, p, n, &none, offs, cap);
  t2r_names_release(&none);
  return found;
}

/* Would docutils read [p, p+n), a cell's text, with a message: inline
 * markup left open, a reference to nothing, or one unmendable?  A
 * backslash would mend the first two, but it would shift the cell's
 * text, so such a table is not kept as one. */
static int needs_escape(t2r_inline *in, const char *p, size_t n) {
  if (unmendable(p, n))
    return 1;
  size_t *offs = NULL, cap = 0;
  size_t found = escape_offsets(in, p, n, &offs, &cap);
  free(offs);
  return found > 0;
}

/* A walk over the characters of a line, with their display columns as
 * docutils sees them in a table: tabs expanded by the count of characters
 * before them (Python's expandtabs), wide characters then two columns. */
typedef struct {
  const char *p;  /* the line from its first byte */
  size_t n, k;    /* its length to the end of its text; current byte */
  size_t len;     /* bytes of the current character */
  unsigned col, w; /* its display column and width */
  unsigned chars; /* characters before it, a tab counting its spaces */
} char_walk;

static void walk_line(char_walk *cw, const t2r_source *src, size_t i) {
  const t2r_line *ln = &src->lines[i];
  cw->p = src->data + ln->beg;
  cw->n = ln->text_end - ln->beg;
  cw->k = cw->len = 0;
  cw->col = cw->w = cw->chars = 0;
}

/* Steps to the next character; 0 at the end of the line. */
static int next_char(char_walk *cw) {
  cw->k += cw->len;
  cw->col += cw->w;
  if (cw->k >= cw->n)
    return 0;
  cw->len = 1;
  while (cw->k + cw->len < cw->n &&
         ((unsigned char)cw->p[cw->k + cw->len] & 0xc0) == 0x80)
    cw->len++;
  if (cw->p[cw->k] == '\t') {
    cw->w = (cw->chars / 8 + 1) * 8 - cw->chars;
    cw->chars += cw->w;
  } else {
    cw->w = t2r_display_width(cw->p + cw->k, cw->len, cw->col);
    cw->chars++;
  }
  return 1;
}

static int is_blank_char(const char_walk *cw) {
  return cw->p[cw->k] == ' ' || cw->p[cw->k] == '\t';
}

/* Is display column x (relative to the table) in a margin between two
 * columns?  Text there makes docutils reject the table. */
static int in_margin(unsigned x, const column *cols, size_t ncols) {
  for (size_t c = 0; c + 1 < ncols; c++)
    if (x >= cols[c].end && x < cols[c + 1].beg)
      return 1;
  return 0;
}

/* The column display column x (relative to the table) falls in, x being
 * in no margin: the last one whose start it has reached. */
static size_t column_of(unsigned x, const column *cols, size_t ncols) {
  size_t k = 0;
  while (k + 1 < ncols && x >= cols[k + 1].beg)
    k++;
  return k;
}

/* Is row line i made of '-' alone: it underlines the cells above it that
 * it spans? */
static int is_span_underline(const t2r_source *src, size_t i) {
  size_t n;
  const char *p = text_of(src, i, &n);
  for (size_t k = 0; k < n; k++)
    if (p[k] != '-' && p[k] != ' ' && p[k] != '\t')
      return 0;
  return 1;
}

/* Checks one row line against the columns: nothing left of the table,
 * nothing in a margin (the last column may overflow), no cell text that
 * needs an escape; '*first' asks for text in the first column, as the
 * first row after a border needs. */
static int row_fits(const t2r_source *src, size_t i, unsigned left,
                    const column *cols, size_t ncols, int *first,
                    t2r_inline *in) {
  int in_first = 0;
  size_t cell = ncols, beg = 0, end = 0; /* the cell being read: none */
  int underline = is_span_underline(src, i);
  char_walk cw;
  for (walk_line(&cw, src, i); next_char(&cw);) {
    if (is_blank_char(&cw))
      continue;
    if (cw.col < left)
      return 0;
    unsigned x = cw.col - left;
    for (unsigned y = x; y < x + (cw.w ? cw.w : 1); y++)
      if (in_margin(y, cols, ncols))
        return 0;
    in_first |= x >= cols[0].beg && x < cols[0].end;
    size_t k = column_of(x, cols, ncols);
    if (k != cell) {
      if (cell < ncols && !underline && needs_escape(in, cw.p + beg, end - beg))
        return 0;
      cell = k;
      beg = cw.k;
    }
    end = cw.k + cw.len;
  }
  if (cell < ncols && !underline && needs_escape(in, cw.p + beg, end - beg))
    return 0;
  if (*first && !in_first)
    return 0;
  *first = 0;
  return 1;
}

size_t t2r_simple_table_end(const t2r_source *src, const t2r_line_info *info,
                            size_t top, t2r_inline *in) {
  size_t n;
  const char *p = text_of(src, top, &n);
  column cols[MAX_COLUMNS];
  unsigned left = src->lines[top].indent;
  size_t ncols = border_columns(p, n, left, cols);
  int first = 1, borders = 0;
  if (ncols < 2)
    return 0;
  for (size_t i = top + 1; i < src->nlines && i < top + MAX_TABLE_LINES; i++) {
    if (src->lines[i].blank)
      continue;
    if (t2r_is_simple_border(src, i)) {
      size_t m;
      text_of(src, i, &m);
      if (m != n || src->lines[i].indent != left || first)
        return 0;
      borders++;
      first = 1;
      if (borders == 2 || i + 1 == src->nlines || src->lines[i + 1].blank)
        return i + 1;
      continue;
    }
    if (info[i].cls == T2R_LINE_ADORNMENT ||
        !row_fits(src, i, left, cols, ncols, &first, in))
      return 0; /* span underlines and odd rows: not attempted */
  }
  return 0;
}

/* ------------------------------------------------- tables from columns */

#define USED_TEXT 1 /* some row has text in this display column */
#define USED_TAB 2  /* some row's tab after its text ends here */

/* Marks the display columns line i has text in, and the last column of
 * each tab after its text ('used' spans the widest line); returns 0 when
 * the line starts left of 'left'.  Only a tab's last column says where
 * the next column starts: the rest of it may lie over one blank between
 * words of another row ("Board<TAB><TAB>Firmware" over "Intel DH87RL"). */
static int mark_text(const t2r_source *src, size_t i, unsigned left,
                     unsigned char *used) {
  const t2r_line *ln = &src->lines[i];
  if (ln->indent < left)
    return 0;
  char_walk cw;
  for (walk_line(&cw, src, i); next_char(&cw);) {
    char ch = cw.p[cw.k];
    unsigned end = cw.col + (cw.w ? cw.w : 1);
    if (ch == '\t' && cw.col > ln->indent)
      used[end - 1] |= USED_TAB;
    else if (ch != '\t' && ch != ' ')
      for (unsigned x = cw.col; x < end; x++)
        used[x] |= USED_TEXT;
  }
  return 1;
}

/* Where the next line of each cell of the current row must start,
 * relative to its column: at the column, or two further under the text
 * of a "- " bullet; -1 while the cell is empty. */
typedef struct {
  int at[MAX_COLUMNS];
} cell_starts;

static void new_row(cell_starts *cs) {
  for (size_t c = 0; c < MAX_COLUMNS; c++)
    cs->at[c] = -1;
}

/* Does the text of line i in each column start where its cell's text
 * does?  A cell whose lines start at different places would be read as
 * indented text inside it.  A cell's first line starts at its column,
 * or with 'anywhere' anywhere in it. */
static int starts_aligned(const t2r_source *src, size_t i, unsigned left,
                          const column *cols, size_t ncols, int anywhere,
                          cell_starts *cs) {
  size_t cur = ncols; /* column last seen */
  if (src->lines[i].indent - left < cols[1].beg)
    new_row(cs); /* text in the first column starts a row */
  char_walk cw;
  for (walk_line(&cw, src, i); next_char(&cw);) {
    if (is_blank_char(&cw))
      continue;
    size_t c = 0;
    while (c + 1 < ncols && cw.col - left >= cols[c + 1].beg)
      c++;
    if (c != cur) {
      unsigned x = cw.col - left - cols[c].beg;
      if (cs->at[c] >= 0 ? x != (unsigned)cs->at[c] : !anywhere && x != 0)
        return 0;
      if (cs->at[c] < 0) /* the first line of the cell */
        cs->at[c] = (int)x + (cw.n - cw.k >= 2 && cw.p[cw.k] == '-' &&
                              cw.p[cw.k + 1] == ' ' ? 2 : 0);
    }
    cur = c;
  }
  return 1;
}

/* How many of the n bytes at p, from the first, are bytes of 'set': the
 * strspn of a line, whose bytes are not NUL-terminated. */
static size_t span_of(const char *p, size_t n, const char *set) {
  size_t k = 0;
  while (k < n && p[k] && strchr(set, p[k]))
    k++;
  return k;
}

/* A line of only '-' and '=' runs: a header underline, or a border. */
static int is_rule(const t2r_source *src, size_t i) {
  size_t n;
  const char *p = text_of(src, i, &n);
  return n && (p[0] == '-' || p[0] == '=') && span_of(p, n, "-= \t") == n;
}

/* A cell's text ending "::" would want a literal block after it. */
static int has_double_colon(const t2r_source *src, size_t i) {
  size_t n;
  const char *p = text_of(src, i, &n);
  for (size_t k = 0; k + 1 < n; k++)
    if (p[k] == ':' && p[k + 1] == ':')
      return 1;
  return 0;
}

/* Columns of the rows: runs of display columns with text, split where
 * every row leaves two or more blanks, or one that a tab makes.
 * Relative to 'left'. */
static size_t used_columns(const unsigned char *used, unsigned left,
                           unsigned width, column *cols) {
  size_t k = 0;
  for (unsigned x = left; x < width;) {
    if (!(used[x] & USED_TEXT)) {
      x++;
      continue;
    }
    if (k == MAX_COLUMNS)
      return 0;
    cols[k].beg = x - left;
    unsigned end = x;
    while (x < width &&
           ((used[x] & USED_TEXT) || (x + 1 < width && used[x] == 0 &&
                                      (used[x + 1] & USED_TEXT)))) {
      if (used[x] & USED_TEXT)
        end = x + 1;
      x++;
    }
    cols[k++].end = end - left;
  }
  return k;
}

/* Counts, per column, the lines with a piece of text starting right at
 * the column (after a blank or at the line's start). */
static void count_starts(const t2r_source *src, size_t i, unsigned left,
                         const column *cols, size_t ncols, size_t *starts) {
  int after_blank = 1;
  char_walk cw;
  for (walk_line(&cw, src, i); next_char(&cw);) {
    int is_blank = is_blank_char(&cw);
    for (size_t c = 0; !is_blank && after_blank && c < ncols; c++)
      starts[c] += cols[c].beg == cw.col - left;
    after_blank = is_blank;
  }
}

/* A column only one line starts text in is a gap that happens to run
 * through the rows ("mode.  Of the form"), not a column: it joins the
 * column on its left. */
static size_t join_lone_columns(const t2r_source *src, size_t a, size_t e,
                                unsigned left, column *cols, size_t ncols) {
  size_t starts[MAX_COLUMNS] = {0};
  for (size_t i = a; i < e; i++)
    if (!src->lines[i].blank && src->lines[i].indent >= left)
      count_starts(src, i, left, cols, ncols, starts);
  size_t k = 1;
  for (size_t c = 1; c < ncols; c++) {
    if (starts[c] < 2)
      cols[k - 1].end = cols[c].end;
    else
      cols[k++] = cols[c];
  }
  return k;
}

/* The display column after line i's last character as the walk counts
 * it (a tab after a combining mark reaches further than on screen). */
static unsigned walk_end(const t2r_source *src, size_t i) {
  char_walk cw;
  unsigned end = 0;
  for (walk_line(&cw, src, i); next_char(&cw);)
    end = cw.col + (cw.w ? cw.w : 1);
  return end;
}

/* Calls 'at' with the display column of each piece of line i's text:
 * its first character, and each one after a gap (t2r_lex_gap).
 * Stops early, returning 0, when 'at' does. */
static int each_piece(const t2r_source *src, size_t i,
                      int (*at)(unsigned col, void *arg), void *arg) {
  unsigned blanks = 0;
  int tab = 0, first = 1;
  char before = 0;
  char_walk cw;
  for (walk_line(&cw, src, i); next_char(&cw);) {
    if (is_blank_char(&cw)) {
      blanks++;
      tab |= cw.p[cw.k] == '\t';
      continue;
    }
    if ((first || t2r_lex_gap(blanks, tab, before)) && !at(cw.col, arg))
      return 0;
    first = blanks = tab = 0;
    before = cw.p[cw.k];
  }
  return 1;
}

typedef struct {
  unsigned char *heads; /* per display column: a header piece starts */
  unsigned width;
} header_pieces;

static int mark_head(unsigned col, void *arg) {
  header_pieces *h = arg;
  h->heads[col] = 1;
  return 1;
}

static int under_head(unsigned col, void *arg) {
  const header_pieces *h = arg;
  return col < h->width && h->heads[col];
}

int t2r_rows_under_header(const t2r_source *src, size_t a, size_t e) {
  header_pieces h = {NULL, walk_end(src, a)};
  h.heads = t2r_xrealloc(NULL, h.width);
  memset(h.heads, 0, h.width);
  each_piece(src, a, mark_head, &h);
  int ok = 1;
  for (size_t i = a + 2; i < e && ok; i++)
    ok = src->lines[i].blank || each_piece(src, i, under_head, &h);
  free(h.heads);
  return ok;
}

/* Does line i hold an escaped inline mark ("\\`init'")?  Rows in columns
 * whose cell needs such an escape are no table (cells are not escaped);
 * read as text, they got the escape, and a next reading must not take
 * them for a table then. */
static int has_inline_escape(const t2r_source *src, size_t i) {
  size_t n;
  const char *p = text_of(src, i, &n);
  for (size_t k = 0; k + 1 < n; k++)
    if (p[k] == '\\' && p[k + 1] && strchr("*`|_", p[k + 1]))
      return 1;
  return 0;
}

int t2r_table_rule_line(const t2r_source *src, size_t i) {
  size_t n;
  const char *p = text_of(src, i, &n);
  if (!is_rule(src, i))
    return 0;
  for (size_t k = 0; k < n;) {
    size_t run = span_of(p + k, n - k, "-=");
    if (run == 1)
      return 0;
    k += run + span_of(p + k + run, n - k - run, " \t");
  }
  return 1;
}

/* Finds the rule lines of rows [a, e) in columns: under a header of one
 * line, a rule per column or across; under one of two lines, a rule
 * drawn across ("-----"); and last, one drawn across.  A rule elsewhere
 * is none of the table's. */
static t2r_column_rules find_rules(const t2r_source *src,
                                   const t2r_line_info *info, size_t a,
                                   size_t e) {
  t2r_column_rules r = {0, 0};
  if (e - a > 2 && t2r_table_rule_line(src, a + 1))
    r.header = a + 1;
  else if (e - a > 3 && info[a + 2].cls == T2R_LINE_ADORNMENT &&
           t2r_table_rule_line(src, a + 2))
    r.header = a + 2;
  r.closing = e - a > 2 && info[e - 1].cls == T2R_LINE_ADORNMENT &&
              t2r_table_rule_line(src, e - 1) && e - 1 != r.header &&
              !(r.header && e - 1 == r.header + 1);
  return r;
}

/* Is line i one of the table's rules? */
static int table_rule(const t2r_column_rules *r, size_t i, size_t e) {
  return i == r->header || (r->closing && i == e - 1);
}

/* The columns the text of lines [a, e) uses, as t2r_columns_border finds
 * them; 0 when a line is no row. */
static size_t find_columns(const t2r_source *src, const t2r_line_info *info,
                           const t2r_column_rules *rules, size_t a, size_t e,
                           unsigned left, unsigned width, unsigned split,
                           column *cols) {
  unsigned char *used = t2r_xrealloc(NULL, width + 1);
  memset(used, 0, width + 1);
  int ok = 1;
  for (size_t i = a; i < e && ok; i++)
    ok = src->lines[i].blank || table_rule(rules, i, e) ||
         (info[i].cls != T2R_LINE_ADORNMENT && !is_rule(src, i) &&
          mark_text(src, i, left, used));
  /* the blank before the known column splits as a tab's would */
  if (split && left + split <= width && !(used[left + split - 1] & USED_TEXT))
    used[left + split - 1] |= USED_TAB;
  size_t ncols = ok ? used_columns(used, left, width, cols) : 0;
  free(used);
  /* under a header over a rule, the header vouches for the columns */
  return ncols >= 2 && !rules->header
             ? join_lone_columns(src, a, e, left, cols, ncols)
             : ncols;
}

/* Does each run of text in the header, lines [a, rules->header), lie
 * over one column of the rows under it at most?  "DIP Switches" over
 * "4    3    2    1" spans three: its cell would take their columns
 * into one. */
static int header_fits_rows(const t2r_source *src,
                            const t2r_column_rules *rules, size_t a, size_t e,
                            unsigned left, unsigned width) {
  column rows[MAX_COLUMNS], runs[MAX_COLUMNS];
  unsigned char *used = t2r_xrealloc(NULL, width + 1);
  memset(used, 0, width + 1);
  for (size_t i = rules->header + 1; i < e; i++)
    if (!src->lines[i].blank && !table_rule(rules, i, e))
      mark_text(src, i, left, used);
  size_t nrows = used_columns(used, left, width, rows);
  int ok = nrows > 0;
  for (size_t i = a; i < rules->header && ok; i++) {
    memset(used, 0, width + 1);
    mark_text(src, i, left, used);
    size_t nruns = used_columns(used, left, width, runs);
    ok = nruns > 0;
    for (size_t r = 0; r < nruns && ok; r++) {
      size_t over = 0;
      for (size_t k = 0; k < nrows; k++)
        over += rows[k].beg < runs[r].end && runs[r].beg < rows[k].end;
      ok = over <= 1;
    }
  }
  free(used);
  return ok;
}

int t2r_columns_border(const t2r_source *src, const t2r_line_info *info,
                       size_t a, size_t e, unsigned split, t2r_inline *in,
                       t2r_buf *border, t2r_column_rules *rules) {
  unsigned left = src->lines[a].indent, width = 0;
  if (e - a > MAX_TABLE_LINES)
    return 0;
  *rules = find_rules(src, info, a, e);
  for (size_t i = a; i < e; i++) {
    unsigned end = walk_end(src, i);
    if (end > width)
      width = end;
  }
  column cols[MAX_COLUMNS];
  size_t ncols =
      find_columns(src, info, rules, a, e, left, width, split, cols);
  if (ncols < 2 || cols[0].beg != 0 ||
      (rules->header && !header_fits_rows(src, rules, a, e, left, width)))
    return 0;
  int first = 1;
  cell_starts cs;
  new_row(&cs);
  for (size_t i = a; i < e; i++) {
    if (table_rule(rules, i, e) || src->lines[i].blank) {
      first |= i == rules->header; /* the header ends: rows follow */
      new_row(&cs);
      continue;
    }
    if (!row_fits(src, i, left, cols, ncols, &first, in) ||
        !starts_aligned(src, i, left, cols, ncols, rules->header != 0, &cs) ||
        has_double_colon(src, i) || has_inline_escape(src, i))
      return 0;
  }
  const t2r_line *ln = &src->lines[a];
  t2r_buf_put(border, src->data + ln->beg, ln->text_beg - ln->beg);
  for (size_t k = 0; k < ncols; k++) {
    if (k)
      t2r_buf_fill(border, ' ', cols[k].beg - cols[k - 1].end);
    t2r_buf_fill(border, '=', cols[k].end - cols[k].beg);
  }
  return 1;
}

int t2r_cell_escaped(t2r_inline *in, const char *p, size_t n, t2r_buf *out) {
  const char *nl = memchr(p, '\n', n);
  size_t first = nl ? (size_t)(nl - p) : n;
  /* a list item whose lines wrap at its own column would end with a
   * warning ("1) foo" over "bar") */
  if (unmendable(p, first) || unmendable(p, n) ||
      (nl && t2r_lex_opens_item(p, first)))
    return 0;
  size_t *offs = NULL, cap = 0, from = 0;
  size_t found = escape_offsets(in, p, n, &offs, &cap);
  for (size_t k = 0; k < found; k++) {
    t2r_buf_put(out, p + from, offs[k] - from);
    t2r_buf_putc(out, '\\');
    from = offs[k];
  }
  t2r_buf_put(out, p + from, n - from);
  free(offs);
  return 1;
}

/* ------------------------------------------------------------ grid tables */

/* A grid table as docutils' GridTableParser sees it: the lines stripped
 * of blanks at both ends, all of one width.  Only ASCII tables are tried;
 * cells are traced from their top-left corners as the parser does. */
typedef struct {
  const char **rows; /* row r starts at rows[r], 'width' bytes */
  size_t nrows, width;
  long *done; /* per text column, the last row seen */
  t2r_inline *in;
} grid;

static int scan_up(const grid *g, size_t top, size_t left, size_t bottom) {
  for (size_t i = bottom - 1; i > top; i--)
    if (g->rows[i][left] != '+' && g->rows[i][left] != '|')
      return 0;
  return 1;
}

static int scan_left(const grid *g, size_t top, size_t left, size_t bottom,
                     size_t right) {
  const char *line = g->rows[bottom];
  for (size_t i = right - 1; i > left; i--)
    if (line[i] != '+' && line[i] != '-' && line[i] != '=')
      return 0;
  return line[left] == '+' && scan_up(g, top, left, bottom);
}

/* The bottom row of the cell whose top-right corner is (top, right), or 0. */
static size_t scan_down(const grid *g, size_t top, size_t left, size_t right) {
  for (size_t i = top + 1; i < g->nrows; i++) {
    char ch = g->rows[i][right];
    if (ch == '+' && scan_left(g, top, left, i, right))
      return i;
    if (ch != '+' && ch != '|')
      return 0;
  }
  return 0;
}

/* Traces the cell at corner (top, left); returns 0 when there is none. */
static int scan_cell(const grid *g, size_t top, size_t left, size_t *bottom,
                     size_t *right) {
  const char *line = g->rows[top];
  if (line[left] != '+')
    return 0;
  for (size_t i = left + 1; i < g->width; i++) {
    if (line[i] == '+' && (*bottom = scan_down(g, top, left, i)) != 0) {
      *right = i;
      return 1;
    }
    if (line[i] != '+' && line[i] != '-' && line[i] != '=')
      return 0;
  }
  return 0;
}

/* A cell's text must parse cleanly on its own: one indentation, nothing
 * docutils would read as markup or as a transition. */
static int cell_clean(const grid *g, size_t top, size_t left, size_t bottom,
                      size_t right) {
  long indent = -1;
  for (size_t r = top + 1; r < bottom; r++) {
    const char *p = g->rows[r] + left + 1;
    size_t n = right - left - 1, b = 0;
    while (b < n && p[b] == ' ')
      b++;
    while (n > b && p[n - 1] == ' ')
      n--;
    if (b == n)
      continue;
    if ((indent >= 0 && (size_t)indent != b) || needs_escape(g->in, p + b, n - b) ||
        (n - b >= 4 && span_of(p + b, n - b, "-=~^") == n - b))
      return 0;
    indent = (long)b;
  }
  return 1;
}

/* A min-heap of corners, packed as row * width + column, so that corners
 * come out top to bottom, left to right. */
typedef struct {
  size_t *items, len;
} heap;

static void heap_push(heap *h, size_t v) {
  size_t i = h->len++;
  while (i > 0 && h->items[(i - 1) / 2] > v) {
    h->items[i] = h->items[(i - 1) / 2];
    i = (i - 1) / 2;
  }
  h->items[i] = v;
}

static size_t heap_pop(heap *h) {
  size_t top = h->items[0], v = h->items[--h->len], i = 0;
  for (;;) {
    size_t child = 2 * i + 1;
    if (child >= h->len)
      break;
    if (child + 1 < h->len && h->items[child + 1] < h->items[child])
      child++;
    if (h->items[child] >= v)
      break;
    h->items[i] = h->items[child];
    i = child;
  }
  if (h->len)
    h->items[i] = v;
  return top;
}

/* docutils' parse_table: corners are processed top to bottom; every text
 * column must be seen down to the bottom border.  Each traced cell adds at
 * most two corners, so the heap never outgrows 2 * cells + 1. */
static int grid_parses(grid *g, heap *h) {
  heap_push(h, 0);
  for (size_t c = 0; c < g->width; c++)
    g->done[c] = -1;
  while (h->len) {
    size_t corner = heap_pop(h), top = corner / g->width,
           left = corner % g->width, bottom, right;
    if (top == g->nrows - 1 || left == g->width - 1 ||
        (long)top <= g->done[left] ||
        !scan_cell(g, top, left, &bottom, &right))
      continue;
    for (size_t c = left; c < right; c++) {
      if (g->done[c] != (long)top - 1)
        return 0;
      g->done[c] = (long)bottom - 1;
    }
    if (!cell_clean(g, top, left, bottom, right))
      return 0;
    heap_push(h, top * g->width + right);
    heap_push(h, bottom * g->width + left);
  }
  for (size_t c = 0; c + 1 < g->width; c++)
    if (g->done[c] != (long)g->nrows - 2)
      return 0;
  return 1;
}

static int ascii(const char *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    if ((unsigned char)p[i] >= 0x80 || p[i] == '\t')
      return 0;
  return 1;
}

size_t t2r_grid_table_end(const t2r_source *src, size_t top, size_t end,
                          t2r_inline *in) {
  size_t n;
  text_of(src, top, &n);
  if (end - top < 3 || end - top > MAX_TABLE_LINES)
    return 0;
  grid g = {NULL, end - top, n, NULL, in};
  for (size_t i = top; i < end; i++) {
    size_t m;
    const char *q = text_of(src, i, &m);
    /* the grid's edges line up: each line starts where the top does */
    if (m != n || src->lines[i].indent != src->lines[top].indent ||
        !ascii(q, m) || (q[0] != '+' && q[0] != '|') ||
        (q[m - 1] != '+' && q[m - 1] != '|'))
      return 0;
  }
  const char *last = text_of(src, end - 1, &n);
  if (last[0] != '+')
    return 0;
  /* one head/body separator at most ("+===+"), as docutils allows */
  int separators = 0;
  for (size_t i = top + 1; i + 1 < end; i++) {
    const char *q = text_of(src, i, &n);
    separators += q[0] == '+' && memchr(q, '=', n) != NULL;
  }
  if (separators > 1)
    return 0;
  g.rows = t2r_xrealloc(NULL, g.nrows * sizeof *g.rows);
  g.done = t2r_xrealloc(NULL, g.width * sizeof *g.done);
  /* a cell with its borders covers at least 2 x 2 characters, and each
   * adds two corners */
  heap h = {t2r_xrealloc(NULL, (g.nrows * g.width / 2 + 2) * sizeof(size_t)),
            0};
  for (size_t i = 0; i < g.nrows; i++)
    g.rows[i] = text_of(src, top + i, &n);
  int ok = grid_parses(&g, &h);
  free(g.rows);
  free(g.done);
  free(h.items);
  return ok ? end : 0;
}
