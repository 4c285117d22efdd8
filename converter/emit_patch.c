/* emit_patch.c - unified diffs through libgit2's diff machinery. */
#include "emit_patch.h"

#include <git2.h>
#include <string.h>

static void ensure_libgit2(void) {
  static int ready;
  if (!ready) {
    git_libgit2_init();
    ready = 1;
  }
}

static git_patch *make_patch(const char *old_path, const char *old,
                             size_t old_len, const char *new_path,
                             const char *new_text, size_t new_len) {
  ensure_libgit2();
  git_diff_options opts;
  git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
  opts.id_abbrev = 7;
  git_patch *patch = NULL;
  if (git_patch_from_buffers(&patch, old, old_len, old_path, new_text, new_len,
                             new_path, &opts) != 0)
    return NULL;
  return patch;
}

unsigned t2r_similarity(const char *old, size_t old_len, const char *new_text,
                        size_t new_len) {
  size_t larger = old_len > new_len ? old_len : new_len;
  if (!larger)
    return 100;
  git_patch *patch = make_patch("a", old, old_len, "b", new_text, new_len);
  if (!patch)
    return 0;
  size_t changed = 0;
  for (size_t h = 0; h < git_patch_num_hunks(patch); h++) {
    int lines = git_patch_num_lines_in_hunk(patch, h);
    for (int l = 0; l < lines; l++) {
      const git_diff_line *dl;
      if (git_patch_get_line_in_hunk(&dl, patch, h, (size_t)l) == 0 &&
          dl->origin == GIT_DIFF_LINE_DELETION)
        changed += dl->content_len;
    }
  }
  git_patch_free(patch);
  size_t kept = old_len > changed ? old_len - changed : 0;
  return (unsigned)(kept * 100 / larger);
}

static int fail(t2r_buf *out) {
  const git_error *e = git_error_last();
  t2r_buf_reset(out);
  t2r_buf_puts(out, e && e->message ? e->message : "diff failed");
  return -1;
}

int t2r_emit_diff(const char *old_path, const char *old, size_t old_len,
                  const char *new_path, const char *new_text, size_t new_len,
                  t2r_buf *out) {
  git_patch *patch =
      make_patch(old_path, old, old_len, new_path, new_text, new_len);
  if (!patch)
    return fail(out);
  git_buf text = GIT_BUF_INIT;
  if (git_patch_to_buf(&text, patch) != 0) {
    git_patch_free(patch);
    return fail(out);
  }
  int renamed = strcmp(old_path, new_path) != 0;
  if (!text.size) { /* identical: git still shows the rename */
    if (renamed)
      t2r_buf_printf(out,
                     "diff --git a/%s b/%s\nsimilarity index 100%%\n"
                     "rename from %s\nrename to %s\n",
                     old_path, new_path, old_path, new_path);
  } else {
    const char *nl = memchr(text.ptr, '\n', text.size);
    size_t head = nl ? (size_t)(nl - text.ptr) + 1 : text.size;
    t2r_buf_put(out, text.ptr, head);
    if (renamed)
      t2r_buf_printf(out, "similarity index %u%%\nrename from %s\nrename to %s\n",
                     t2r_similarity(old, old_len, new_text, new_len), old_path,
                     new_path);
    t2r_buf_put(out, text.ptr + head, text.size - head);
  }
  git_buf_dispose(&text);
  git_patch_free(patch);
  return 0;
}
