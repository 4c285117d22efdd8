/* failalloc.c - an LD_PRELOAD shim for allocation-failure tests: the Nth
 * call of malloc, calloc or realloc in the process (T2R_FAIL_ALLOC=N)
 * returns NULL, the others go to the C library.  With T2R_COUNT_ALLOCS
 * set, the number of calls is written to stderr at exit, so that a test
 * knows which N exist. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void *__libc_malloc(size_t n);
void *__libc_calloc(size_t k, size_t n);
void *__libc_realloc(void *p, size_t n);

static unsigned long calls, fail_at;
static int configured;

/* Counts a call; is it the one to fail?  (getenv and strtoul do not
 * allocate, so this may run inside the first malloc.) */
static int fails(void) {
  if (!configured) {
    const char *e = getenv("T2R_FAIL_ALLOC");
    fail_at = e ? strtoul(e, NULL, 10) : 0;
    configured = 1;
  }
  return __atomic_add_fetch(&calls, 1, __ATOMIC_RELAXED) == fail_at;
}

/* A failing call sets errno, as the C library's does. */
static void *failed(void) {
  errno = ENOMEM;
  return NULL;
}

void *malloc(size_t n) { return fails() ? failed() : __libc_malloc(n); }
void *calloc(size_t k, size_t n) { return fails() ? failed() : __libc_calloc(k, n); }
void *realloc(void *p, size_t n) { return fails() ? failed() : __libc_realloc(p, n); }

__attribute__((destructor)) static void report(void) {
  if (!getenv("T2R_COUNT_ALLOCS"))
    return;
  char text[32], *q = text + sizeof text;
  *--q = '\n';
  unsigned long n = calls;
  do
    *--q = (char)('0' + n % 10);
  while ((n /= 10) != 0);
  (void)!write(2, q, (size_t)(text + sizeof text - q));
}
