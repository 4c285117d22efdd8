/* buf.c - growable byte buffer. */
#define _DEFAULT_SOURCE /* madvise */
#include "buf.h"

#include <setjmp.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static char empty_string[1];

/* Where an allocation failure unwinds to, per thread (batch conversions
 * run on several). */
static _Thread_local jmp_buf *recovery;

_Noreturn void t2r_out_of_memory(void) {
  if (recovery)
    longjmp(*recovery, 1);
  fputs("txt2rst: out of memory\n", stderr);
  exit(T2R_EXIT_NOMEM);
}

int t2r_guard_memory(int (*job)(void *arg), void *arg, int nomem) {
  jmp_buf here;
  jmp_buf *outer = recovery;
  if (setjmp(here)) {
    recovery = outer;
    return nomem;
  }
  recovery = &here;
  int rc = job(arg);
  recovery = outer;
  return rc;
}

/* A page fault costs microseconds on a virtual machine, and a block of
 * megabytes written once (the input, the output, a record per line)
 * takes one per 4 KiB page it touches.  Such a block asks the kernel for
 * transparent huge pages: one fault per 2 MiB where the block covers an
 * aligned 2 MiB.  A hint only; where it is refused nothing changes. */
#define HUGE_PAGE ((size_t)2 << 20)

static void advise_huge_pages(void *p, size_t size) {
#ifdef MADV_HUGEPAGE
  if (size < HUGE_PAGE)
    return;
  uintptr_t beg = ((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
  uintptr_t end = ((uintptr_t)p + size) & ~(uintptr_t)(HUGE_PAGE - 1);
  if (end > beg)
    madvise((void *)beg, end - beg, MADV_HUGEPAGE);
#else
  (void)p, (void)size;
#endif
}

void *t2r_xrealloc(void *p, size_t size) {
  void *q = realloc(p, size ? size : 1);
  if (!q)
    t2r_out_of_memory();
  advise_huge_pages(q, size);
  return q;
}

void *t2r_xcalloc(size_t n, size_t size) {
  void *q = calloc(n ? n : 1, size ? size : 1);
  if (!q)
    t2r_out_of_memory();
  advise_huge_pages(q, n * size); /* calloc refuses a product that wraps */
  return q;
}

char *t2r_strndup(const char *p, size_t n) {
  char *s = t2r_xrealloc(NULL, n + 1);
  memcpy(s, p, n);
  s[n] = '\0';
  return s;
}

void t2r_buf_init(t2r_buf *b) {
  b->ptr = empty_string;
  b->len = b->cap = 0;
}

static void grow(t2r_buf *b, size_t extra) {
  size_t need = b->len + extra + 1;
  if (need <= b->cap)
    return;
  size_t cap = b->cap + b->cap / 2;
  if (cap < need)
    cap = need < 64 ? 64 : need;
  b->ptr = t2r_xrealloc(b->cap ? b->ptr : NULL, cap);
  if (!b->cap)
    b->ptr[0] = '\0';
  b->cap = cap;
}

void t2r_buf_reserve(t2r_buf *b, size_t n) {
  size_t need = b->len + n + 1;
  if (need <= b->cap)
    return;
  b->ptr = t2r_xrealloc(b->cap ? b->ptr : NULL, need);
  if (!b->cap)
    b->ptr[0] = '\0';
  b->cap = need;
}

void t2r_buf_put(t2r_buf *b, const char *p, size_t n) {
  grow(b, n);
  memcpy(b->ptr + b->len, p, n);
  b->len += n;
  b->ptr[b->len] = '\0';
}

void t2r_buf_puts(t2r_buf *b, const char *s) { t2r_buf_put(b, s, strlen(s)); }

void t2r_buf_putc(t2r_buf *b, char c) { t2r_buf_put(b, &c, 1); }

void t2r_buf_fill(t2r_buf *b, char c, size_t n) {
  grow(b, n);
  memset(b->ptr + b->len, c, n);
  b->len += n;
  b->ptr[b->len] = '\0';
}

void t2r_buf_printf(t2r_buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n <= 0)
    return;
  grow(b, (size_t)n);
  va_start(ap, fmt);
  vsnprintf(b->ptr + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

void t2r_buf_reset(t2r_buf *b) {
  b->len = 0;
  if (b->cap)
    b->ptr[0] = '\0';
}

char *t2r_buf_detach(t2r_buf *b, size_t *len) {
  char *p = b->cap ? b->ptr : t2r_xrealloc(NULL, 1);
  if (!b->cap)
    p[0] = '\0';
  if (len)
    *len = b->len;
  t2r_buf_init(b);
  return p;
}

void t2r_buf_release(t2r_buf *b) {
  if (b->cap)
    free(b->ptr);
  t2r_buf_init(b);
}

void t2r_splice_init(t2r_splice *s, const t2r_buf *text) {
  s->text = text;
  t2r_buf_init(&s->out);
  s->done = s->count = 0;
}

void t2r_splice_put(t2r_splice *s, size_t beg, size_t end, const char *with,
                    size_t n) {
  t2r_buf_put(&s->out, s->text->ptr + s->done, beg - s->done);
  t2r_buf_put(&s->out, with, n);
  s->done = end;
  s->count++;
}

size_t t2r_splice_finish(t2r_splice *s, t2r_buf *text) {
  if (s->count) {
    t2r_buf_put(&s->out, text->ptr + s->done, text->len - s->done);
    t2r_buf_release(text);
    *text = s->out;
  } else {
    t2r_buf_release(&s->out);
  }
  return s->count;
}
