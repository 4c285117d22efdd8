/* testutil.h - shared helpers of the Check suites. */
#ifndef T2R_TESTUTIL_H
#define T2R_TESTUTIL_H

#include "txt2rst.h"

#include <check.h>

/* The rules of the source tree (rules/), loaded once; aborts if they do
 * not load, since every conversion test depends on them. */
const t2r_rules *test_rules(void);
/* Converts the NUL-terminated 'in'; returns the output (caller frees). */
char *test_convert(const char *in);
/* As test_convert, also for a text that declares itself RST (--as-text). */
char *test_convert_as_text(const char *in);
/* Converts 'in' and returns its node tree as "kind kind ..." in document
 * order, without the document node (caller frees). */
char *test_tree(const char *in);
/* Number of review notes a conversion of 'in' leaves. */
size_t test_notes(const char *in);

/* Runs suite 's' and frees it; returns the process exit status. */
int test_run(Suite *s);

#endif
