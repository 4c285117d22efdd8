/* check_emit.c - the rst emitter applies edits and copies everything else;
 * the patch emitter prints git's rename diff. */
#include "testutil.h"

#include "edits.h"
#include "emit_patch.h"
#include "emit_rst.h"
#include "source.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

static char *emit(const char *in, void (*edit)(t2r_edits *)) {
  t2r_source src;
  t2r_source_init(&src, in, strlen(in));
  t2r_edits e;
  t2r_edits_init(&e, src.nlines);
  edit(&e);
  t2r_buf out;
  t2r_buf_init(&out);
  t2r_emit_rst(&src, &e, &out);
  t2r_edits_release(&e);
  t2r_source_release(&src);
  return t2r_buf_detach(&out, NULL);
}

static void no_edit(t2r_edits *e) { (void)e; }
static void replace_second(t2r_edits *e) { t2r_edits_replace(e, 1, "B", 1); }
static void insert_and_drop(t2r_edits *e) {
  t2r_edits_insert(e, 1, "::", 2);
  t2r_edits_insert_blank(e, 1);
  t2r_edits_insert_blank(e, 1); /* a second blank is not added */
  t2r_edits_drop(e, 2);
}
static void append(t2r_edits *e) { t2r_edits_insert(e, 2, "end", 3); }
static void insert_fourth(t2r_edits *e) { t2r_edits_insert(e, 4, "===", 3); }
static void empty_third(t2r_edits *e) { t2r_edits_replace(e, 2, "", 0); }
static void prepend_first(t2r_edits *e) {
  t2r_edits_insert_blank(e, 1);
  t2r_edits_prepend(e, 1, "===", 3);
}

START_TEST(emit_copies_untouched_bytes) {
  const char in[] = "a \t\nb\r\nc";
  char *out = emit(in, no_edit);
  ck_assert_str_eq(out, in);
  free(out);
}
END_TEST

START_TEST(emit_replaces_keeping_line_ending) {
  char *out = emit("a\r\nb\r\nc\r\n", replace_second);
  ck_assert_str_eq(out, "a\r\nB\r\nc\r\n");
  free(out);
}
END_TEST

START_TEST(emit_inserts_and_drops) {
  char *out = emit("a\nb\nc\n", insert_and_drop);
  ck_assert_str_eq(out, "a\n::\n\nb\n");
  free(out);
}
END_TEST

/* Mostly CR endings: an inserted line takes CR, and a blank LF line
 * after it would make a CRLF of the two; the inserted line ends in LF. */
START_TEST(emit_inserted_cr_line_never_joins_a_blank_lf_line) {
  char *out = emit("a\rb\rc\rd\n\ne\r", insert_fourth);
  ck_assert_str_eq(out, "a\rb\rc\rd\n===\n\ne\r");
  free(out);
}
END_TEST

START_TEST(emit_cr_line_never_joins_a_line_emptied) {
  char *out = emit("a\rb\r  \nc", empty_third);
  ck_assert_str_eq(out, "a\rb\n\nc");
  free(out);
}
END_TEST

START_TEST(emit_appends_after_missing_newline) {
  char *out = emit("a\nb", append);
  ck_assert_str_eq(out, "a\nb\nend\n");
  free(out);
}
END_TEST

START_TEST(emit_prepend_goes_first) {
  char *out = emit("T\nx\n", prepend_first);
  ck_assert_str_eq(out, "T\n===\n\nx\n");
  free(out);
}
END_TEST

START_TEST(diff_shows_rename_and_hunk) {
  t2r_buf out;
  t2r_buf_init(&out);
  const char *old = "one\ntwo\nthree\n", *new_text = "one\n2\nthree\n";
  ck_assert_int_eq(t2r_emit_diff("doc/x.txt", old, strlen(old), "doc/x.rst",
                                 new_text, strlen(new_text), &out),
                   0);
  ck_assert_msg(strstr(out.ptr, "diff --git a/doc/x.txt b/doc/x.rst\n"
                                "similarity index "),
                "%s", out.ptr);
  ck_assert(strstr(out.ptr, "rename from doc/x.txt\nrename to doc/x.rst\n"));
  ck_assert(strstr(out.ptr, "--- a/doc/x.txt\n+++ b/doc/x.rst\n"));
  ck_assert(strstr(out.ptr, "-two\n+2\n"));
  t2r_buf_release(&out);
}
END_TEST

START_TEST(diff_of_identical_is_pure_rename) {
  t2r_buf out;
  t2r_buf_init(&out);
  t2r_emit_diff("x.txt", "a\n", 2, "x.rst", "a\n", 2, &out);
  ck_assert_str_eq(out.ptr, "diff --git a/x.txt b/x.rst\nsimilarity index "
                            "100%\nrename from x.txt\nrename to x.rst\n");
  t2r_buf_release(&out);
}
END_TEST

START_TEST(similarity_follows_unchanged_bytes) {
  ck_assert_uint_eq(t2r_similarity("a\nb\n", 4, "a\nb\n", 4), 100);
  ck_assert_uint_eq(t2r_similarity("aaaa\nbbbb\n", 10, "aaaa\ncccc\n", 10), 50);
  ck_assert_uint_eq(t2r_similarity("x\n", 2, "y\n", 2), 0);
}
END_TEST

int main(void) {
  Suite *s = suite_create("emit");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, emit_copies_untouched_bytes);
  tcase_add_test(tc, emit_replaces_keeping_line_ending);
  tcase_add_test(tc, emit_inserts_and_drops);
  tcase_add_test(tc, emit_inserted_cr_line_never_joins_a_blank_lf_line);
  tcase_add_test(tc, emit_cr_line_never_joins_a_line_emptied);
  tcase_add_test(tc, emit_appends_after_missing_newline);
  tcase_add_test(tc, emit_prepend_goes_first);
  tcase_add_test(tc, diff_shows_rename_and_hunk);
  tcase_add_test(tc, diff_of_identical_is_pure_rename);
  tcase_add_test(tc, similarity_follows_unchanged_bytes);
  suite_add_tcase(s, tc);
  return test_run(s);
}
