/* gitsetup.c - libgit2 with this library's allocator. */
#define _POSIX_C_SOURCE 200809L /* strnlen */
#include "gitsetup.h"

#include "buf.h"

#include <git2.h>
#include <git2/sys/alloc.h>
#include <git2/sys/mempack.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/repository.h>
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

/* A read-only view of a repository's object store: reads and existence
 * checks pass through; writing, freshening and rescanning are absent, so
 * libgit2 never asks the disk for them. */
typedef struct {
  git_odb_backend parent;
  git_odb *store;
} read_only_store;

static int read_through(void **data, size_t *len, git_object_t *type,
                        git_odb_backend *backend, const git_oid *id) {
  read_only_store *ro = (read_only_store *)backend;
  git_odb_object *obj;
  int rc = git_odb_read(&obj, ro->store, id);
  if (rc != 0)
    return rc;
  *len = git_odb_object_size(obj);
  *type = git_odb_object_type(obj);
  *data = git_odb_backend_data_alloc(backend, *len);
  memcpy(*data, git_odb_object_data(obj), *len);
  git_odb_object_free(obj);
  return 0;
}

static int read_header_through(size_t *len, git_object_t *type,
                               git_odb_backend *backend, const git_oid *id) {
  return git_odb_read_header(len, type, ((read_only_store *)backend)->store,
                             id);
}

static int exists_through(git_odb_backend *backend, const git_oid *id) {
  return git_odb_exists_ext(((read_only_store *)backend)->store, id,
                            GIT_ODB_LOOKUP_NO_REFRESH);
}

static void free_read_only(git_odb_backend *backend) {
  git_odb_free(((read_only_store *)backend)->store);
  free(backend);
}

static git_odb_backend *read_only_view(git_odb *store) {
  read_only_store *ro = t2r_xrealloc(NULL, sizeof *ro);
  memset(ro, 0, sizeof *ro);
  git_odb_init_backend(&ro->parent, GIT_ODB_BACKEND_VERSION);
  ro->parent.read = read_through;
  ro->parent.read_header = read_header_through;
  ro->parent.exists = exists_through;
  ro->parent.free = free_read_only;
  ro->store = store;
  return &ro->parent;
}

int t2r_git_store_in_memory(git_repository *repo) {
  git_odb *disk, *odb;
  git_odb_backend *memory;
  if (git_repository_odb(&disk, repo) != 0)
    return -1;
  if (git_odb_new(&odb) != 0) {
    git_odb_free(disk);
    return -1;
  }
  git_odb_backend *view = read_only_view(disk);
  int rc = git_odb_add_backend(odb, view, 1);
  if (rc != 0)
    free_read_only(view);
  if (!rc)
    rc = git_mempack_new(&memory);
  if (!rc && (rc = git_odb_add_backend(odb, memory, 2)) != 0)
    memory->free(memory);
  if (!rc)
    rc = git_repository_set_odb(repo, odb);
  git_odb_free(odb);
  return rc;
}
