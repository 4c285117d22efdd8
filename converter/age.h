/* age.h - the age audit: documents that look obsolete, and the evidence.
 *
 * A document is suspect when
 *  - every kernel version it names ("Linux 2.2", "2.4.x kernels") is two
 *    or more major versions before the tree's (its top Makefile's
 *    VERSION and PATCHLEVEL);
 *  - it names files under the tree's top-level directories that are not
 *    there, CONFIG_ options that no Kconfig file defines, or functions
 *    ("foo_bar()") that appear in no C source;
 *  - git has not changed it in the five years before HEAD.
 * Each kind is looked for only where the tree can tell: options when it
 * has Kconfig files, functions when it has C sources.  Documents are
 * ranked by a score that weighs the evidence; nothing is changed. */
#ifndef T2R_AGE_H
#define T2R_AGE_H

#include "buf.h"
#include "diag.h"

#include <stddef.h>

typedef struct {
  size_t documents; /* read */
  size_t flagged;   /* with evidence */
  int major, minor; /* the tree's kernel version; major 0 when unknown */
  size_t options;   /* Kconfig symbols known */
  size_t sources;   /* C files read */
  size_t commits;   /* history read */
} t2r_age_counts;

/* Audits the documents under 'dir' (in a git work tree); appends to
 * 'report', best-ranked first, a line "PATH: score N" per suspect
 * document, then its evidence a line each, indented.  Returns 0, -1 with
 * "path: reason" in 'diags', or T2R_ERR_NOMEM when memory ran out. */
int t2r_audit_age(const char *dir, t2r_buf *report, t2r_age_counts *counts,
                  t2r_diags *diags);

#endif
