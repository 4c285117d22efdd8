/* table.h - would docutils accept the table that starts here?
 *
 * A legacy file that already has a table ("=====  =====" borders, or a
 * "+---+" grid) keeps it when docutils' table parser would read it
 * without an error and its cells need no escape (a backslash would shift
 * a cell's text into the column margin).  Anything else becomes a literal
 * block.  'in' is the inline scanner that judges the cells' text. */
#ifndef T2R_TABLE_H
#define T2R_TABLE_H

#include "buf.h"
#include "inline.h"
#include "lexer.h"
#include "source.h"

#include <stddef.h>

/* The line after the bottom border of the simple table whose top border is
 * line 'top', or 0 when the table is not one docutils accepts as is. */
size_t t2r_simple_table_end(const t2r_source *src, const t2r_line_info *info,
                            size_t top, t2r_inline *in);

/* 'end' if the lines [top, end) form a grid table ("+---+" borders, "|"
 * sides) that docutils parses, with cells that need no escape; else 0. */
size_t t2r_grid_table_end(const t2r_source *src, size_t top, size_t end,
                          t2r_inline *in);

/* The rule lines among rows in columns: one under the header, a line or
 * two ("Resolution  Time" over "(C/LSB)  (msec)" over "-------"), and
 * one closing the rows.  Each becomes a border of the table. */
typedef struct {
  size_t header; /* the rule under the header, 0 when none */
  int closing;   /* the last line is a rule */
} t2r_column_rules;

/* Rows [a, e) laid out in aligned columns (blank lines allowed among
 * them, rule lines as in t2r_column_rules, found into 'rules'): appends
 * to 'border' the "====  ====" line, with line a's indentation, that
 * makes them a simple table docutils reads as it is.  Returns 1, or 0
 * when the lines are not a table (no two columns, text in a margin, a
 * cell needing an escape).  'split', when not 0, is where a column is
 * known to start (display columns from line a's indentation) though a
 * row parts it from the one before by one blank ("temp1_max_alarm ro"
 * under "temp1_max       rw"). */
int t2r_columns_border(const t2r_source *src, const t2r_line_info *info,
                       size_t a, size_t e, unsigned split, t2r_inline *in,
                       t2r_buf *border, t2r_column_rules *rules);

/* Does every piece of text in lines [a + 2, e) - a line's first, and each
 * after a gap - start where a piece of header line a starts?  Rows under
 * a header over a rule ("Value<TAB>Effect" over "-----") line up with
 * it; a title's text over a paragraph laid out otherwise does not. */
int t2r_rows_under_header(const t2r_source *src, size_t a, size_t e);

/* Appends to 'out' the text of a table cell, [p, p+n) with its lines
 * joined by '\n', with a backslash wherever docutils would misread a
 * mark.  Returns 0, appending nothing, when no backslash mends it: a
 * comment, a '::' with nothing under it, a transition, a list item whose
 * lines wrap at its marker's column.  The cell is the last of its row,
 * or as wide as its widest escaped line, so the backslashes shift no
 * text into a margin. */
int t2r_cell_escaped(t2r_inline *in, const char *p, size_t n, t2r_buf *out);

/* Is line i a rule of runs two characters long at least ("-----  ---",
 * "=====<TAB>=====")?  Runs of one are a box's sides ("=          ="). */
int t2r_table_rule_line(const t2r_source *src, size_t i);

/* True when line 'i' is a simple table border: runs of '=' separated by
 * blanks, at least two of them. */
int t2r_is_simple_border(const t2r_source *src, size_t i);

#endif
