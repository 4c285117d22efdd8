/* check_rules.c - the rule file format, its errors, and the kernel rules'
 * classes on typical lines. */
#include "testutil.h"

#include "lexer.h"
#include "rules.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Loads 'text' as a rule file; returns 0 or -1 and the first message. */
static int load(const char *text, char *msg, size_t cap) {
  t2r_rules *r = t2r_rules_new();
  t2r_diags d;
  t2r_diags_init(&d);
  int rc = t2r_rules_add_text(r, "x.rules", text, strlen(text), &d);
  snprintf(msg, cap, "%s", d.len ? d.items[0].text : "");
  t2r_diags_release(&d);
  t2r_rules_free(r);
  return rc;
}

static const struct {
  const char *text, *message;
} bad_files[] = {
    {"rule a\n  class code\n  match (x\n  why w\n",
     "x.rules:3: bad pattern: missing closing parenthesis at offset 2"},
    {"rule a\n  class codez\n", "x.rules:2: unknown class"},
    {"rule a\n  class code\n  why w\n", "x.rules:1: rule has no 'match'"},
    {"rule a\n  match x\n  why w\n", "x.rules:1: rule has no 'class'"},
    {"rule a\n  class code\n  match x\n", "x.rules:1: rule has no 'why'"},
    {"  class code\n", "x.rules:1: key outside a rule"},
    {"rule a\n  colour red\n", "x.rules:2: unknown key"},
    {"rule a\n  class\n", "x.rules:2: key without a value"},
    {"rules a\n", "x.rules:1: expected 'rule NAME'"},
    {"rule a\n  class code\n  match x\n  match y\n",
     "x.rules:4: second 'match' in one rule"},
};

START_TEST(rules_reject_bad_file) {
  char msg[256];
  ck_assert_int_eq(load(bad_files[_i].text, msg, sizeof msg), -1);
  ck_assert_msg(!strncmp(msg, bad_files[_i].message,
                         strlen(bad_files[_i].message)),
                "got \"%s\", want \"%s...\"", msg, bad_files[_i].message);
}
END_TEST

START_TEST(rules_accept_good_file) {
  char msg[256];
  ck_assert_int_eq(load("# comment\n\nrule a\n  class art\n  match ^\\|\n"
                        "  why a pipe\n",
                        msg, sizeof msg),
                   0);
}
END_TEST

static const struct {
  const char *line;
  unsigned want, reject;
} lines[] = {
    {"#include <linux/module.h>", T2R_TEXT_CODE, T2R_TEXT_PROSE},
    {"\tspin_lock(&lock);", T2R_TEXT_CODE, 0},
    {"struct foo {", T2R_TEXT_CODE, 0},
    {"static int foo_probe(struct device *dev)", T2R_TEXT_CODE, 0},
    {"# echo 1 > /proc/sys/vm/drop_caches", T2R_TEXT_CODE, 0},
    {"$ make menuconfig", T2R_TEXT_CODE, 0},
    {"  make headers_install ARCH=i386 INSTALL_HDR_PATH=/usr", T2R_TEXT_CODE, 0},
    {"CONFIG_FOO=y", T2R_TEXT_CODE, 0},
    {"   +-------+     +-------+", T2R_TEXT_ART, 0},
    {"   |  CPU  | --> |  MEM  |", T2R_TEXT_ART, 0},
    {"This is an ordinary sentence of running text.", T2R_TEXT_PROSE,
     T2R_TEXT_CODE},
    {"NOTE: the driver must be loaded first.", T2R_TEXT_ADMONITION, 0},
    {"Author: Jane Doe <jane@example.org>", T2R_TEXT_FIELD, 0},
    {"== A wiki heading ==", T2R_TEXT_HEADING, 0},
    {"make sure that the device is present", 0, T2R_TEXT_CODE},
    {"It is focused  on the Intel  x86 hardware,  so if you  are looking",
     T2R_TEXT_PROSE, T2R_TEXT_CODE},
};

START_TEST(rules_classify_line) {
  t2r_matcher *m = t2r_matcher_new(test_rules());
  const char *rule;
  unsigned got = t2r_rules_classify(m, lines[_i].line, strlen(lines[_i].line),
                                    &rule);
  t2r_matcher_free(m);
  ck_assert_msg((got & lines[_i].want) == lines[_i].want,
                "\"%s\": classes %#x lack %#x", lines[_i].line, got,
                lines[_i].want);
  ck_assert_msg(!(got & lines[_i].reject), "\"%s\": classes %#x include %#x",
                lines[_i].line, got, lines[_i].reject);
}
END_TEST

int main(void) {
  Suite *s = suite_create("rules");
  TCase *tc = tcase_create("core");
  tcase_add_loop_test(tc, rules_reject_bad_file, 0,
                      (int)(sizeof bad_files / sizeof *bad_files));
  tcase_add_test(tc, rules_accept_good_file);
  tcase_add_loop_test(tc, rules_classify_line, 0,
                      (int)(sizeof lines / sizeof *lines));
  suite_add_tcase(s, tc);
  return test_run(s);
}
