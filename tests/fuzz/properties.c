/* properties.c - the checks fuzz targets share. */
#include "properties.h"

#include "source.h"
#include "txt2rst.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const t2r_rules *fuzz_rules(void) {
  static t2r_rules *rules;
  if (!rules) {
    t2r_diags d;
    t2r_diags_init(&d);
    rules = t2r_rules_new();
    if (t2r_rules_add_path(rules, T2R_FUZZ_RULES_DIR, &d) != 0)
      abort();
    t2r_diags_release(&d);
  }
  return rules;
}

typedef struct {
  const char *p;
  size_t n;
} word;

static int word_order(const void *x, const void *y) {
  const word *a = x, *b = y;
  int c = memcmp(a->p, b->p, a->n < b->n ? a->n : b->n);
  return c ? c : (a->n > b->n) - (a->n < b->n);
}

static int word_byte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c >= 0x80;
}

/* The words of [p, p+n), in lower case, with every backslash removed,
 * sorted; '*copy' holds the bytes they point into (caller frees both). */
static word *words_of(const char *p, size_t n, char **copy, size_t *count) {
  char *s = malloc(n + 1);
  size_t m = 0;
  if (n >= 3 && !memcmp(p, "\xef\xbb\xbf", 3)) { /* a byte order mark */
    p += 3;
    n -= 3;
  }
  for (size_t i = 0; i < n; i++) /* "NOTE:" becomes ".. note::" */
    if (p[i] != '\\')
      s[m++] = p[i] >= 'A' && p[i] <= 'Z' ? (char)(p[i] | 0x20) : p[i];
  word *w = malloc((m / 2 + 1) * sizeof *w);
  size_t k = 0;
  for (size_t i = 0; i < m;) {
    if (!word_byte((unsigned char)s[i])) {
      i++;
      continue;
    }
    size_t b = i;
    while (i < m && word_byte((unsigned char)s[i]))
      i++;
    w[k++] = (word){s + b, i - b};
  }
  qsort(w, k, sizeof *w, word_order);
  *copy = s;
  *count = k;
  return w;
}

void fuzz_check_words(const char *in, size_t in_len, const char *out,
                      size_t out_len) {
  char *a_bytes, *b_bytes;
  size_t na, nb;
  word *a = words_of(in, in_len, &a_bytes, &na);
  word *b = words_of(out, out_len, &b_bytes, &nb);
  size_t j = 0;
  for (size_t i = 0; i < na; i++) {
    while (j < nb && word_order(&b[j], &a[i]) < 0)
      j++;
    if (j < nb && !word_order(&b[j], &a[i])) {
      j++;
      continue;
    }
    if (a[i].n == 1 && a[i].p[0] == 'o')
      continue; /* an "o" bullet became "-" */
    fprintf(stderr, "word lost: %.*s\n", (int)a[i].n, a[i].p);
    abort();
  }
  free(a);
  free(b);
  free(a_bytes);
  free(b_bytes);
}

void fuzz_check_utf8(const char *out, size_t len) {
  if (!t2r_utf8_valid(out, len)) {
    fprintf(stderr, "the output is not valid UTF-8\n");
    abort();
  }
}

void fuzz_check_idempotent(const char *rst, size_t len) {
  size_t bom = len >= 3 && !memcmp(rst, "\xef\xbb\xbf", 3) ? 3 : 0;
  if (t2r_blank_text(rst + bom, len - bom))
    return; /* nothing left to convert (a separator line alone is dropped):
               a blank file is refused, by design */
  t2r_result again;
  t2r_result_init(&again);
  if (t2r_convert(fuzz_rules(), rst, len, &again) != T2R_OK ||
      again.rst.len != len || memcmp(again.rst.ptr, rst, len)) {
    fprintf(stderr, "a second conversion changes the output\n");
    abort();
  }
  t2r_result_release(&again);
}
