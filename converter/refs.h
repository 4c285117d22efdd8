/* refs.h - the reference audit: references to documentation that is not
 * there.
 *
 * Every tracked text file of a git work tree is read for references to
 * documentation: "Documentation/..." paths anywhere (MAINTAINERS F:
 * lines, Kconfig <file:...>, C comments, other documents), and, in .rst
 * files, :doc: targets and toctree entries.  A reference whose target is
 * neither a tracked file nor a directory holding one is a finding, with
 * a suggestion: where git history says the target was renamed to (the
 * first-parent line of HEAD, renames followed to a path that is there),
 * else the one document of the same name (foo.txt -> foo.rst, moved or
 * not) that is the likely target. */
#ifndef T2R_REFS_H
#define T2R_REFS_H
#include "buf.h"
#include "diag.h"
#include <stddef.h>

typedef struct {
  size_t files;      /* text files read */
  size_t references; /* references checked */
  size_t broken;     /* of them, to nothing */
  size_t suggested;  /* of those, with a suggestion */
  size_t fixed;      /* rewritten (with 'fix') */
} t2r_refs_counts;

/* Audits the work tree holding 'dir'; appends one finding a line to
 * 'report': "file:line: broken: TARGET" and " (did you mean PATH?)" when
 * there is a suggestion.  With 'fix', a Documentation/ path whose
 * suggestion is certain (a recorded rename, or the only document of its
 * name) is rewritten in its file (atomically), reported as
 * "file:line: fixed: OLD -> NEW"; the fixed files are put in place
 * together, so that a failure changes none.  Returns 0, -1 with "path:
 * reason" in 'diags', or T2R_ERR_NOMEM when memory ran out (nothing
 * changed). */
int t2r_audit_refs(const char *dir, int fix, t2r_buf *report,
                   t2r_refs_counts *counts, t2r_diags *diags);

#endif
