/* pool.h - work shared out over several threads or processes.
 *
 * A conversion shares nothing it writes (the compiled rules and patterns
 * are only read), so documents convert independently: each job's result
 * is what t2r_convert_file gives for it alone, whatever the thread count
 * or the order the threads take the jobs in. */
#ifndef T2R_POOL_H
#define T2R_POOL_H

#include "buf.h"
#include "txt2rst.h"

typedef struct {
  const char *name; /* as for t2r_convert_file */
  const char *text;
  size_t len;
  t2r_result res;   /* set up by the pool */
  int rc;           /* t2r_convert_file's return value */
} t2r_job;

/* Converts each job with 'opt' on up to 'threads' threads (0: one per
 * online CPU), the calling thread among them; when a thread cannot be
 * started, the others do its share. */
void t2r_convert_all(const t2r_rules *rules, const t2r_file_options *opt,
                     t2r_job *jobs, size_t n, unsigned threads);

/* Makes out[i] with make(ctx, i, &out[i]) (0: made) for each i in
 * [0, n), on up to 'workers' processes (0: one per online CPU): the
 * calling one and copies of it made by fork.  libgit2's objects may not
 * be used by two threads at once, and a copy shares none: it has its own
 * of everything, and hands its results back through an in-memory file.
 * Whatever a copy does not hand back (it could not start, or failed) the
 * calling process makes itself, in order: the results, and the first
 * failure, are those of one process.  Returns 0, or the first failing
 * make's value; 'out' holds n initialized buffers. */
int t2r_make_all(size_t n, unsigned workers,
                 int (*make)(void *ctx, size_t i, t2r_buf *out), void *ctx,
                 t2r_buf *out);

#endif
