/* check_lexer.c - line classes and markers. */
#include "lexer.h"

#include "testutil.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

static t2r_line_info lex(const char *text) {
  t2r_source src;
  t2r_source_init(&src, text, strlen(text));
  t2r_line_info info;
  t2r_lex_line(src.data, &src.lines[0], &info);
  t2r_source_release(&src);
  return info;
}

static const struct {
  const char *line;
  t2r_line_class cls;
  t2r_mark_kind mark;
  unsigned text_col;
} cases[] = {
    {" \t", T2R_LINE_BLANK, T2R_MARK_NONE, 0},
    {"=====", T2R_LINE_ADORNMENT, T2R_MARK_NONE, 0},
    {"  ~~~~", T2R_LINE_ADORNMENT, T2R_MARK_NONE, 0},
    {"- item", T2R_LINE_TEXT, T2R_MARK_BULLET, 2},
    {"  *   item", T2R_LINE_TEXT, T2R_MARK_BULLET, 6},
    {"o item", T2R_LINE_TEXT, T2R_MARK_BULLET, 2},
    {"\xe2\x80\xa2 item", T2R_LINE_TEXT, T2R_MARK_BULLET, 2},
    {"-- item", T2R_LINE_TEXT, T2R_MARK_BULLET, 3},
    {"--  item", T2R_LINE_TEXT, T2R_MARK_BULLET, 4},
    {"-- ", T2R_LINE_ADORNMENT, T2R_MARK_NONE, 0},
    {"--item", T2R_LINE_TEXT, T2R_MARK_OPTION, 6},
    {"1. first", T2R_LINE_TEXT, T2R_MARK_ENUM, 3},
    {"12) twelfth", T2R_LINE_TEXT, T2R_MARK_ENUM, 4},
    {"(a) letter", T2R_LINE_TEXT, T2R_MARK_ENUM, 4},
    {"iv. roman", T2R_LINE_TEXT, T2R_MARK_ENUM, 4},
    {"1.) odd", T2R_LINE_TEXT, T2R_MARK_ENUM, 4},
    {"-v  verbose", T2R_LINE_TEXT, T2R_MARK_OPTION, 4},
    {"--size=N  set the size", T2R_LINE_TEXT, T2R_MARK_OPTION, 10},
    /* option markers as docutils' option_marker reads them: an argument
     * starts with a letter or is <...>; "=" joins a long option's only;
     * an argument the rest does not fit is left off */
    {"-f file  the input", T2R_LINE_TEXT, T2R_MARK_OPTION, 9},
    {"-ffile, --file=<path>  the input", T2R_LINE_TEXT, T2R_MARK_OPTION, 23},
    {"-f  --  no argument", T2R_LINE_TEXT, T2R_MARK_OPTION, 4},
    {"-p=::", T2R_LINE_TEXT, T2R_MARK_NONE, 0},
    {"--event=::", T2R_LINE_TEXT, T2R_MARK_NONE, 0},
    {"--irqchip=gicv3.  New kvmtool", T2R_LINE_TEXT, T2R_MARK_NONE, 0},
    {"-DBUILD_GUI=ON", T2R_LINE_TEXT, T2R_MARK_NONE, 0},
    {"-EINVAL.", T2R_LINE_TEXT, T2R_MARK_NONE, 0},
    {"/mbox_stat", T2R_LINE_TEXT, T2R_MARK_NONE, 0},
    {":Author: me", T2R_LINE_TEXT, T2R_MARK_FIELD, 9},
    {"-1 is negative", T2R_LINE_TEXT, T2R_MARK_NONE, 0},
    {"1.2 Subsection", T2R_LINE_TEXT, T2R_MARK_NONE, 0},
    {"plain text", T2R_LINE_TEXT, T2R_MARK_NONE, 0},
    {"Word-wrapped. Sentence", T2R_LINE_TEXT, T2R_MARK_NONE, 0},
};

START_TEST(lex_classifies_line) {
  t2r_line_info info = lex(cases[_i].line);
  ck_assert_msg(info.cls == cases[_i].cls, "\"%s\": class %d, want %d",
                cases[_i].line, (int)info.cls, (int)cases[_i].cls);
  ck_assert_msg(info.mark == cases[_i].mark, "\"%s\": mark %d, want %d",
                cases[_i].line, (int)info.mark, (int)cases[_i].mark);
  if (cases[_i].mark != T2R_MARK_NONE)
    ck_assert_msg(info.text_col == cases[_i].text_col,
                  "\"%s\": text column %u, want %u", cases[_i].line,
                  info.text_col, cases[_i].text_col);
}
END_TEST

START_TEST(lex_reads_enumerator_value) {
  ck_assert_int_eq(lex("3. third").enum_value, 3);
  ck_assert_int_eq(lex("c) third").enum_value, 3);
  ck_assert_int_eq(lex("iv. fourth").enum_value, 4);
  ck_assert_int_eq(lex("(2) second").enum_format, T2R_ENUM_PARENS);
}
END_TEST

START_TEST(lex_finds_colon_and_gaps) {
  ck_assert_int_eq(lex("as follows:").colon, 1);
  ck_assert_int_eq(lex("as follows::").colon, 2);
  ck_assert_int_eq(lex("::").colon, 2);
  /* docutils: "::" after an odd run of backslashes is text */
  ck_assert_int_eq(lex("see \\::").colon, 3);
  ck_assert_int_eq(lex("see \\\\::").colon, 2);
  ck_assert_int_eq(lex("see \\\\\\::").colon, 3);
  ck_assert_uint_eq(lex("name    value").gaps, 1);
  ck_assert_uint_eq(lex("name\tvalue\tmore").gaps, 2);
  ck_assert_uint_eq(lex("End.  Next sentence").gaps, 0);
}
END_TEST

int main(void) {
  Suite *s = suite_create("lexer");
  TCase *tc = tcase_create("core");
  tcase_add_loop_test(tc, lex_classifies_line, 0,
                      (int)(sizeof cases / sizeof *cases));
  tcase_add_test(tc, lex_reads_enumerator_value);
  tcase_add_test(tc, lex_finds_colon_and_gaps);
  suite_add_tcase(s, tc);
  return test_run(s);
}
