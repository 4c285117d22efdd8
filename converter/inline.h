/* inline.h - find the inline markup docutils would misread, and escape it.
 *
 * The scanner follows docutils' own inline parser (parsers/rst/states.py,
 * Inliner.parse): the same start-string, end-string and "quoted" rules,
 * ported to PCRE2.  It reports the byte offsets where a backslash makes
 * a stray '*', '`', '|', 'name_' or '[1]_' plain text, and leaves every
 * construct docutils reads without a message alone. */
#ifndef T2R_INLINE_H
#define T2R_INLINE_H

#include <stddef.h>

typedef struct t2r_inline t2r_inline;

/* Names the document defines: targets, footnotes, substitutions; a
 * reference to one of them is kept. */
typedef struct {
  char **items; /* normalised: lower case, blanks folded */
  size_t len, cap;
  int entity_sets; /* a docutils entity set is included (".. include::
                      <isonum.txt>"): a |name| may be one of its */
  int anonymous;   /* it has anonymous targets (".. __: URL", "__ URL"),
                      so a `text`__ or name__ may lead to one */
} t2r_names;

t2r_inline *t2r_inline_new(void);
void t2r_inline_free(t2r_inline *in);

void t2r_names_init(t2r_names *names);
/* Adds [p, p+n), normalised. */
void t2r_names_add(t2r_names *names, const char *p, size_t n);
void t2r_names_release(t2r_names *names);

/* Scans the paragraph text [p, p+n) (lines joined by '\n', no
 * indentation) and appends to 'offs' the offsets before which a backslash
 * is needed, in increasing order.  Returns how many were appended; 'offs'
 * is grown with t2r_xrealloc and '*cap' updated. */
size_t t2r_inline_scan(t2r_inline *in, const char *p, size_t n,
                       const t2r_names *names, size_t **offs, size_t *cap);

#endif
