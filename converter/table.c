/* table.c - docutils' simple table rules (parsers/rst/tableparser.py,
 * SimpleTableParser; states.py, isolate_simple_table), as a yes/no. */
#include "table.h"

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

/* Columns of a border line ("===  ===="), relative to its first '='. */
static size_t border_columns(const char *p, size_t n, column *cols) {
  size_t k = 0;
  for (size_t i = 0; i < n;) {
    if (p[i] == ' ') {
      i++;
      continue;
    }
    if (p[i] != '=' || k == MAX_COLUMNS)
      return 0;
    cols[k].beg = (unsigned)i;
    while (i < n && p[i] == '=')
      i++;
    cols[k++].end = (unsigned)i;
  }
  return k;
}

int t2r_is_simple_border(const t2r_source *src, size_t i) {
  size_t n;
  const char *p = text_of(src, i, &n);
  column cols[MAX_COLUMNS];
  return n && p[0] == '=' && border_columns(p, n, cols) >= 2;
}

/* Characters docutils reads as inline markup; a cell holding one would
 * need a backslash, which shifts its text. */
static int needs_escape(const char *p, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (strchr("*`|", p[i]))
      return 1;
    if (p[i] == '_' && (i + 1 == n || !((p[i + 1] | 0x20) >= 'a' &&
                                        (p[i + 1] | 0x20) <= 'z')))
      return 1;
  }
  return n >= 2 && p[0] == '.' && p[1] == '.';
}

/* Is display column x (relative to the table) in a margin between two
 * columns?  Text there makes docutils reject the table. */
static int in_margin(unsigned x, const column *cols, size_t ncols) {
  for (size_t c = 0; c + 1 < ncols; c++)
    if (x >= cols[c].end && x < cols[c + 1].beg)
      return 1;
  return 0;
}

/* Checks one row line against the columns: nothing left of the table,
 * nothing in a margin (the last column may overflow); '*first' asks for
 * text in the first column, as the first row after a border needs. */
static int row_fits(const t2r_source *src, size_t i, unsigned left,
                    const column *cols, size_t ncols, int *first) {
  const t2r_line *ln = &src->lines[i];
  const char *p = src->data + ln->beg;
  size_t n = ln->text_end - ln->beg;
  unsigned col = 0;
  int in_first = 0;
  for (size_t k = 0; k < n;) {
    size_t len = 1;
    while (k + len < n && ((unsigned char)p[k + len] & 0xc0) == 0x80)
      len++;
    unsigned w = t2r_display_width(p + k, len, col);
    if (p[k] != ' ' && p[k] != '\t') {
      if (col < left)
        return 0;
      for (unsigned x = col - left; x < col - left + (w ? w : 1); x++)
        if (in_margin(x, cols, ncols))
          return 0;
      in_first |= col - left >= cols[0].beg && col - left < cols[0].end;
    }
    col += w;
    k += len;
  }
  if (*first && !in_first)
    return 0;
  *first = 0;
  return !needs_escape(src->data + ln->text_beg, ln->text_end - ln->text_beg);
}

size_t t2r_simple_table_end(const t2r_source *src, const t2r_line_info *info,
                            size_t top) {
  size_t n;
  const char *p = text_of(src, top, &n);
  column cols[MAX_COLUMNS];
  size_t ncols = border_columns(p, n, cols);
  unsigned left = src->lines[top].indent;
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
        !row_fits(src, i, left, cols, ncols, &first))
      return 0; /* span underlines and odd rows: not attempted */
  }
  return 0;
}
