/* edits.c - per-line edit records. */
#include "edits.h"

#include <stdlib.h>
#include <string.h>

void t2r_edits_init(t2r_edits *e, size_t nlines) {
  e->nlines = nlines;
  e->slot = t2r_xcalloc(nlines + 1, sizeof *e->slot);
  e->recs = NULL;
  e->nrecs = e->cap = 0;
  t2r_buf_init(&e->pool);
  e->count = 0;
}

void t2r_edits_release(t2r_edits *e) {
  for (size_t i = 0; i < e->nrecs; i++)
    free(e->recs[i].ins);
  free(e->recs);
  free(e->slot);
  t2r_buf_release(&e->pool);
  memset(e, 0, sizeof *e);
}

const t2r_line_edit *t2r_edits_of(const t2r_edits *e, size_t line) {
  static const t2r_line_edit none;
  return e->slot[line] ? &e->recs[e->slot[line] - 1] : &none;
}

/* The record of 'line', made on its first edit.  Valid until the next
 * record is made. */
static t2r_line_edit *edit_of(t2r_edits *e, size_t line) {
  if (!e->slot[line]) {
    if (e->nrecs == e->cap) {
      e->cap = e->cap ? e->cap + e->cap / 2 : 64;
      e->recs = t2r_xrealloc(e->recs, e->cap * sizeof *e->recs);
    }
    memset(&e->recs[e->nrecs], 0, sizeof *e->recs);
    e->slot[line] = (uint32_t)++e->nrecs;
  }
  return &e->recs[e->slot[line] - 1];
}

static t2r_span store(t2r_edits *e, const char *p, size_t n) {
  t2r_span s = {e->pool.len, n};
  t2r_buf_put(&e->pool, p, n);
  return s;
}

void t2r_edits_replace(t2r_edits *e, size_t line, const char *p, size_t n) {
  t2r_span s = store(e, p, n);
  t2r_line_edit *le = edit_of(e, line);
  le->repl = s;
  le->replaced = 1;
  e->count++;
}

void t2r_edits_drop(t2r_edits *e, size_t line) {
  edit_of(e, line)->dropped = 1;
  e->count++;
}

static void insert_at(t2r_edits *e, size_t line, unsigned pos, const char *p,
                      size_t n) {
  t2r_span s = store(e, p, n);
  t2r_line_edit *le = edit_of(e, line);
  if (le->nins == le->cap) {
    le->cap = le->cap ? le->cap * 2 : 2;
    le->ins = t2r_xrealloc(le->ins, le->cap * sizeof *le->ins);
  }
  memmove(le->ins + pos + 1, le->ins + pos, (le->nins - pos) * sizeof *le->ins);
  le->ins[pos] = s;
  le->nins++;
  e->count++;
}

void t2r_edits_insert(t2r_edits *e, size_t line, const char *p, size_t n) {
  insert_at(e, line, t2r_edits_of(e, line)->nins, p, n);
}

void t2r_edits_insert_blank(t2r_edits *e, size_t line) {
  const t2r_line_edit *le = t2r_edits_of(e, line);
  if (le->nins && le->ins[le->nins - 1].len == 0)
    return;
  insert_at(e, line, le->nins, "", 0);
}

void t2r_edits_prepend(t2r_edits *e, size_t line, const char *p, size_t n) {
  insert_at(e, line, 0, p, n);
}

void t2r_edits_replace_inserted(t2r_edits *e, size_t line, unsigned k,
                                const char *p, size_t n) {
  t2r_span s = store(e, p, n);
  edit_of(e, line)->ins[k] = s;
}

const char *t2r_edits_content(const t2r_edits *e, size_t line,
                              const char *orig, size_t orig_len, size_t *len) {
  const t2r_line_edit *le = t2r_edits_of(e, line);
  if (le->replaced) {
    *len = le->repl.len;
    return e->pool.ptr + le->repl.off;
  }
  *len = orig_len;
  return orig;
}
