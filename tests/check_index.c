/* check_index.c - 00-INDEX parsing, conversion and the directory audit. */
#define _POSIX_C_SOURCE 200809L
#include "testutil.h"

#include "fileio.h"
#include "index.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char legacy[] =
    "Some header prose.\n"
    "\n"
    "00-INDEX\n"
    "\t- this file.\n"
    "alpha.txt\n"
    "\t- first line\n"
    "\t  second line.\n"
    "sub/\n"
    "    - spaces instead of a tab.\n"
    "nodesc.txt\n"
    "tool.sh - a script for *.c files, on one line.\n";

START_TEST(index_parses_entries) {
  t2r_source src;
  t2r_source_init(&src, legacy, strlen(legacy));
  t2r_index idx;
  ck_assert_int_eq(t2r_index_parse(&src, &idx), 0);
  ck_assert_uint_eq(idx.header_end, 2);
  ck_assert_uint_eq(idx.len, 5);
  static const char *const want[] = {"00-INDEX", "alpha.txt", "sub/",
                                     "nodesc.txt", "tool.sh"};
  for (size_t k = 0; k < idx.len; k++)
    ck_assert_msg(idx.items[k].name_len == strlen(want[k]) &&
                      !memcmp(src.data + idx.items[k].name_beg, want[k],
                              strlen(want[k])),
                  "entry %zu", k);
  ck_assert_uint_eq(idx.items[1].last, 6); /* two description lines */
  t2r_index_release(&idx);
  t2r_source_release(&src);
}
END_TEST

START_TEST(index_tells_documents) {
  ck_assert(t2r_index_is_document("foo.txt", 7));
  ck_assert(t2r_index_is_document("sub/", 4));
  ck_assert(t2r_index_is_document("CodingStyle", 11));
  ck_assert(t2r_index_is_document("README.ipw", 10));
  ck_assert(!t2r_index_is_document("tool.sh", 7));
  ck_assert(!t2r_index_is_document("Makefile", 8));
  ck_assert(!t2r_index_is_document("00-INDEX", 8));
}
END_TEST

/* Written by hand: the expected index.rst of 'legacy'. */
static const char converted[] =
    "=====\n"
    "tools\n"
    "=====\n"
    "\n"
    "Some header prose.\n"
    "\n"
    ".. toctree::\n"
    "   :hidden:\n"
    "\n"
    "   alpha\n"
    "   sub/index\n"
    "   nodesc\n"
    "\n"
    "``00-INDEX``\n"
    "   this file.\n"
    "\n"
    ":doc:`alpha.txt <alpha>`\n"
    "   first line\n"
    "   second line.\n"
    "\n"
    ":doc:`sub/ <sub/index>`\n"
    "   spaces instead of a tab.\n"
    "\n"
    ":doc:`nodesc.txt <nodesc>`\n"
    "\n"
    "``tool.sh``\n"
    "   a script for \\*.c files, on one line.\n";

START_TEST(index_converts) {
  t2r_result res;
  t2r_result_init(&res);
  ck_assert_int_eq(t2r_convert_file(test_rules(), "doc/tools/00-INDEX", legacy,
                                    strlen(legacy), NULL, &res),
                   T2R_OK);
  ck_assert_msg(!strcmp(res.rst.ptr, converted), "got\n%s", res.rst.ptr);
  /* the toctree is no sign that the descriptions are RST already */
  for (size_t i = 0; i < res.diags.len; i++)
    ck_assert_str_ne(res.diags.items[i].rule, "declared-rst");
  t2r_result_release(&res);
  char *again = test_convert(converted);
  ck_assert_str_eq(again, converted);
  free(again);
}
END_TEST

/* "name<TAB>-" with nothing after the dash, at the end of the file: an
 * entry without a description (the length once came out negative, and
 * the description was read past the text). */
START_TEST(index_dash_without_text) {
  static const char text[] = "alpha.txt - the first\nbeta.txt\t-";
  t2r_result res;
  t2r_result_init(&res);
  ck_assert_int_eq(t2r_convert_file(test_rules(), "doc/x/00-INDEX", text,
                                    sizeof text - 1, NULL, &res),
                   T2R_OK);
  ck_assert_msg(strstr(res.rst.ptr, ":doc:`alpha.txt <alpha>`\n   the first\n") &&
                    strstr(res.rst.ptr, ":doc:`beta.txt <beta>`\n") &&
                    !strstr(res.rst.ptr, ":doc:`beta.txt <beta>`\n   "),
                "got\n%s", res.rst.ptr);
  t2r_result_release(&res);
}
END_TEST

static void touch(const char *dir, const char *name, const char *text) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs(text, f);
  fclose(f);
}

/* Audits 'dir' with or without --fix; returns the report (caller frees)
 * and fills 'counts'. */
static char *audit(const char *dir, int fix, t2r_audit_counts *counts) {
  t2r_audit_options opt = {NULL, 0, fix};
  t2r_buf report;
  t2r_buf_init(&report);
  t2r_diags diags;
  t2r_diags_init(&diags);
  ck_assert_int_eq(t2r_audit_index(dir, &opt, &report, counts, &diags), 0);
  t2r_diags_release(&diags);
  return t2r_buf_detach(&report, NULL);
}

static void remove_tree(const char *dir) {
  char cmd[700];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  ck_assert_int_eq(system(cmd), 0);
}

START_TEST(audit_finds_each_kind) {
  char dir[] = "/tmp/t2r-audit-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(dir));
  touch(dir, "00-INDEX", "zeta.txt\n\t- z.\nalpha.txt\n\t- a.\n"
                         "kdumpt.txt\n\t- moved.\n");
  touch(dir, "alpha.txt", "");
  touch(dir, "zeta.txt", "");
  touch(dir, "IRQ.txt", "");
  touch(dir, "Makefile", "");
  char sub[600];
  snprintf(sub, sizeof sub, "%s/kdump", dir);
  mkdir(sub, 0777);
  t2r_audit_counts counts;
  char *report = audit(dir, 0, &counts);
  ck_assert_msg(strstr(report, "missing: IRQ.txt\n") &&
                    strstr(report, "missing: kdump/\n") &&
                    strstr(report, "stale: kdumpt.txt (did you mean "
                                   "kdump/?)\n") &&
                    strstr(report, "order: alpha.txt should come before "
                                   "zeta.txt\n") &&
                    !strstr(report, "Makefile"),
                "report:\n%s", report);
  ck_assert_uint_eq(counts.missing, 2);
  ck_assert_uint_eq(counts.stale, 1);
  ck_assert_uint_eq(counts.order, 1);
  free(report);
  remove_tree(dir);
}
END_TEST

START_TEST(audit_fix_rewrites_index) {
  char dir[] = "/tmp/t2r-fix-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(dir));
  touch(dir, "00-INDEX", "Intro.\n\nalpha.txt\n\t- a.\nold.txt\n\t- gone.\n"
                         "zeta.txt\n\t- z.\n");
  touch(dir, "alpha.txt", "");
  touch(dir, "zeta.txt", "");
  touch(dir, "beta.txt", "Beta driver\n===========\n\ntext\n");
  t2r_audit_counts counts;
  free(audit(dir, 1, &counts));
  char path[600];
  snprintf(path, sizeof path, "%s/00-INDEX", dir);
  t2r_buf text;
  t2r_buf_init(&text);
  ck_assert_int_eq(t2r_read_file(path, &text), 0);
  ck_assert_str_eq(text.ptr, "Intro.\n\nalpha.txt\n\t- a.\nbeta.txt\n"
                             "\t- Beta driver\nzeta.txt\n\t- z.\n");
  t2r_buf_release(&text);
  remove_tree(dir);
}
END_TEST

/* The fix removes only what the report calls stale: the index's entry
 * for itself and one for a build file stay. */
START_TEST(audit_fix_keeps_entries_it_does_not_judge) {
  char dir[] = "/tmp/t2r-fix-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(dir));
  touch(dir, "00-INDEX", "00-INDEX\n\t- this file.\nMakefile\n\t- builds.\n"
                         "old.txt\n\t- gone.\n");
  t2r_audit_counts counts;
  char *report = audit(dir, 1, &counts);
  ck_assert_str_eq(report, "stale: old.txt\n");
  free(report);
  char path[600];
  snprintf(path, sizeof path, "%s/00-INDEX", dir);
  t2r_buf text;
  t2r_buf_init(&text);
  ck_assert_int_eq(t2r_read_file(path, &text), 0);
  ck_assert_str_eq(text.ptr, "00-INDEX\n\t- this file.\nMakefile\n\t- builds.\n");
  t2r_buf_release(&text);
  remove_tree(dir);
}
END_TEST

int main(void) {
  Suite *s = suite_create("index");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, index_parses_entries);
  tcase_add_test(tc, index_tells_documents);
  tcase_add_test(tc, index_converts);
  tcase_add_test(tc, index_dash_without_text);
  tcase_add_test(tc, audit_finds_each_kind);
  tcase_add_test(tc, audit_fix_rewrites_index);
  tcase_add_test(tc, audit_fix_keeps_entries_it_does_not_judge);
  suite_add_tcase(s, tc);
  return test_run(s);
}
