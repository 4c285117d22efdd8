/* gitmod.c - the table txt2rst-git.so exports (see gitmod.h). */
#include "gitmod.h"

#include "emit_patch.h"
#include "txt2rst.h"

#include <git2.h>

static void libgit2_version(int *major, int *minor, int *rev) {
  git_libgit2_version(major, minor, rev);
}

extern const t2r_gitmod t2r_gitmod_entry;
const t2r_gitmod t2r_gitmod_entry = {
    T2R_VERSION,   t2r_batch_run, t2r_audit_refs,
    t2r_audit_age, t2r_emit_diff, libgit2_version,
};
