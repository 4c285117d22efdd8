/* check_fileio.c - atomic writes: a file set is all or nothing, and no
 * temporary file outlives it. */
#define _POSIX_C_SOURCE 200809L
#include "testutil.h"

#include "fileio.h"

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64];

static void make_dir(void) {
  strcpy(dir, "/tmp/t2r-fileio-XXXXXX");
  ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void remove_dir(void) {
  DIR *d = opendir(dir);
  struct dirent *e;
  t2r_buf path;
  t2r_buf_init(&path);
  while (d && (e = readdir(d))) {
    t2r_buf_reset(&path);
    t2r_buf_printf(&path, "%s/%s", dir, e->d_name);
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
      remove(path.ptr);
  }
  t2r_buf_release(&path);
  if (d)
    closedir(d);
  rmdir(dir);
}

static const char *at(const char *name) {
  static char path[2][300];
  static int k;
  k = !k;
  snprintf(path[k], sizeof path[k], "%s/%s", dir, name);
  return path[k];
}

/* Entries of the directory, hidden ones included. */
static int entries(void) {
  DIR *d = opendir(dir);
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)))
    n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
  closedir(d);
  return n;
}

static char *contents(const char *path) {
  t2r_buf b;
  t2r_buf_init(&b);
  ck_assert_int_eq(t2r_read_file(path, &b), 0);
  return t2r_buf_detach(&b, NULL);
}

START_TEST(set_appears_on_commit) {
  make_dir();
  t2r_writes w;
  t2r_writes_init(&w);
  ck_assert_int_eq(t2r_writes_add(&w, at("a"), "one\n", 4, 0), 0);
  ck_assert_int_eq(t2r_writes_add(&w, at("b"), "two\n", 4, 0755), 0);
  ck_assert_int_ne(access(at("a"), F_OK), 0); /* not before the commit */
  ck_assert_int_eq(t2r_writes_commit(&w), 0);
  t2r_writes_release(&w);
  char *a = contents(at("a")), *b = contents(at("b"));
  ck_assert_str_eq(a, "one\n");
  ck_assert_str_eq(b, "two\n");
  free(a);
  free(b);
  struct stat st;
  ck_assert_int_eq(stat(at("b"), &st), 0);
  ck_assert_uint_eq(st.st_mode & 0777, 0755);
  ck_assert_int_eq(entries(), 2); /* no temporary file left */
  remove_dir();
}
END_TEST

START_TEST(uncommitted_set_leaves_nothing) {
  make_dir();
  FILE *f = fopen(at("old"), "w");
  fputs("kept\n", f);
  fclose(f);
  chmod(at("old"), 0600);
  t2r_writes w;
  t2r_writes_init(&w);
  ck_assert_int_eq(t2r_writes_add(&w, at("old"), "new\n", 4, 0), 0);
  ck_assert_int_eq(t2r_writes_add(&w, at("other"), "x\n", 2, 0), 0);
  t2r_writes_release(&w);
  char *old = contents(at("old"));
  ck_assert_str_eq(old, "kept\n");
  free(old);
  ck_assert_int_eq(entries(), 1);
  remove_dir();
}
END_TEST

START_TEST(replacing_keeps_the_mode) {
  make_dir();
  FILE *f = fopen(at("old"), "w");
  fclose(f);
  chmod(at("old"), 0640);
  t2r_writes w;
  t2r_writes_init(&w);
  ck_assert_int_eq(t2r_writes_add(&w, at("old"), "new\n", 4, 0), 0);
  ck_assert_int_eq(t2r_writes_commit(&w), 0);
  t2r_writes_release(&w);
  struct stat st;
  ck_assert_int_eq(stat(at("old"), &st), 0);
  ck_assert_uint_eq(st.st_mode & 0777, 0640);
  remove_dir();
}
END_TEST

START_TEST(directory_in_the_way_is_refused_early) {
  make_dir();
  mkdir(at("sub"), 0755);
  t2r_writes w;
  t2r_writes_init(&w);
  ck_assert_int_eq(t2r_writes_add(&w, at("sub"), "x\n", 2, 0), EISDIR);
  ck_assert_int_eq(t2r_writes_add(&w, at("missing/x"), "x\n", 2, 0), ENOENT);
  ck_assert_uint_eq(w.n, 0);
  t2r_writes_release(&w);
  ck_assert_int_eq(entries(), 1);
  remove_dir();
}
END_TEST

START_TEST(interrupt_before_commit_changes_nothing) {
  make_dir();
  t2r_writes w;
  t2r_writes_init(&w);
  ck_assert_int_eq(t2r_writes_add(&w, at("a"), "one\n", 4, 0), 0);
  t2r_interrupted = 1;
  ck_assert_int_eq(t2r_writes_commit(&w), EINTR);
  t2r_interrupted = 0;
  t2r_writes_release(&w);
  ck_assert_int_eq(entries(), 0);
  remove_dir();
}
END_TEST

int main(void) {
  Suite *s = suite_create("fileio");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, set_appears_on_commit);
  tcase_add_test(tc, uncommitted_set_leaves_nothing);
  tcase_add_test(tc, replacing_keeps_the_mode);
  tcase_add_test(tc, directory_in_the_way_is_refused_early);
  tcase_add_test(tc, interrupt_before_commit_changes_nothing);
  suite_add_tcase(s, tc);
  return test_run(s);
}
