/* check_inline.c - which inline start-strings need a backslash, following
 * docutils' own rules. */
#include "testutil.h"

#include "inline.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
  const char *text;
  const char *escapes; /* offsets as "3,7", "" for none */
} cases[] = {
    {"a *b", "2"},                      /* emphasis without end */
    {"*a* and **b**", ""},              /* valid emphasis and strong */
    {"a**b", ""},                       /* inside a word: not a start */
    {"int *p;", "4"},                   /* C pointer */
    {"(*) and \"*\"", ""},              /* quoted start-strings */
    {"2*3*4", ""},                      /* no start-string */
    {"block/*/device", "6"},            /* a glob in a path */
    {"set CONFIG_ to y", "10"},         /* reference without target */
    {"foo_bar baz", ""},                /* underscore inside a name */
    {"see `this' file", "4"},           /* backquote quoting */
    {"``literal`` and `title`", ""},    /* valid literal and interpreted */
    {"a |b| c", "2"},                   /* undefined substitution */
    {"a | b", ""},                      /* a lone bar between blanks */
    {"see [1]_ below", "4"},            /* footnote without footnote */
    {"`link <http://x.org>`_", ""},     /* embedded target */
    {"`name`_", "0"},                   /* phrase reference, no target */
    {":c:func:`kmalloc`", ""},          /* known Sphinx role */
    {":bogus:`x`", "7"},                /* unknown role */
    {":PEP:`8` and :Func:`f`", ""},      /* roles' names in any case */
    {"a\\*b *c", "5"},                  /* an escaped one is skipped */
    {"http://x.org/a_b_", "16"},        /* reference at a URL's end */
    {"foo *p, and a/*", "4"},           /* asterisks pairing by accident */
    {"see *the whole manual* now", ""},  /* emphasis meant as such */
    {"**$(src)/scripts/gcc-plugins**", ""}, /* strong with code in it */
    {"a *$(src)/x* b", "2"},            /* emphasis with code: stray */
    {"**Please do NOT report BPF issues to bugzilla.kernel.org since it\n"
     "is a guarantee that the issue will be overlooked.**", ""}, /* long strong */
    {"a *b c d e f g h i* j", "2"},     /* long emphasis: stray */
    {"DOS\\0 and \\\\srv\\share", "3,15"}, /* a backslash that is text */
    {"a\\\\0 and \\ b", ""},          /* escaped backslash; a lone one */
    {"Andale\\ Mono and /!\\ x", "6,19"}, /* an escaped space is removed */
    {"``struct``\\ s and a\\ ``b``", ""}, /* RST joining markup to words */
    {"``a\\b`` and :c:func:`x\\y`", ""}, /* inside markup it stays */
    {"see *xeon\\_b2b*.", ""},          /* an escape inside emphasis */
    {"foo_bar then *x", "13"},          /* a later word after one that starts nothing */
    {"a_b\n*c", "4"},                   /* a line break ends a word */
    {"CONFIG_\tx", "6"},                /* the blank after a word is looked at */
};

START_TEST(inline_finds_escapes) {
  t2r_inline *in = t2r_inline_new();
  t2r_names names;
  t2r_names_init(&names);
  size_t *offs = NULL, cap = 0;
  size_t n = t2r_inline_scan(in, cases[_i].text, strlen(cases[_i].text),
                             &names, &offs, &cap);
  char got[128] = "";
  for (size_t k = 0; k < n; k++)
    snprintf(got + strlen(got), sizeof got - strlen(got), "%s%zu",
             k ? "," : "", offs[k]);
  free(offs);
  t2r_inline_free(in);
  ck_assert_msg(!strcmp(got, cases[_i].escapes), "\"%s\": escapes at \"%s\", "
                "want \"%s\"", cases[_i].text, got, cases[_i].escapes);
}
END_TEST

/* An end-string is sought within a bounded window: a literal that would
 * close 5000 bytes later is taken as a stray start, so that a paragraph
 * of stray marks costs linear time. */
START_TEST(inline_end_search_is_bounded) {
  t2r_inline *in = t2r_inline_new();
  t2r_names names;
  t2r_names_init(&names);
  size_t *offs = NULL, cap = 0;
  for (size_t gap = 100; gap <= 5000; gap += 4900) {
    char *text = malloc(gap + 5);
    memcpy(text, "``", 2);
    memset(text + 2, 'a', gap);
    memcpy(text + 2 + gap, "``", 3);
    size_t n = t2r_inline_scan(in, text, strlen(text), &names, &offs, &cap);
    ck_assert_uint_eq(n, gap > 4096); /* near: a literal; far: escaped */
    free(text);
  }
  free(offs);
  t2r_inline_free(in);
}
END_TEST

START_TEST(inline_keeps_defined_names) {
  t2r_inline *in = t2r_inline_new();
  t2r_names names;
  t2r_names_init(&names);
  t2r_names_add(&names, "Foo  Bar", 8);
  size_t *offs = NULL, cap = 0;
  const char *text = "see `foo bar`_ and foo_ here";
  size_t n = t2r_inline_scan(in, text, strlen(text), &names, &offs, &cap);
  ck_assert_uint_eq(n, 1); /* foo_ is not defined */
  ck_assert_uint_eq(offs[0], 22);
  free(offs);
  t2r_names_release(&names);
  t2r_inline_free(in);
}
END_TEST

int main(void) {
  Suite *s = suite_create("inline");
  TCase *tc = tcase_create("core");
  tcase_add_loop_test(tc, inline_finds_escapes, 0,
                      (int)(sizeof cases / sizeof *cases));
  tcase_add_test(tc, inline_keeps_defined_names);
  tcase_add_test(tc, inline_end_search_is_bounded);
  suite_add_tcase(s, tc);
  return test_run(s);
}
