/* pool.c - a fixed set of threads taking jobs from a shared counter, and
 * forked copies of the process each making a share of a list. */
#define _GNU_SOURCE /* memfd_create */
#include "pool.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_THREADS 64

typedef struct {
  const t2r_rules *rules;
  const t2r_file_options *opt;
  t2r_job *jobs;
  size_t n;
  atomic_size_t next; /* the next job nobody has taken */
} pool;

static void *work(void *arg) {
  pool *p = arg;
  for (size_t i; (i = atomic_fetch_add(&p->next, 1)) < p->n;) {
    t2r_job *j = &p->jobs[i];
    j->rc = t2r_convert_file(p->rules, j->name, j->text, j->len, p->opt,
                             &j->res);
  }
  return NULL;
}

static unsigned online_cpus(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (unsigned)n : 1;
}

static unsigned worker_count(unsigned asked, size_t n) {
  unsigned w = asked ? asked : online_cpus();
  if (w > MAX_THREADS)
    w = MAX_THREADS;
  return w > n ? (n ? (unsigned)n : 1) : w;
}

void t2r_convert_all(const t2r_rules *rules, const t2r_file_options *opt,
                     t2r_job *jobs, size_t n, unsigned threads) {
  pool p = {rules, opt, jobs, n, 0};
  for (size_t i = 0; i < n; i++)
    t2r_result_init(&jobs[i].res);
  threads = worker_count(threads, n);
  pthread_t helper[MAX_THREADS];
  unsigned started = 0;
  while (started + 1 < threads &&
         pthread_create(&helper[started], NULL, work, &p) == 0)
    started++;
  work(&p);
  for (unsigned k = 0; k < started; k++)
    pthread_join(helper[k], NULL);
}

/* ------------------------------------------------------ forked copies */

typedef struct {
  size_t n, first, step; /* the share: first, first + step, ... */
  int (*make)(void *ctx, size_t i, t2r_buf *out);
  void *ctx;
  int fd; /* the in-memory file the results go to */
} share;

/* A result as a copy writes it: its index and length, then its bytes. */
typedef struct {
  size_t index, len;
} record_head;

static int write_all(int fd, const void *p, size_t n) {
  for (const char *c = p; n;) {
    ssize_t k = write(fd, c, n);
    if (k <= 0)
      return -1;
    c += k;
    n -= (size_t)k;
  }
  return 0;
}

/* In the copy: makes the share and writes each result; stops at the
 * first failure, which the calling process meets again and reports. */
static int make_share(void *arg) {
  share *s = arg;
  t2r_buf out;
  t2r_buf_init(&out);
  for (size_t i = s->first; i < s->n; i += s->step) {
    t2r_buf_reset(&out);
    record_head h = {i, 0};
    if (s->make(s->ctx, i, &out))
      break;
    h.len = out.len;
    if (write_all(s->fd, &h, sizeof h) || write_all(s->fd, out.ptr, out.len))
      break;
  }
  t2r_buf_release(&out);
  return 0;
}

/* Starts a copy making 'sh'; returns its pid, or -1 (nothing started).
 * The copy never returns: running out of memory ends its share too
 * (its own guard), and _exit leaves the parent's stdio buffers and exit
 * handlers alone. */
static pid_t start_copy(share *sh) {
  sh->fd = memfd_create("txt2rst-share", MFD_CLOEXEC);
  if (sh->fd < 0)
    return -1;
  pid_t pid = fork();
  if (pid == 0) {
    t2r_guard_memory(make_share, sh, 1);
    _exit(0);
  }
  if (pid < 0)
    close(sh->fd);
  return pid;
}

/* Takes the results a copy wrote into 'out', marking them in 'made'. */
static void take_results(int fd, t2r_buf *out, char *made, size_t n) {
  struct stat st;
  if (fstat(fd, &st) != 0 || st.st_size <= 0)
    return;
  size_t size = (size_t)st.st_size;
  char *p = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (p == MAP_FAILED)
    return;
  for (size_t at = 0; size - at >= sizeof(record_head);) {
    record_head h;
    memcpy(&h, p + at, sizeof h);
    at += sizeof h;
    if (h.index >= n || h.len > size - at)
      break;
    t2r_buf_put(&out[h.index], p + at, h.len);
    made[h.index] = 1;
    at += h.len;
  }
  munmap(p, size);
}

/* The calling process's share, made under a guard so that running out
 * of memory still waits for the copies. */
typedef struct {
  share sh;
  t2r_buf *out;
  char *made;
  int rc;
} own_share;

static int make_own_share(void *arg) {
  own_share *o = arg;
  for (size_t i = o->sh.first; i < o->sh.n && !o->rc; i += o->sh.step) {
    o->rc = o->sh.make(o->sh.ctx, i, &o->out[i]);
    o->made[i] = !o->rc;
  }
  return 0;
}

int t2r_make_all(size_t n, unsigned workers,
                 int (*make)(void *ctx, size_t i, t2r_buf *out), void *ctx,
                 t2r_buf *out) {
  workers = worker_count(workers, n);
  share sh[MAX_THREADS];
  pid_t pid[MAX_THREADS];
  for (unsigned k = 1; k < workers; k++) {
    sh[k] = (share){n, k, workers, make, ctx, -1};
    pid[k] = start_copy(&sh[k]);
  }
  own_share own = {{n, 0, workers, make, ctx, -1}, out, NULL, 0};
  own.made = t2r_xrealloc(NULL, n + 1);
  memset(own.made, 0, n + 1);
  int nomem = t2r_guard_memory(make_own_share, &own, 1);
  for (unsigned k = 1; k < workers; k++) {
    if (pid[k] < 0)
      continue;
    int status;
    pid_t done;
    while ((done = waitpid(pid[k], &status, 0)) < 0 && errno == EINTR)
      ;
    if (done == pid[k] && !own.rc && !nomem)
      take_results(sh[k].fd, out, own.made, n);
    close(sh[k].fd);
  }
  if (nomem) {
    free(own.made);
    t2r_out_of_memory();
  }
  for (size_t i = 0; i < n && !own.rc; i++)
    if (!own.made[i])
      own.rc = make(ctx, i, &out[i]);
  free(own.made);
  return own.rc;
}
