/* edits.c - per-line edit records. */
#include "edits.h"

#include <stdlib.h>
#include <string.h>

void t2r_edits_init(t2r_edits *e, size_t nlines) {
  e->nlines = nlines;
  e->lines = t2r_xrealloc(NULL, (nlines + 1) * sizeof *e->lines);
  memset(e->lines, 0, (nlines + 1) * sizeof *e->lines);
  t2r_buf_init(&e->pool);
  e->count = 0;
}

void t2r_edits_release(t2r_edits *e) {
  for (size_t i = 0; i <= e->nlines; i++)
    free(e->lines[i].ins);
  free(e->lines);
  t2r_buf_release(&e->pool);
  memset(e, 0, sizeof *e);
}

static t2r_span store(t2r_edits *e, const char *p, size_t n) {
  t2r_span s = {e->pool.len, n};
  t2r_buf_put(&e->pool, p, n);
  return s;
}

void t2r_edits_replace(t2r_edits *e, size_t line, const char *p, size_t n) {
  e->lines[line].repl = store(e, p, n);
  e->lines[line].replaced = 1;
  e->count++;
}

void t2r_edits_drop(t2r_edits *e, size_t line) {
  e->lines[line].dropped = 1;
  e->count++;
}

static void insert_at(t2r_edits *e, size_t line, unsigned pos, const char *p,
                      size_t n) {
  t2r_line_edit *le = &e->lines[line];
  if (le->nins == le->cap) {
    le->cap = le->cap ? le->cap * 2 : 2;
    le->ins = t2r_xrealloc(le->ins, le->cap * sizeof *le->ins);
  }
  memmove(le->ins + pos + 1, le->ins + pos, (le->nins - pos) * sizeof *le->ins);
  le->ins[pos] = store(e, p, n);
  le->nins++;
  e->count++;
}

void t2r_edits_insert(t2r_edits *e, size_t line, const char *p, size_t n) {
  insert_at(e, line, e->lines[line].nins, p, n);
}

void t2r_edits_insert_blank(t2r_edits *e, size_t line) {
  t2r_line_edit *le = &e->lines[line];
  if (le->nins && le->ins[le->nins - 1].len == 0)
    return;
  insert_at(e, line, le->nins, "", 0);
}

void t2r_edits_prepend(t2r_edits *e, size_t line, const char *p, size_t n) {
  insert_at(e, line, 0, p, n);
}

void t2r_edits_replace_inserted(t2r_edits *e, size_t line, unsigned k,
                                const char *p, size_t n) {
  e->lines[line].ins[k] = store(e, p, n);
}

const char *t2r_edits_content(const t2r_edits *e, size_t line,
                              const char *orig, size_t orig_len, size_t *len) {
  const t2r_line_edit *le = &e->lines[line];
  if (le->replaced) {
    *len = le->repl.len;
    return e->pool.ptr + le->repl.off;
  }
  *len = orig_len;
  return orig;
}
