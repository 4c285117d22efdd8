/* gitsetup.c - libgit2 with this library's allocator. */
#define _POSIX_C_SOURCE 200809L /* strnlen */
#include "gitsetup.h"

#include "buf.h"

#include <git2.h>
#include <git2/sys/alloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* nelem * elsize, or no return when that overflows */
static size_t array_bytes(size_t nelem, size_t elsize) {
  if (elsize && nelem > SIZE_MAX / elsize)
    t2r_out_of_memory();
  return nelem * elsize;
}

static void *git_realloc(void *p, size_t n, const char *file, int line) {
  (void)file;
  (void)line;
  return t2r_xrealloc(p, n);
}

static void *git_malloc(size_t n, const char *file, int line) {
  return git_realloc(NULL, n, file, line);
}

static void *git_calloc(size_t nelem, size_t elsize, const char *file,
                        int line) {
  size_t n = array_bytes(nelem, elsize);
  return memset(git_realloc(NULL, n, file, line), 0, n);
}

static char *git_substrdup(const char *s, size_t n, const char *file,
                           int line) {
  (void)file;
  (void)line;
  return t2r_strndup(s, n);
}

static char *git_strndup(const char *s, size_t n, const char *file, int line) {
  return git_substrdup(s, strnlen(s, n), file, line);
}

static char *git_strdup(const char *s, const char *file, int line) {
  return git_substrdup(s, strlen(s), file, line);
}

static void *git_reallocarray(void *p, size_t nelem, size_t elsize,
                              const char *file, int line) {
  return git_realloc(p, array_bytes(nelem, elsize), file, line);
}

static void *git_mallocarray(size_t nelem, size_t elsize, const char *file,
                             int line) {
  return git_reallocarray(NULL, nelem, elsize, file, line);
}

void t2r_git_init(void) {
  static git_allocator allocator = {
      git_malloc,  git_calloc,       git_strdup,      git_strndup, git_substrdup,
      git_realloc, git_reallocarray, git_mallocarray, free};
  /* before the init, which keeps an allocator set and allocates itself */
  git_libgit2_opts(GIT_OPT_SET_ALLOCATOR, &allocator);
  git_libgit2_init();
}

void t2r_git_check_memory(void) {
  const git_error *e = git_error_last();
  if (e && e->klass == GIT_ERROR_NOMEMORY)
    t2r_out_of_memory();
}
