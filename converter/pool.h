/* pool.h - many documents converted on several threads.
 *
 * A conversion shares nothing it writes (the compiled rules and patterns
 * are only read), so documents convert independently: each job's result
 * is what t2r_convert_file gives for it alone, whatever the thread count
 * or the order the threads take the jobs in. */
#ifndef T2R_POOL_H
#define T2R_POOL_H

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

#endif
