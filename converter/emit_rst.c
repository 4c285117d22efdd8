/* emit_rst.c - write the converted document: copy, apply edits. */
#include "emit_rst.h"

#include <string.h>

/* Appends a piece of the output.  Pieces meet where an edit is: a line
 * ended by a lone CR right before a piece starting with LF (a blank line
 * of a document with mixed endings) would read as one CRLF line, and a
 * line would vanish, so that CR becomes LF. */
static void put_piece(t2r_buf *out, const char *p, size_t n) {
  if (n && p[0] == '\n' && out->len && out->ptr[out->len - 1] == '\r')
    out->ptr[out->len - 1] = '\n';
  t2r_buf_put(out, p, n);
}

static void put_inserted(const t2r_edits *edits, const t2r_line_edit *le,
                         const char *eol, t2r_buf *out) {
  for (unsigned k = 0; k < le->nins; k++) {
    put_piece(out, edits->pool.ptr + le->ins[k].off, le->ins[k].len);
    put_piece(out, eol, strlen(eol));
  }
}

void t2r_emit_rst(const t2r_source *src, const t2r_edits *edits, t2r_buf *out) {
  const char *eol = t2r_eol_bytes(src->eol);
  /* room for the whole output at once: the source, the edits' bytes and
   * a line ending for each edit bound it */
  t2r_buf_reserve(out, src->len + edits->pool.len + 2 * edits->count + 2);
  size_t run = 0; /* start of the pending run of untouched bytes */
  for (size_t i = 0; i < src->nlines; i++) {
    const t2r_line *ln = &src->lines[i];
    const t2r_line_edit *le = t2r_edits_of(edits, i);
    if (!le->nins && !le->replaced && !le->dropped)
      continue;
    put_piece(out, src->data + run, ln->beg - run);
    put_inserted(edits, le, eol, out);
    size_t next = i + 1 < src->nlines ? src->lines[i + 1].beg : src->len;
    if (le->dropped) {
      run = next;
      continue;
    }
    if (le->replaced) {
      put_piece(out, edits->pool.ptr + le->repl.off, le->repl.len);
      run = ln->end; /* the line ending is copied with the next run */
    } else {
      run = ln->beg;
    }
  }
  put_piece(out, src->data + run, src->len - run);
  const t2r_line_edit *tail = t2r_edits_of(edits, src->nlines);
  if (tail->nins && src->nlines &&
      src->lines[src->nlines - 1].eol == T2R_EOL_NONE)
    put_piece(out, eol, strlen(eol));
  put_inserted(edits, tail, eol, out);
}
