/* fuzz_rules.c - fuzz target: any bytes as a rule file.  A file that is
 * refused must say where ("fuzz.rules:LINE: reason") and leave the rule
 * set as it was; a file that loads must classify lines and answer its
 * tests on them, its own lines among them, without harm. */
#include "rules.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check_refusal(const t2r_rules *rules, size_t before,
                          const t2r_diags *d) {
  if (t2r_rules_count(rules) != before) {
    fprintf(stderr, "a refused rule file left rules behind\n");
    abort();
  }
  if (d->len == 0 || strncmp(d->items[0].text, "fuzz.rules:", 11)) {
    fprintf(stderr, "a refused rule file without its place: %s\n",
            d->len ? d->items[0].text : "(no message)");
    abort();
  }
}

static void classify_lines(const t2r_rules *rules, const char *p, size_t n) {
  t2r_matcher *m = t2r_matcher_new(rules);
  for (size_t i = 0; i < n;) {
    const char *nl = memchr(p + i, '\n', n - i);
    size_t e = nl ? (size_t)(nl - p) : n;
    const char *rule;
    t2r_rules_classify(m, p + i, e - i, &rule);
    i = e + 1;
  }
  t2r_matcher_free(m);
}

/* Asks every test of 'rules' about each line of [p, p+n). */
static void test_lines(const t2r_rules *rules, const char *p, size_t n) {
  t2r_matcher *m = t2r_matcher_new(rules);
  for (size_t i = 0; i < n;) {
    const char *nl = memchr(p + i, '\n', n - i);
    size_t e = nl ? (size_t)(nl - p) : n;
    for (int t = 0; t < T2R_TESTS; t++)
      t2r_rules_test(m, (t2r_test)t, p + i, e - i);
    i = e + 1;
  }
  t2r_matcher_free(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const char sample[] = "  $ make menuconfig\n#include <x.h>\n"
                               "==========\n\t- item\n";
  t2r_rules *rules = t2r_rules_new();
  t2r_diags d;
  t2r_diags_init(&d);
  /* one well-formed rule first, so a refusal has something to keep */
  static const char base[] = "rule base\n  class prose\n  match ^x\n"
                             "  why  a base rule\n";
  if (t2r_rules_add_text(rules, "base.rules", base, sizeof base - 1, &d))
    abort();
  size_t before = t2r_rules_count(rules);
  if (t2r_rules_add_text(rules, "fuzz.rules", (const char *)data, size, &d))
    check_refusal(rules, before, &d);
  else {
    classify_lines(rules, sample, sizeof sample - 1);
    classify_lines(rules, (const char *)data, size);
    test_lines(rules, (const char *)data, size);
  }
  t2r_diags_release(&d);
  t2r_rules_free(rules);
  return 0;
}
