/* pcresetup.c - PCRE2 with this library's allocator. */
#include "pcresetup.h"

#include "buf.h"

#include <stdatomic.h>
#include <stdlib.h>

static void *pcre2_alloc(size_t n, void *data) {
  (void)data;
  return t2r_xrealloc(NULL, n);
}

static void pcre2_release(void *p, void *data) {
  (void)data;
  free(p);
}

static _Atomic(pcre2_general_context *) general;
static _Atomic(pcre2_compile_context *) compile;

/* Made outside any lock (making one may end the job): the first thread to
 * publish its context wins, the others free theirs. */
pcre2_general_context *t2r_pcre2_general_context(void) {
  pcre2_general_context *g = atomic_load(&general);
  if (g)
    return g;
  pcre2_general_context *made =
      pcre2_general_context_create(pcre2_alloc, pcre2_release, NULL);
  if (atomic_compare_exchange_strong(&general, &g, made))
    return made;
  pcre2_general_context_free(made);
  return g;
}

pcre2_compile_context *t2r_pcre2_compile_context(void) {
  pcre2_compile_context *c = atomic_load(&compile);
  if (c)
    return c;
  pcre2_compile_context *made =
      pcre2_compile_context_create(t2r_pcre2_general_context());
  if (atomic_compare_exchange_strong(&compile, &c, made))
    return made;
  pcre2_compile_context_free(made);
  return c;
}
