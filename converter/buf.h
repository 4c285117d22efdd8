/* buf.h - growable byte buffer and the one allocation wrapper.
 *
 * Every string txt2rst builds goes through a t2r_buf.  Invariants: 'ptr' is
 * never NULL and always NUL-terminated at 'len'; appends are amortised
 * linear (growth by 1.5x).  Running out of memory is not bad input: within
 * t2r_guard_memory the job at hand ends with an error; elsewhere the
 * allocator prints one line and exits with T2R_EXIT_NOMEM. */
#ifndef T2R_BUF_H
#define T2R_BUF_H

#include <stddef.h>

#define T2R_EXIT_NOMEM 3

typedef struct {
  char *ptr;
  size_t len, cap;
} t2r_buf;

/* realloc that never returns NULL: calls t2r_out_of_memory instead. */
void *t2r_xrealloc(void *p, size_t size);
/* An array of 'n' items of 'size' bytes, all zero bytes (calloc that never
 * returns NULL). */
void *t2r_xcalloc(size_t n, size_t size);
/* An allocation failed: unwinds to the innermost t2r_guard_memory of the
 * thread, or prints one line and exits with T2R_EXIT_NOMEM. */
_Noreturn void t2r_out_of_memory(void);
/* Runs job(arg) and returns its result, or 'nomem' when an allocation
 * failed within it.  The memory the job held then is not freed (a process
 * out of memory should end soon), but what it left reachable from 'arg'
 * can be released: structures grow their size only once grown. */
int t2r_guard_memory(int (*job)(void *arg), void *arg, int nomem);
/* A NUL-terminated copy of [p, p+n) (caller frees). */
char *t2r_strndup(const char *p, size_t n);

void t2r_buf_init(t2r_buf *b);
void t2r_buf_put(t2r_buf *b, const char *p, size_t n);
void t2r_buf_puts(t2r_buf *b, const char *s);
void t2r_buf_putc(t2r_buf *b, char c);
/* Makes room for 'n' more bytes at once, so that appending a size known
 * beforehand allocates it exactly. */
void t2r_buf_reserve(t2r_buf *b, size_t n);
/* Appends 'n' copies of 'c'. */
void t2r_buf_fill(t2r_buf *b, char c, size_t n);
void t2r_buf_printf(t2r_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Empties the buffer, keeping its memory. */
void t2r_buf_reset(t2r_buf *b);
/* Hands the bytes to the caller (who frees them); 'b' is left empty. */
char *t2r_buf_detach(t2r_buf *b, size_t *len);
void t2r_buf_release(t2r_buf *b);

/* Rewriting spans of a text, left to right, into a new text: what lies
 * between the spans is copied as it is. */
typedef struct {
  const t2r_buf *text; /* the text the spans are in */
  t2r_buf out;
  size_t done;  /* bytes of 'text' handled */
  size_t count; /* spans replaced */
} t2r_splice;

void t2r_splice_init(t2r_splice *s, const t2r_buf *text);
/* [beg, end) of the text, at or after the previous span, becomes
 * [with, with+n). */
void t2r_splice_put(t2r_splice *s, size_t beg, size_t end, const char *with,
                    size_t n);
/* Ends the rewriting: 'text' (the one being rewritten) gets the result
 * when a span was replaced.  Returns the number of spans. */
size_t t2r_splice_finish(t2r_splice *s, t2r_buf *text);

#endif
