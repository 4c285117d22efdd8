/* fileio.c - whole-file reads and atomic writes. */
#define _POSIX_C_SOURCE 200809L
#include "fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

volatile sig_atomic_t t2r_interrupted;

static void on_signal(int sig) {
  (void)sig;
  t2r_interrupted = 1;
}

void t2r_catch_signals(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
}

int t2r_read_file(const char *path, t2r_buf *out) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return errno;
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    t2r_buf_put(out, chunk, n);
  int err = ferror(f) ? EIO : 0;
  fclose(f);
  return err;
}

static mode_t target_mode(const char *path, unsigned mode) {
  struct stat st;
  if (mode)
    return (mode_t)mode;
  if (stat(path, &st) == 0)
    return st.st_mode & 07777;
  mode_t mask = umask(0);
  umask(mask);
  return 0666 & ~mask;
}

static int write_all(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t w = write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR && !t2r_interrupted)
        continue;
      return errno;
    }
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

int t2r_write_atomic(const char *path, const char *p, size_t n,
                     unsigned mode) {
  t2r_buf tmp;
  t2r_buf_init(&tmp);
  const char *slash = strrchr(path, '/');
  if (slash)
    t2r_buf_printf(&tmp, "%.*s/.%s.XXXXXX", (int)(slash - path), path,
                   slash + 1);
  else
    t2r_buf_printf(&tmp, ".%s.XXXXXX", path);
  int fd = mkstemp(tmp.ptr);
  if (fd < 0) {
    int err = errno;
    t2r_buf_release(&tmp);
    return err;
  }
  int err = fchmod(fd, target_mode(path, mode)) ? errno : 0;
  if (!err)
    err = write_all(fd, p, n);
  if (!err && fsync(fd) != 0 && errno != EINVAL)
    err = errno;
  if (close(fd) != 0 && !err)
    err = errno;
  if (!err && t2r_interrupted)
    err = EINTR;
  if (!err && rename(tmp.ptr, path) != 0)
    err = errno;
  if (err)
    unlink(tmp.ptr);
  t2r_buf_release(&tmp);
  return err;
}
