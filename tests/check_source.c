/* check_source.c - bytes -> lines: endings, indentation, width, encoding. */
#include "source.h"

#include "testutil.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

START_TEST(source_splits_line_endings) {
  t2r_source src;
  const char in[] = "a\nb\r\nc\rd";
  ck_assert_int_eq(t2r_source_init(&src, in, sizeof in - 1), T2R_SOURCE_OK);
  ck_assert_uint_eq(src.nlines, 4);
  ck_assert_int_eq(src.lines[0].eol, T2R_EOL_LF);
  ck_assert_int_eq(src.lines[1].eol, T2R_EOL_CRLF);
  ck_assert_int_eq(src.lines[2].eol, T2R_EOL_CR);
  ck_assert_int_eq(src.lines[3].eol, T2R_EOL_NONE);
  ck_assert_uint_eq(src.lines[1].end - src.lines[1].beg, 1);
  t2r_source_release(&src);
}
END_TEST

START_TEST(source_measures_indent_with_tab_stops) {
  t2r_source src;
  const char in[] = "  \tx\n\f\n   \n";
  t2r_source_init(&src, in, sizeof in - 1);
  ck_assert_uint_eq(src.lines[0].indent, 8);
  ck_assert(!src.lines[0].blank);
  ck_assert(src.lines[1].blank); /* a form feed is blank to docutils */
  ck_assert(src.lines[2].blank);
  t2r_source_release(&src);
}
END_TEST

START_TEST(source_width_counts_wide_and_combining) {
  /* "日本" is 4 columns; "e" + U+0301 is 1 */
  ck_assert_uint_eq(t2r_display_width("\xe6\x97\xa5\xe6\x9c\xac", 6, 0), 4);
  ck_assert_uint_eq(t2r_display_width("e\xcc\x81", 3, 0), 1);
  ck_assert_uint_eq(t2r_display_width("a\tb", 3, 0), 9);
}
END_TEST

START_TEST(source_width_of_long_runs) {
  /* runs of eight plain bytes are counted at once; a tab or a wide
   * character anywhere inside one must still count as itself */
  ck_assert_uint_eq(t2r_display_width("abcdefghijklmnopq", 17, 0), 17);
  ck_assert_uint_eq(t2r_display_width("abcdefghij\tk", 12, 0), 17);
  ck_assert_uint_eq(t2r_display_width("abcdefg\tij", 10, 3), 15);
  ck_assert_uint_eq(t2r_display_width("abcdef\xe6\x97\xa5ghijk", 14, 0), 13);
  ck_assert_uint_eq(t2r_display_width("\tabcdefghi", 9, 4), 12);
}
END_TEST

START_TEST(source_width_expands_tabs_by_characters) {
  /* docutils expands tabs counting characters (a wide one is one, a
   * combining mark one too), then measures: values from docutils'
   * column_width(text.expandtabs(8)) */
  ck_assert_uint_eq(t2r_display_width("\xe4\xb8\xad\tx", 5, 0), 10);
  ck_assert_uint_eq(
      t2r_display_width("\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e\tab", 12, 0), 13);
  ck_assert_uint_eq(t2r_display_width("e\xcc\x81\tz", 5, 0), 8);
}
END_TEST

START_TEST(source_refuses_nul_bytes) {
  t2r_source src;
  ck_assert_int_eq(t2r_source_init(&src, "ab\0cd", 5), T2R_SOURCE_BINARY);
}
END_TEST

/* The line array is sized by the LF count; lone CRs must grow it. */
START_TEST(source_splits_many_lone_cr_lines) {
  char in[200];
  for (int i = 0; i < 100; i++)
    in[2 * i] = 'x', in[2 * i + 1] = '\r';
  t2r_source src;
  ck_assert_int_eq(t2r_source_init(&src, in, sizeof in), T2R_SOURCE_OK);
  ck_assert_uint_eq(src.nlines, 100);
  ck_assert_uint_eq(src.lines[99].beg, 198);
  ck_assert_uint_eq(src.lines[99].eol, T2R_EOL_CR);
  t2r_source_release(&src);
}
END_TEST

/* Offsets are 32-bit: a larger text is refused before it is read. */
START_TEST(source_refuses_text_past_offsets) {
  t2r_source src;
  ck_assert_int_eq(t2r_source_init(&src, "x", T2R_SOURCE_MAX + 1),
                   T2R_SOURCE_TOO_LARGE);
}
END_TEST

START_TEST(source_reads_latin1_as_utf8) {
  t2r_source src;
  const char in[] = "caf\xe9\n"; /* Latin-1 e-acute */
  t2r_source_init(&src, in, sizeof in - 1);
  ck_assert(src.latin1);
  ck_assert_str_eq(src.data, "caf\xc3\xa9\n");
  ck_assert_uint_eq(src.lines[0].width, 4);
  t2r_source_release(&src);
}
END_TEST

START_TEST(source_keeps_valid_utf8) {
  t2r_source src;
  const char in[] = "\xef\xbb\xbfna\xc3\xafve\n"; /* BOM + UTF-8 */
  t2r_source_init(&src, in, sizeof in - 1);
  ck_assert(!src.latin1);
  ck_assert_uint_eq(src.len, sizeof in - 1);
  t2r_source_release(&src);
}
END_TEST

int main(void) {
  Suite *s = suite_create("source");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, source_splits_line_endings);
  tcase_add_test(tc, source_measures_indent_with_tab_stops);
  tcase_add_test(tc, source_width_counts_wide_and_combining);
  tcase_add_test(tc, source_width_of_long_runs);
  tcase_add_test(tc, source_width_expands_tabs_by_characters);
  tcase_add_test(tc, source_refuses_nul_bytes);
  tcase_add_test(tc, source_splits_many_lone_cr_lines);
  tcase_add_test(tc, source_refuses_text_past_offsets);
  tcase_add_test(tc, source_reads_latin1_as_utf8);
  tcase_add_test(tc, source_keeps_valid_utf8);
  suite_add_tcase(s, tc);
  return test_run(s);
}
