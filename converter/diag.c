/* diag.c - diagnostics collected during a conversion. */
#include "diag.h"

#include "buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void t2r_diags_init(t2r_diags *d) {
  d->items = NULL;
  d->len = d->cap = 0;
}

static t2r_diag *new_diag(t2r_diags *d, t2r_severity sev, unsigned line,
                          unsigned col, const char *rule) {
  if (d->len == d->cap) {
    size_t cap = d->cap ? d->cap + d->cap / 2 : 16;
    d->items = t2r_xrealloc(d->items, cap * sizeof *d->items);
    d->cap = cap;
  }
  t2r_diag *g = &d->items[d->len];
  *g = (t2r_diag){sev, line, col, 0, rule, NULL, d->len};
  d->len++;
  return g;
}

void t2r_diags_add(t2r_diags *d, t2r_severity sev, unsigned line,
                   unsigned col, const char *rule, const char *fmt, ...) {
  t2r_buf text;
  t2r_buf_init(&text);
  va_list ap;
  va_start(ap, fmt);
  char small[256];
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n >= (int)sizeof small) {
    t2r_buf_fill(&text, ' ', (size_t)n);
    va_start(ap, fmt);
    vsnprintf(text.ptr, (size_t)n + 1, fmt, ap);
    va_end(ap);
  } else if (n > 0) {
    t2r_buf_put(&text, small, (size_t)n);
  }
  new_diag(d, sev, line, col, rule)->text = t2r_buf_detach(&text, NULL);
}

void t2r_diags_add_literal(t2r_diags *d, t2r_severity sev, unsigned line,
                           unsigned col, const char *rule, const char *text) {
  t2r_diag *g = new_diag(d, sev, line, col, rule);
  g->text = text;
  g->borrowed = 1;
}

size_t t2r_diags_count(const t2r_diags *d, t2r_severity sev) {
  size_t n = 0;
  for (size_t i = 0; i < d->len; i++)
    n += d->items[i].severity == sev;
  return n;
}

static int by_line(const void *a, const void *b) {
  const t2r_diag *x = a, *y = b;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void t2r_diags_sort(t2r_diags *d) {
  if (d->len > 1)
    qsort(d->items, d->len, sizeof *d->items, by_line);
}

void t2r_diags_release(t2r_diags *d) {
  for (size_t i = 0; i < d->len; i++)
    if (!d->items[i].borrowed)
      free((char *)d->items[i].text);
  free(d->items);
  t2r_diags_init(d);
}

const char *t2r_severity_name(t2r_severity sev) {
  switch (sev) {
  case T2R_DIAG_EDIT:
    return "edit";
  case T2R_DIAG_NOTE:
    return "note";
  case T2R_DIAG_WARNING:
    return "warning";
  case T2R_DIAG_ERROR:
    return "error";
  }
  return "?";
}
