/* testutil.c - shared helpers of the Check suites. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const t2r_rules *test_rules(void) {
  static t2r_rules *rules;
  if (!rules) {
    t2r_diags diags;
    t2r_diags_init(&diags);
    rules = t2r_rules_new();
    if (t2r_rules_add_path(rules, T2R_TEST_RULES_DIR, &diags) != 0) {
      fprintf(stderr, "cannot load %s: %s\n", T2R_TEST_RULES_DIR,
              diags.len ? diags.items[0].text : "?");
      abort();
    }
    t2r_diags_release(&diags);
  }
  return rules;
}

char *test_convert(const char *in) {
  t2r_result res;
  t2r_result_init(&res);
  if (t2r_convert(test_rules(), in, strlen(in), &res) != T2R_OK) {
    t2r_result_release(&res);
    return NULL;
  }
  char *out = t2r_buf_detach(&res.rst, NULL);
  t2r_result_release(&res);
  return out;
}

char *test_convert_as_text(const char *in) {
  t2r_file_options opt = {.flags = T2R_AS_TEXT};
  t2r_result res;
  t2r_result_init(&res);
  int rc = t2r_convert_file(test_rules(), "-", in, strlen(in), &opt, &res);
  char *out = rc == T2R_OK ? t2r_buf_detach(&res.rst, NULL) : NULL;
  t2r_result_release(&res);
  return out;
}

char *test_tree(const char *in) {
  t2r_result res;
  t2r_result_init(&res);
  t2r_convert(test_rules(), in, strlen(in), &res);
  t2r_buf b;
  t2r_buf_init(&b);
  int depth = 0;
  t2r_node *n = t2r_tree_root(res.tree);
  while ((n = t2r_tree_next(n, &depth)) != NULL) {
    if (b.len)
      t2r_buf_putc(&b, ' ');
    t2r_buf_puts(&b, t2r_node_kind_name(n->kind));
  }
  t2r_result_release(&res);
  return t2r_buf_detach(&b, NULL);
}

size_t test_notes(const char *in) {
  t2r_result res;
  t2r_result_init(&res);
  t2r_convert(test_rules(), in, strlen(in), &res);
  size_t n = t2r_diags_count(&res.diags, T2R_DIAG_NOTE);
  t2r_result_release(&res);
  return n;
}

int test_run(Suite *s) {
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
