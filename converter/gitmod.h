/* gitmod.h - the commands that need libgit2, in a module loaded on demand.
 *
 * Loading libgit2 and the libraries it pulls in (TLS, SSH, HTTP, zlib)
 * takes longer than converting a typical document, and only --batch,
 * --diff and the reference and age audits use it.  Those live in
 * txt2rst-git.so, which the binary opens when one of them is asked for;
 * the module takes the rest of the library (conversion, buffers,
 * diagnostics) from the binary that opens it. */
#ifndef T2R_GITMOD_H
#define T2R_GITMOD_H

#include "age.h"
#include "batch.h"
#include "buf.h"
#include "refs.h"

#include <stddef.h>

typedef struct {
  const char *version; /* T2R_VERSION: a module of another build is refused */
  int (*batch_run)(const t2r_rules *rules, const t2r_batch_options *opt,
                   t2r_diags *diags, t2r_batch_stats *stats);
  int (*audit_refs)(const char *dir, int fix, t2r_buf *report,
                    t2r_refs_counts *counts, t2r_diags *diags);
  int (*audit_age)(const char *dir, t2r_buf *report, t2r_age_counts *counts,
                   t2r_diags *diags);
  /* t2r_emit_diff (emit_patch.h) */
  int (*emit_diff)(const char *old_path, const char *old, size_t old_len,
                   const char *new_path, const char *new_text, size_t new_len,
                   t2r_buf *out);
  void (*libgit2_version)(int *major, int *minor, int *rev);
} t2r_gitmod;

/* The module's one exported object. */
#define T2R_GITMOD_SYMBOL "t2r_gitmod_entry"
#define T2R_GITMOD_FILE "txt2rst-git.so"

/* Opens the module (once; later calls return the same table): beside the
 * binary (a build tree), else in the installed library directory relative
 * to it ('module_dir', from the binary's directory).  NULL when it cannot
 * be loaded, with "path: reason" in 'why'. */
const t2r_gitmod *t2r_gitmod_load(const char *module_dir, t2r_buf *why);

#endif
