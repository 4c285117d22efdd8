/* pool.c - a fixed set of threads taking jobs from a shared counter. */
#define _POSIX_C_SOURCE 200809L
#include "pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
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

void t2r_convert_all(const t2r_rules *rules, const t2r_file_options *opt,
                     t2r_job *jobs, size_t n, unsigned threads) {
  pool p = {rules, opt, jobs, n, 0};
  for (size_t i = 0; i < n; i++)
    t2r_result_init(&jobs[i].res);
  if (!threads)
    threads = online_cpus();
  if (threads > MAX_THREADS)
    threads = MAX_THREADS;
  if (threads > n)
    threads = n ? (unsigned)n : 1;
  pthread_t helper[MAX_THREADS];
  unsigned started = 0;
  while (started + 1 < threads &&
         pthread_create(&helper[started], NULL, work, &p) == 0)
    started++;
  work(&p);
  for (unsigned k = 0; k < started; k++)
    pthread_join(helper[k], NULL);
}
