/* rules.h - rules as data: load rules/ files, compile PCRE2, classify.
 *
 * A rule gives a line a textual class (code, drawing, prose, ...) when its
 * pattern matches.  The format, one rule per stanza:
 *
 *     # comment
 *     rule c-preprocessor
 *       class  code
 *       match  ^\s*#\s*(include|define|if|ifdef|ifndef|endif)\b
 *       needs  #
 *       why    a C preprocessor line is source code
 *
 * A rule may give more than one class ("class  code prompt").
 * Patterns are PCRE2 (UTF, invalid UTF tolerated, JIT when available)
 * matched against the whole line without its line ending.  The optional
 * 'needs' lists bytes ('\xHH' for any) of which a matching line holds at
 * least one; other lines skip the pattern.  Structural decisions stay in
 * C; rules say what words and symbols mean.
 *
 * A test is a pattern the structural stage asks of a piece of text it is
 * deciding on (is a first title's text a part any document has?), not
 * matched to every line:
 *
 *     test common-part
 *       match  ^(?i:introduction|overview)[: ]*$
 *       why    a part any document has is no document's own title
 *
 * Every test of a name is tried: a later file adds words to a test. */
#ifndef T2R_RULES_H
#define T2R_RULES_H

#include "diag.h"

#include <stddef.h>

typedef struct t2r_rules t2r_rules;
typedef struct t2r_matcher t2r_matcher;

t2r_rules *t2r_rules_new(void);
void t2r_rules_free(t2r_rules *rules);

/* Parses and compiles the rules in 'text' (named 'path' in messages) into
 * 'rules'.  Returns 0, or -1 with "path:line: reason" in 'diags' and
 * 'rules' as it was. */
int t2r_rules_add_text(t2r_rules *rules, const char *path, const char *text,
                       size_t len, t2r_diags *diags);
/* Reads 'path', a rule file, or a directory whose *.rules files are read
 * in name order.  Returns 0, or -1 with the reason in 'diags' and 'rules'
 * as it was. */
int t2r_rules_add_path(t2r_rules *rules, const char *path, t2r_diags *diags);
/* How many rules and tests 'rules' holds. */
size_t t2r_rules_count(const t2r_rules *rules);
/* Whether patterns are compiled to machine code: yes, unless the
 * environment sets TXT2RST_NO_JIT (for valgrind, which cannot follow JIT
 * code, and for hosts that forbid executable memory) or t2r_set_jit(0)
 * was called.  Either way the patterns match the same. */
int t2r_use_jit(void);
/* Compiling the patterns to machine code costs about 3 ms, which
 * matching repays from about 40 kB of input on: a caller that knows its
 * input is smaller turns it off, before compiling anything and before
 * starting threads (it applies to the patterns compiled afterwards). */
void t2r_set_jit(int wanted);

/* Per-conversion match state (PCRE2 match data); one per thread. */
t2r_matcher *t2r_matcher_new(const t2r_rules *rules);
void t2r_matcher_free(t2r_matcher *m);

/* Classes (T2R_TEXT_* bits) of the line [p, p+n); '*rule' gets the name
 * of the first matching rule, or NULL.  A rule whose classes the line has
 * already is not tried. */
unsigned t2r_rules_classify(t2r_matcher *m, const char *p, size_t n,
                            const char **rule);

/* The tests the structural stage asks, by name in a rule file. */
typedef enum {
  T2R_TEST_COMMON_PART,   /* "common-part": "Introduction", "Overview" */
  T2R_TEST_STATEMENT,     /* "statement": a line saying something of its
                             subject ("The driver is ..."), not naming it */
  T2R_TEST_SENTENCE_WORD, /* "sentence-word": a word a sentence says
                             something with ("describes", "this") */
  T2R_TEST_INTRODUCES,    /* "introduces": a label introducing what
                             follows ("The supported ioctls are:") */
  T2R_TEST_RST_MARKUP,    /* "rst-markup": a line only RST writes
                             (".. note::", ".. _target:") */
  T2R_TESTS
} t2r_test;

/* Does a test of kind 'test' match [p, p+n)?  No, when no rule file
 * defines one. */
int t2r_rules_test(t2r_matcher *m, t2r_test test, const char *p, size_t n);

#endif
