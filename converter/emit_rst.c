/* emit_rst.c - write the converted document: copy, apply edits. */
#include "emit_rst.h"

#include <string.h>

static void put_inserted(const t2r_edits *edits, const t2r_line_edit *le,
                         const char *eol, t2r_buf *out) {
  /* a stray CR line ending right before an inserted LF line would make a
   * CRLF of the two, and the inserted line would vanish: it becomes the
   * document's line ending */
  if (le->nins && out->len && out->ptr[out->len - 1] == '\r' && eol[0] == '\n') {
    out->len--;
    t2r_buf_puts(out, eol);
  }
  for (unsigned k = 0; k < le->nins; k++) {
    t2r_buf_put(out, edits->pool.ptr + le->ins[k].off, le->ins[k].len);
    t2r_buf_puts(out, eol);
  }
}

void t2r_emit_rst(const t2r_source *src, const t2r_edits *edits, t2r_buf *out) {
  const char *eol = t2r_eol_bytes(src->eol);
  size_t run = 0; /* start of the pending run of untouched bytes */
  for (size_t i = 0; i < src->nlines; i++) {
    const t2r_line *ln = &src->lines[i];
    const t2r_line_edit *le = &edits->lines[i];
    if (!le->nins && !le->replaced && !le->dropped)
      continue;
    t2r_buf_put(out, src->data + run, ln->beg - run);
    put_inserted(edits, le, eol, out);
    size_t next = i + 1 < src->nlines ? src->lines[i + 1].beg : src->len;
    if (le->dropped) {
      run = next;
      continue;
    }
    if (le->replaced) {
      t2r_buf_put(out, edits->pool.ptr + le->repl.off, le->repl.len);
      run = ln->end; /* the line ending is copied with the next run */
    } else {
      run = ln->beg;
    }
  }
  t2r_buf_put(out, src->data + run, src->len - run);
  const t2r_line_edit *tail = &edits->lines[src->nlines];
  if (tail->nins && src->nlines &&
      src->lines[src->nlines - 1].eol == T2R_EOL_NONE)
    t2r_buf_puts(out, eol);
  put_inserted(edits, tail, eol, out);
}
