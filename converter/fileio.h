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

/* Reads all of 'path' into 'out'.  Returns 0, or an errno value. */
int t2r_read_file(const char *path, t2r_buf *out);

/* Writes [p, p+n) to 'path' atomically; the mode is 'mode', or the
 * existing file's, or 0666 less the umask when 'mode' is 0.  Returns 0, or
 * an errno value (EINTR when interrupted); on failure nothing changed. */
int t2r_write_atomic(const char *path, const char *p, size_t n,
                     unsigned mode);

#endif
