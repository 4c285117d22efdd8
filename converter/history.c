/* history.c - first-parent history of HEAD as a stream of path changes. */
#include "history.h"

#include <string.h>

/* libgit2's delta status as our change kind; -1 for the ones that are no
 * change of content or place (type changes are modifications). */
static int change_kind(git_delta_t status) {
  switch (status) {
  case GIT_DELTA_ADDED:
  case GIT_DELTA_COPIED:
    return T2R_CHANGE_ADDED;
  case GIT_DELTA_MODIFIED:
  case GIT_DELTA_TYPECHANGE:
    return T2R_CHANGE_MODIFIED;
  case GIT_DELTA_DELETED:
    return T2R_CHANGE_DELETED;
  case GIT_DELTA_RENAMED:
    return T2R_CHANGE_RENAMED;
  default:
    return -1;
  }
}

/* Does the diff hold a deletion and an addition, the makings of a rename? */
static int may_rename(const git_diff *diff) {
  int deleted = 0, added = 0;
  size_t n = git_diff_num_deltas(diff);
  for (size_t i = 0; i < n && !(deleted && added); i++) {
    git_delta_t s = git_diff_get_delta(diff, i)->status;
    deleted |= s == GIT_DELTA_DELETED;
    added |= s == GIT_DELTA_ADDED;
  }
  return deleted && added;
}

/* Reports the changes 'commit' made to its first parent; returns the
 * callback's verdict (non-zero: stop), or -1 on a git error. */
static int report_commit(git_repository *repo, git_commit *commit,
                         const t2r_history_options *o, t2r_change_fn fn,
                         void *payload) {
  git_tree *tree = NULL, *parent_tree = NULL;
  git_commit *parent = NULL;
  git_diff *diff = NULL;
  char *prefix = (char *)o->prefix;
  git_diff_options dopts;
  git_diff_options_init(&dopts, GIT_DIFF_OPTIONS_VERSION);
  dopts.pathspec.strings = &prefix;
  dopts.pathspec.count = prefix[0] != '\0'; /* "" is the whole tree */
  int rc = -1;
  if (git_commit_tree(&tree, commit) != 0 ||
      (git_commit_parentcount(commit) > 0 &&
       (git_commit_parent(&parent, commit, 0) != 0 ||
        git_commit_tree(&parent_tree, parent) != 0)) ||
      git_diff_tree_to_tree(&diff, repo, parent_tree, tree, &dopts) != 0)
    goto done;
  if (o->renames && may_rename(diff)) {
    git_diff_find_options fopts;
    git_diff_find_options_init(&fopts, GIT_DIFF_FIND_OPTIONS_VERSION);
    fopts.flags = GIT_DIFF_FIND_RENAMES;
    fopts.rename_limit = 1000; /* a book's worth of moved documents */
    if (git_diff_find_similar(diff, &fopts) != 0)
      goto done;
  }
  rc = 0;
  long long time = (long long)git_commit_time(commit);
  size_t n = git_diff_num_deltas(diff);
  for (size_t i = 0; i < n && !rc; i++) {
    const git_diff_delta *d = git_diff_get_delta(diff, i);
    int kind = change_kind(d->status);
    if (kind < 0)
      continue;
    t2r_change c = {(t2r_change_kind)kind,
                    kind == T2R_CHANGE_ADDED ? NULL : d->old_file.path,
                    kind == T2R_CHANGE_DELETED ? NULL : d->new_file.path, time};
    rc = fn(&c, payload) ? 1 : 0;
  }
done:
  git_diff_free(diff);
  git_tree_free(parent_tree);
  git_commit_free(parent);
  git_tree_free(tree);
  return rc;
}

int t2r_history_walk(git_repository *repo, const t2r_history_options *o,
                     t2r_change_fn fn, void *payload, t2r_history_end *end) {
  memset(end, 0, sizeof *end);
  git_revwalk *walk = NULL;
  if (git_repository_head_unborn(repo) == 1) {
    end->reached_root = 1;
    return 0;
  }
  if (git_revwalk_new(&walk, repo) != 0 || git_revwalk_push_head(walk) != 0) {
    git_revwalk_free(walk);
    return -1;
  }
  git_revwalk_simplify_first_parent(walk);
  git_oid id;
  int rc = 0, next;
  while ((next = git_revwalk_next(&id, walk)) == 0) {
    git_commit *commit;
    if (git_commit_lookup(&commit, repo, &id) != 0) {
      rc = -1;
      break;
    }
    long long time = (long long)git_commit_time(commit);
    if (o->since && time < o->since) {
      git_commit_free(commit);
      break;
    }
    end->commits++;
    end->oldest = time;
    end->reached_root = git_commit_parentcount(commit) == 0;
    rc = report_commit(repo, commit, o, fn, payload);
    git_commit_free(commit);
    if (rc || (o->max_commits && end->commits == o->max_commits))
      break;
  }
  git_revwalk_free(walk);
  if (next != 0 && next != GIT_ITEROVER)
    rc = -1;
  return rc < 0 ? -1 : 0;
}
