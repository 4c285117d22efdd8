/* emit_patch.h - the change as a unified diff, as git prints a rename.
 *
 * libgit2 computes the hunks and the blob ids, so that the output is the
 * diff git itself would show for "git mv old new" plus the edits. */
#ifndef T2R_EMIT_PATCH_H
#define T2R_EMIT_PATCH_H

#include "buf.h"

#include <stddef.h>

/* Appends to 'out' the diff from 'old' (at 'old_path') to 'new' (at
 * 'new_path'): "diff --git", similarity and rename lines when the paths
 * differ, "index", then the hunks.  Returns 0, or -1 with a reason in
 * 'out' replaced by libgit2's message. */
int t2r_emit_diff(const char *old_path, const char *old, size_t old_len,
                  const char *new_path, const char *new_text, size_t new_len,
                  t2r_buf *out);

/* Git's similarity index (0-100) of 'new' to 'old': the share of the
 * larger side's bytes that sit in unchanged lines. */
unsigned t2r_similarity(const char *old, size_t old_len, const char *new_text,
                        size_t new_len);

#endif
