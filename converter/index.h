/* index.h - 00-INDEX files: read, turn into index.rst, audit.
 *
 * An 00-INDEX lists a directory: after some header prose, each entry is a
 * name on a line of its own ("foo.txt", "subdir/") followed by indented
 * "- description" lines.  The same entries, read from an index.rst
 * toctree, serve the audit. */
#ifndef T2R_INDEX_H
#define T2R_INDEX_H

#include "buf.h"
#include "diag.h"
#include "rules.h"
#include "source.h"

#include <stddef.h>

typedef struct {
  size_t first, last;  /* lines of the entry, inclusive (name, text) */
  size_t name_beg, name_len; /* the name, as bytes of the source */
  size_t desc_first;   /* first description line, or last + 1 */
} t2r_index_entry;

typedef struct {
  t2r_index_entry *items;
  size_t len;
  size_t header_end; /* lines before the first entry */
} t2r_index;

/* Reads the entries of an 00-INDEX.  Returns 0, or -1 when the text does
 * not have the shape (no entry). */
int t2r_index_parse(const t2r_source *src, t2r_index *idx);
void t2r_index_release(t2r_index *idx);

/* Is the entry name [p, p+n) a document (or a directory of them) rather
 * than a script, source file or image? */
int t2r_index_is_document(const char *p, size_t n);

/* Converts an 00-INDEX into index.rst text: the directory's name as title
 * ('title', may be NULL for "Index"), the header prose, a hidden toctree
 * of the documents, and a definition list whose terms link them with
 * :doc: (other entries, and listed documents 'exists' does not find,
 * stay plain) and whose definitions are the descriptions.  The result goes through the normal conversion, so it is
 * valid RST; its edits and notes are left in 'diags'.  Returns 0. */
/* Tells whether the listed 'name' ("foo.txt", "sub/"), relative to the
 * index's directory, is present (converted or not). */
typedef int (*t2r_index_exists)(void *ctx, const char *name);

int t2r_index_convert(const t2r_rules *rules, const t2r_source *src,
                      const t2r_index *idx, const char *title,
                      t2r_index_exists exists, void *ctx, t2r_buf *out,
                      t2r_diags *diags);

/* Adds document 'entry' to the first toctree of the index.rst text in
 * 'text': in name order among its entries, or after its options when it
 * has none; a text without a toctree gets one at its end.  Returns 0 when
 * the entry was there already (also as "Title <entry>"). */
int t2r_toctree_add(t2r_buf *text, const char *entry);
/* Removes document 'entry' from the first toctree of 'text'.  Returns 1
 * when it was listed there. */
int t2r_toctree_remove(t2r_buf *text, const char *entry);
/* The document that the toctree entry [p, p+n) names: all of it, or the
 * "name" of "Title <name>".  Returns its length and sets '*name'. */
size_t t2r_toctree_entry(const char *p, size_t n, const char **name);

typedef struct {
  const char **excludes; /* fnmatch patterns on names */
  size_t nexcludes;
  int fix;               /* add missing entries, drop stale ones */
} t2r_audit_options;

typedef struct {
  size_t missing, stale, order;
} t2r_audit_counts;

/* Audits the index of directory 'dir' (its 00-INDEX, else its index.rst
 * toctree) against the directory's contents; appends one finding a line
 * to 'report' ("missing: x", "stale: y (did you mean z?)", "order: a
 * should come before b").  With 'fix', rewrites the index atomically.
 * Returns 0, -1 with "path: reason" in 'diags', or T2R_ERR_NOMEM when
 * memory ran out (the index unchanged). */
int t2r_audit_index(const char *dir, const t2r_audit_options *opt,
                    t2r_buf *report, t2r_audit_counts *counts,
                    t2r_diags *diags);

#endif
