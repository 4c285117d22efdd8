/* fileio.h - reading and writing whole files, safely.
 *
 * Writes go to a temporary file in the target's directory and are renamed
 * over the target, so a reader sees the old file or the whole new one, and
 * an interrupted run leaves no half-written file behind. */
#ifndef T2R_FILEIO_H
#define T2R_FILEIO_H

#include "buf.h"

#include <signal.h>
#include <stddef.h>

/* Set by the SIGINT/SIGTERM handler t2r_catch_signals installs; writers
 * check it and stop cleanly. */
extern volatile sig_atomic_t t2r_interrupted;
void t2r_catch_signals(void);

/* Appends the directory of the running binary to 'dir', where its
 * installed rules and module are found.  Returns 0, or -1 when unknown. */
int t2r_binary_dir(t2r_buf *dir);

/* Reads all of 'path' into 'out'.  Returns 0, or an errno value; memory
 * running out is not one (see t2r_out_of_memory). */
int t2r_read_file(const char *path, t2r_buf *out);

/* Writes [p, p+n) to 'path' atomically; the mode is 'mode', or the
 * existing file's, or 0666 less the umask when 'mode' is 0.  Returns 0, or
 * an errno value (EINTR when interrupted); on failure nothing changed. */
int t2r_write_atomic(const char *path, const char *p, size_t n,
                     unsigned mode);

/* A set of files written together: each is written in full to a temporary
 * file beside its target, and none is visible until t2r_writes_commit
 * renames them all, after one flush of each file system involved (a
 * series of 800 patches would otherwise wait for 800 fsyncs). */
typedef struct {
  char **tmp, **path;
  size_t n, cap;
} t2r_writes;

void t2r_writes_init(t2r_writes *w);
/* Writes the temporary file for 'path' (the mode as t2r_write_atomic's).
 * Returns 0, or an errno value (EISDIR for a directory in the way). */
int t2r_writes_add(t2r_writes *w, const char *path, const char *p, size_t n,
                   unsigned mode);
/* Flushes the files to disk and renames each over its target.  Returns 0,
 * or an errno value: EINTR when interrupted before the renames, and then
 * no target changed. */
int t2r_writes_commit(t2r_writes *w);
/* Removes the temporary files not yet renamed, and frees the set. */
void t2r_writes_release(t2r_writes *w);

#endif
