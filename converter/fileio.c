/* fileio.c - whole-file reads and atomic writes. */
#define _GNU_SOURCE /* syncfs */
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

int t2r_binary_dir(t2r_buf *dir) {
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe);
  if (n <= 0 || n == (ssize_t)sizeof exe) /* unknown, or cut short */
    return -1;
  const char *slash = memrchr(exe, '/', (size_t)n);
  if (!slash)
    return -1;
  t2r_buf_put(dir, exe, (size_t)(slash - exe));
  return 0;
}

int t2r_read_file(const char *path, t2r_buf *out) {
  FILE *f = fopen(path, "rb");
  if (!f && errno == ENOMEM) /* not "unreadable": a reader would skip it */
    t2r_out_of_memory();
  if (!f)
    return errno ? errno : EIO; /* never "read, and empty" */
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode))
    t2r_buf_reserve(out, (size_t)st.st_size);
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

/* Creates the temporary file for 'path' and writes [p, p+n) to it, its
 * mode set.  Returns the open descriptor, or -1 with the errno value in
 * '*err' and no file left. */
static int write_temp(const char *path, const char *p, size_t n, unsigned mode,
                      t2r_buf *tmp, int *err) {
  const char *slash = strrchr(path, '/');
  if (slash)
    t2r_buf_printf(tmp, "%.*s/.%s.XXXXXX", (int)(slash - path), path,
                   slash + 1);
  else
    t2r_buf_printf(tmp, ".%s.XXXXXX", path);
  int fd = mkstemp(tmp->ptr);
  if (fd < 0) {
    *err = errno;
    return -1;
  }
  *err = fchmod(fd, target_mode(path, mode)) ? errno : 0;
  if (!*err)
    *err = write_all(fd, p, n);
  if (*err) {
    close(fd);
    unlink(tmp->ptr);
    return -1;
  }
  return fd;
}

int t2r_write_atomic(const char *path, const char *p, size_t n,
                     unsigned mode) {
  t2r_buf tmp;
  t2r_buf_init(&tmp);
  int err;
  int fd = write_temp(path, p, n, mode, &tmp, &err);
  if (fd < 0) {
    t2r_buf_release(&tmp);
    return err;
  }
  if (fsync(fd) != 0 && errno != EINVAL)
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

void t2r_writes_init(t2r_writes *w) { memset(w, 0, sizeof *w); }

int t2r_writes_add(t2r_writes *w, const char *path, const char *p, size_t n,
                   unsigned mode) {
  struct stat st; /* what rename would refuse later, refused now */
  if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
    return EISDIR;
  /* all that is allocated comes first: once the temporary file exists,
   * it is on the list before anything can fail (and t2r_writes_release
   * removes it, whatever ended the run) */
  if (w->n == w->cap) {
    w->cap = w->cap ? 2 * w->cap : 16;
    w->tmp = t2r_xrealloc(w->tmp, w->cap * sizeof *w->tmp);
    w->path = t2r_xrealloc(w->path, w->cap * sizeof *w->path);
  }
  char *target = t2r_strndup(path, strlen(path));
  t2r_buf tmp;
  t2r_buf_init(&tmp);
  int err;
  int fd = write_temp(path, p, n, mode, &tmp, &err);
  if (fd >= 0 && close(fd) != 0) {
    err = errno;
    unlink(tmp.ptr);
  }
  if (fd < 0 || err) {
    t2r_buf_release(&tmp);
    free(target);
    return err;
  }
  w->tmp[w->n] = tmp.ptr; /* the name (printed, so not empty) */
  w->path[w->n++] = target;
  return 0;
}

/* One syncfs per file system the temporary files are on. */
static int flush_file_systems(const t2r_writes *w) {
  dev_t done[8];
  size_t ndone = 0;
  for (size_t i = 0; i < w->n; i++) {
    struct stat st;
    if (stat(w->tmp[i], &st) != 0)
      return errno;
    size_t k = 0;
    while (k < ndone && done[k] != st.st_dev)
      k++;
    if (k < ndone)
      continue;
    int fd = open(w->tmp[i], O_RDONLY);
    if (fd < 0)
      return errno;
    int err = syncfs(fd) != 0 ? errno : 0;
    close(fd);
    if (err)
      return err;
    if (ndone < sizeof done / sizeof *done)
      done[ndone++] = st.st_dev;
  }
  return 0;
}

int t2r_writes_commit(t2r_writes *w) {
  int err = flush_file_systems(w);
  if (!err && t2r_interrupted)
    err = EINTR;
  /* renames cannot be undone: once they start, an interrupt waits */
  for (size_t i = 0; i < w->n && !err; i++)
    if (rename(w->tmp[i], w->path[i]) != 0)
      err = errno;
    else
      w->tmp[i][0] = '\0';
  return err;
}

void t2r_writes_release(t2r_writes *w) {
  for (size_t i = 0; i < w->n; i++) {
    if (w->tmp[i][0])
      unlink(w->tmp[i]);
    free(w->tmp[i]);
    free(w->path[i]);
  }
  free(w->tmp);
  free(w->path);
  t2r_writes_init(w);
}
