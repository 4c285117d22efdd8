/* batch.c - a subtree into a patch series, a dry-run diff, or in place.
 *
 * The repository is read through libgit2; every object the run creates
 * (blobs, trees, commits) goes to an in-memory object store placed in
 * front of the repository's own, so that nothing is written to .git.  The
 * evolving tree is an in-memory index started from HEAD; each patch is a
 * commit on top of the previous one, and git itself (git am) can replay
 * the series because the diffs carry real blob ids. */
#define _GNU_SOURCE /* memmem, realpath */
#include "batch.h"

#include "buf.h"
#include "diffstat.h"
#include "emit_patch.h"
#include "gitsetup.h"
#include "fileio.h"
#include "index.h"
#include "moves.h"
#include "pool.h"
#include "source.h"
#include "txt2rst.h"

#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <git2.h>
#include <limits.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_DOC_BYTES (64u << 20) /* larger files are not documents */
#define MAX_LISTED_RENAMES 20     /* a commit message lists at most these */
#define OBJECT_CACHE_LIMIT (1 << 20) /* larger files and trees are read
                                      again when used */

/* Paths never converted: their own formats (kernel conventions). */
static const char *const default_excludes[] = {"devicetree/bindings/",
                                               "ABI/"};

/* A document being converted. */
typedef struct {
  char *path, *new_path; /* repository paths */
  git_oid converted_id;  /* the content 'converted' was made from */
  t2r_job *converted;    /* its conversion, made ahead; NULL when none */
  size_t moved;          /* 1 + the move that places it; 0: renamed */
  char *current;         /* where it is now in the evolving tree */
  t2r_diags diags;       /* its conversion's edits and notes, for reports */
  size_t references;     /* references to it fixed elsewhere */
} doc;

/* A change to the state not yet in a commit: the next tree is the last
 * one with these applied, so that only the directories they touch are
 * written again. */
typedef struct {
  char *path;
  git_oid id;
  uint32_t mode;
  int removed;
  size_t order; /* of the change: the last one to a path wins */
} change;

/* "path references doc" */
typedef struct {
  char *path;  /* the referencing file, as in HEAD */
  size_t doc;  /* index in the doc list */
} reference;

typedef struct {
  const t2r_rules *rules;
  const t2r_batch_options *opt; /* the caller's, with .txt2rst's defaults */
  t2r_batch_options settings;   /* what 'opt' points to */
  char *config_from;            /* .txt2rst's "from", owned */
  char *config_adornments;      /* .txt2rst's "adornments", owned */
  char *config_spdx;            /* .txt2rst's "spdx", owned */
  t2r_diags *diags;
  t2r_batch_stats *stats;
  git_repository *repo;
  git_signature *author;
  git_commit *base;    /* HEAD */
  git_commit *tip;     /* the last commit of the series so far */
  git_index *state;    /* the evolving tree */
  char *prefix;        /* the subtree, relative to the work tree, or "" */
  doc *docs;
  size_t ndocs;
  reference *refs;     /* grouped by document (group_references) */
  size_t nrefs;
  size_t *ref_start;   /* document i's: refs[ref_start[i], ref_start[i+1]) */
  git_oid *commits;
  git_strarray *changed; /* commit i's changed paths, sorted */
  size_t ncommits;
  change *changes;       /* since the last commit */
  size_t nchanges;
  char **config_excludes; /* from the repository's .txt2rst */
  size_t nconfig_excludes;
  t2r_rename *renamed;     /* the docs' renames, by old path */
  t2r_renames renames;
  struct doc_base *bases;  /* the docs' file names, sorted */
  size_t nbases;
  t2r_job *jobs;           /* the conversions made ahead */
  size_t njobs;
  t2r_moves moves;
  t2r_writes writes;       /* files written but not yet in place */
  int made_out_dir;        /* the series directory is this run's */
  int unreadable;          /* an object of the tree could not be read */
  int tree_changed;        /* --in-place has put new files in place */
} batch;

static int fail(batch *b, const char *path, const char *why) {
  t2r_diags_add(b->diags, T2R_DIAG_ERROR, 0, 0, NULL, "%s: %s", path, why);
  return -1;
}

static int git_fail(batch *b, const char *what) {
  t2r_git_check_memory();
  const git_error *e = git_error_last();
  return fail(b, what, e && e->message ? e->message : "git error");
}

static char *dup_str(const char *s) { return t2r_strndup(s, strlen(s)); }

/* ------------------------------------------------------------------ setup */

/* Opens the repository holding 'dir' and finds the subtree's path in it. */
static int open_repo(batch *b) {
  char real[PATH_MAX], top[PATH_MAX];
  if (!realpath(b->opt->dir, real))
    return fail(b, b->opt->dir, strerror(errno));
  struct stat st;
  if (stat(real, &st) != 0 || !S_ISDIR(st.st_mode))
    return fail(b, b->opt->dir, "not a directory");
  if (git_repository_open_ext(&b->repo, real, 0, NULL) != 0)
    return fail(b, b->opt->dir, "not inside a git work tree");
  const char *wd = git_repository_workdir(b->repo);
  if (!wd || !realpath(wd, top))
    return fail(b, b->opt->dir, "the repository has no work tree");
  size_t n = strlen(top);
  if (strncmp(real, top, n) || (real[n] && real[n] != '/'))
    return fail(b, b->opt->dir, "outside the repository's work tree");
  b->prefix = dup_str(real[n] ? real + n + 1 : "");
  git_object *head;
  if (git_revparse_single(&head, b->repo, "HEAD^{commit}") != 0)
    return fail(b, b->opt->dir, "the repository has no commit to start from");
  b->base = (git_commit *)head;
  return 0;
}

/* All objects the run creates stay in memory (t2r_git_store_in_memory).
 * The run reads each file of HEAD several times (references, conversion,
 * each diff): libgit2's cache keeps blobs too, instead of inflating the
 * object again, and large trees (a directory of hundreds of files is over
 * the default 4 KiB), which every commit's diff walks again.  Hashing an
 * object again on each read (strict verification, libgit2's default and
 * not git's) took a fifth of a batch run. */
static int keep_objects_in_memory(batch *b) {
#ifdef __GLIBC__
  /* a run frees and allocates again all along (a document's conversion,
   * each diff): handing the heap's top back to the system each time and
   * faulting it in again took a tenth of the run */
  mallopt(M_TRIM_THRESHOLD, INT_MAX);
#endif
  git_libgit2_opts(GIT_OPT_SET_CACHE_OBJECT_LIMIT, GIT_OBJECT_BLOB,
                   (size_t)OBJECT_CACHE_LIMIT);
  git_libgit2_opts(GIT_OPT_SET_CACHE_OBJECT_LIMIT, GIT_OBJECT_TREE,
                   (size_t)OBJECT_CACHE_LIMIT);
  git_libgit2_opts(GIT_OPT_ENABLE_STRICT_OBJECT_CREATION, 0);
  git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
  if (t2r_git_store_in_memory(b->repo) != 0)
    return git_fail(b, "object store");
  return 0;
}

static int find_author(batch *b) {
  if (b->opt->from) {
    const char *lt = strchr(b->opt->from, '<'), *gt = strrchr(b->opt->from, '>');
    if (!lt || !gt || gt < lt)
      return fail(b, b->opt->from, "--from wants \"Name <email>\"");
    char *name = dup_str(b->opt->from), *email = dup_str(lt + 1);
    size_t nl = (size_t)(lt - b->opt->from);
    while (nl && name[nl - 1] == ' ')
      nl--;
    name[nl] = '\0';
    email[gt - lt - 1] = '\0';
    int rc = git_signature_now(&b->author, name, email);
    free(name);
    free(email);
    return rc ? git_fail(b, "--from") : 0;
  }
  if (git_signature_default(&b->author, b->repo) != 0)
    return fail(b, "git config",
                "no user.name and user.email: set them or pass --from");
  return 0;
}

/* The subtree must match HEAD: the series is made against HEAD. */
static int check_clean(batch *b) {
  git_status_options so;
  git_status_options_init(&so, GIT_STATUS_OPTIONS_VERSION);
  so.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS;
  char *spec = b->prefix;
  so.pathspec.strings = &spec;
  so.pathspec.count = b->prefix[0] ? 1 : 0;
  git_status_list *list;
  if (git_status_list_new(&list, b->repo, &so) != 0)
    return git_fail(b, "status");
  size_t n = git_status_list_entrycount(list);
  git_status_list_free(list);
  if (n && !b->opt->force)
    return fail(b, b->opt->dir,
                "has uncommitted changes or untracked files (commit them, "
                "or --force)");
  return 0;
}

/* Sets one "key = value" of the repository's .txt2rst; the command line
 * wins over it.  Returns NULL, or why the line is refused. */
static const char *config_setting(batch *b, const char *key, char *v) {
  t2r_batch_options *o = &b->settings;
  if (!strcmp(key, "exclude")) {
    b->config_excludes = t2r_xrealloc(
        b->config_excludes, (b->nconfig_excludes + 1) * sizeof(char *));
    b->config_excludes[b->nconfig_excludes++] = dup_str(v);
  } else if (!strcmp(key, "split")) {
    t2r_split split = !strcmp(v, "file")  ? T2R_SPLIT_FILE
                      : !strcmp(v, "dir") ? T2R_SPLIT_DIR
                      : !strcmp(v, "one") ? T2R_SPLIT_ONE
                                          : T2R_SPLIT_DEFAULT;
    if (split == T2R_SPLIT_DEFAULT)
      return "split takes file, dir or one";
    if (o->split == T2R_SPLIT_DEFAULT)
      o->split = split;
  } else if (!strcmp(key, "signoff")) {
    if (strcmp(v, "yes") && strcmp(v, "no"))
      return "signoff takes yes or no";
    o->signoff |= !strcmp(v, "yes");
  } else if (!strcmp(key, "from")) { /* a later line wins */
    int from_config = !o->from || o->from == b->config_from;
    free(b->config_from);
    b->config_from = dup_str(v);
    if (from_config)
      o->from = b->config_from;
  } else if (!strcmp(key, "adornments")) {
    if (!t2r_adornments_valid(v))
      return "adornments takes title adornment characters, each once "
             "(such as =-~^)";
    free(b->config_adornments);
    b->config_adornments = dup_str(v);
  } else if (!strcmp(key, "spdx")) {
    if (!t2r_spdx_valid(v))
      return "spdx takes an SPDX licence expression (such as GPL-2.0)";
    int spdx_config = !o->spdx || o->spdx == b->config_spdx;
    free(b->config_spdx);
    b->config_spdx = dup_str(v);
    if (spdx_config)
      o->spdx = b->config_spdx;
  } else {
    return "unknown setting (known: exclude, split, signoff, from, "
           "adornments, spdx)";
  }
  return NULL;
}

/* The repository's ".txt2rst": "key = value" lines ('#' starts a
 * comment).  A line that is not a known setting is an error with its
 * line number. */
static int read_config(batch *b) {
  t2r_buf path, text;
  t2r_buf_init(&path);
  t2r_buf_init(&text);
  t2r_buf_printf(&path, "%s.txt2rst", git_repository_workdir(b->repo));
  int err = t2r_read_file(path.ptr, &text), rc = 0;
  unsigned lineno = 0;
  for (char *line = err ? NULL : text.ptr; line && !rc; lineno++) {
    char *nl = strchr(line, '\n');
    if (nl)
      *nl = '\0';
    line += strspn(line, " \t");
    char *eq = strchr(line, '=');
    if (*line && *line != '#') {
      const char *why = "expected 'key = value'";
      if (eq) {
        char *key_end = eq;
        while (key_end > line && (key_end[-1] == ' ' || key_end[-1] == '\t'))
          key_end--;
        *key_end = '\0';
        char *v = eq + 1 + strspn(eq + 1, " \t"), *e = v + strlen(v);
        while (e > v && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
          *--e = '\0';
        why = config_setting(b, line, v);
      }
      if (why) {
        t2r_diags_add(b->diags, T2R_DIAG_ERROR, 0, 0, NULL, "%s:%u: %s",
                      path.ptr, lineno + 1, why);
        rc = -1;
      }
    }
    line = nl ? nl + 1 : NULL;
  }
  if (err && err != ENOENT)
    rc = fail(b, path.ptr, strerror(err));
  if (b->settings.split == T2R_SPLIT_DEFAULT)
    b->settings.split = T2R_SPLIT_FILE;
  t2r_buf_release(&path);
  t2r_buf_release(&text);
  return rc;
}

/* ------------------------------------------------------------ selection */

static int excluded(const batch *b, const char *path) {
  for (size_t i = 0; i < b->opt->nexcludes; i++)
    if (!fnmatch(b->opt->excludes[i], path, 0))
      return 1;
  for (size_t i = 0; i < b->nconfig_excludes; i++)
    if (!fnmatch(b->config_excludes[i], path, 0))
      return 1;
  for (size_t i = 0; i < sizeof default_excludes / sizeof *default_excludes;
       i++) {
    const char *d = default_excludes[i];
    const char *hit = strstr(path, d);
    if (hit && (hit == path || hit[-1] == '/'))
      return 1;
  }
  return 0;
}

/* Legacy documents by name: foo.txt, extension-less prose (README, HOWTO,
 * hwmon chip notes), and README.foo-style notes. */
static int document_name(const char *name) {
  static const char *const not_docs[] = {"Makefile", "Kconfig", "Kbuild"};
  static const char *const notes[] = {"README.", "ChangeLog.", "LICENSE.",
                                      "HOWTO.", "TODO."};
  const char *dot = strchr(name, '.');
  if (name[0] == '.')
    return 0;
  if (!dot) {
    for (size_t i = 0; i < sizeof not_docs / sizeof *not_docs; i++)
      if (!strncmp(name, not_docs[i], strlen(not_docs[i])))
        return 0;
    return 1;
  }
  if (!strcmp(strrchr(name, '.'), ".txt"))
    return 1;
  for (size_t i = 0; i < sizeof notes / sizeof *notes; i++)
    if (!strncmp(name, notes[i], strlen(notes[i])))
      return 1;
  return 0;
}

static int is_index(const char *path) {
  const char *slash = strrchr(path, '/');
  return !strcmp(slash ? slash + 1 : path, "00-INDEX");
}

/* foo.txt -> foo.rst, README -> README.rst, 00-INDEX -> index.rst. */
static char *rst_path(const char *path) {
  t2r_buf b;
  t2r_buf_init(&b);
  size_t n = strlen(path);
  const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  if (is_index(path)) {
    t2r_buf_put(&b, path, (size_t)(base - path));
    t2r_buf_puts(&b, "index.rst");
    return t2r_buf_detach(&b, NULL);
  }
  if (n > 4 && !strcmp(path + n - 4, ".txt"))
    n -= 4;
  t2r_buf_put(&b, path, n);
  t2r_buf_puts(&b, ".rst");
  return t2r_buf_detach(&b, NULL);
}

static void add_doc(batch *b, const char *path) {
  b->docs = t2r_xrealloc(b->docs, (b->ndocs + 1) * sizeof *b->docs);
  doc *d = &b->docs[b->ndocs++];
  d->path = dup_str(path);
  d->new_path = rst_path(path);
  d->current = dup_str(path);
  d->converted = NULL;
  d->moved = 0;
  t2r_diags_init(&d->diags);
  d->references = 0;
}

/* Reads the blob of 'path', named by a tree or the index.  Failing to is
 * a damaged repository (or lack of memory): the caller goes on as if the
 * file were not there, but the run fails before writing anything. */
static int read_blob(batch *b, const char *path, const git_oid *id,
                     t2r_buf *out) {
  git_blob *blob;
  if (git_blob_lookup(&blob, b->repo, id) != 0) {
    git_fail(b, path);
    b->unreadable = 1;
    return -1;
  }
  t2r_buf_put(out, git_blob_rawcontent(blob), (size_t)git_blob_rawsize(blob));
  git_blob_free(blob);
  return 0;
}

static void skip(batch *b, const char *path, const char *why) {
  t2r_diags_add(b->diags, T2R_DIAG_NOTE, 0, 0, "batch-skip", "%s: %s", path,
                why);
  b->stats->skipped++;
}

static int select_cb(const char *root, const git_tree_entry *e, void *payload) {
  batch *b = payload;
  if (git_tree_entry_type(e) != GIT_OBJECT_BLOB)
    return 0;
  t2r_buf path;
  t2r_buf_init(&path);
  t2r_buf_printf(&path, "%s%s%s%s", b->prefix, b->prefix[0] ? "/" : "", root,
                 git_tree_entry_name(e));
  git_filemode_t mode = git_tree_entry_filemode(e);
  if (!document_name(git_tree_entry_name(e)) || excluded(b, path.ptr) ||
      mode != GIT_FILEMODE_BLOB) {
    if (mode == GIT_FILEMODE_LINK && document_name(git_tree_entry_name(e)))
      skip(b, path.ptr, "a symbolic link, not converted");
    t2r_buf_release(&path);
    return 0;
  }
  t2r_buf text;
  t2r_buf_init(&text);
  if (read_blob(b, path.ptr, git_tree_entry_id(e), &text) != 0) {
    t2r_buf_release(&path);
    return GIT_EUSER; /* stops the walk */
  }
  if (memchr(text.ptr, '\0', text.len) || text.len > MAX_DOC_BYTES)
    skip(b, path.ptr, "binary, not converted");
  else if (t2r_blank_text(text.ptr, text.len))
    skip(b, path.ptr, "empty, not converted");
  else if (text.len >= 2 && text.ptr[0] == '#' && text.ptr[1] == '!')
    skip(b, path.ptr, "a script, not converted");
  else
    add_doc(b, path.ptr);
  t2r_buf_release(&text);
  t2r_buf_release(&path);
  return 0;
}

static int by_path(const void *x, const void *y) {
  return strcmp(((const doc *)x)->path, ((const doc *)y)->path);
}

static int select_docs(batch *b) {
  git_tree *head_tree, *sub = NULL;
  if (git_commit_tree(&head_tree, b->base) != 0)
    return git_fail(b, "HEAD");
  int rc = 0;
  if (b->prefix[0]) {
    git_tree_entry *e = NULL;
    if (git_tree_entry_bypath(&e, head_tree, b->prefix) != 0 ||
        git_tree_entry_type(e) != GIT_OBJECT_TREE)
      rc = fail(b, b->opt->dir, "not in HEAD (nothing committed there)");
    else if (git_tree_lookup(&sub, b->repo, git_tree_entry_id(e)) != 0)
      rc = git_fail(b, b->opt->dir);
    git_tree_entry_free(e);
  }
  int walked = rc ? 0 : git_tree_walk(sub ? sub : head_tree,
                                      GIT_TREEWALK_PRE, select_cb, b);
  if (walked < 0) /* select_cb has said why */
    rc = walked == GIT_EUSER ? -1 : git_fail(b, b->opt->dir);
  git_tree_free(sub);
  git_tree_free(head_tree);
  if (b->ndocs > 1)
    qsort(b->docs, b->ndocs, sizeof *b->docs, by_path);
  return rc;
}

/* ---------------------------------------------------------------- moves */

static int problem(batch *b, const char *where, const char *path,
                   const char *why) {
  t2r_diags_add(b->diags, T2R_DIAG_ERROR, 0, 0, NULL, "%s: %s: %s", where,
                path, why);
  return 1;
}

static int read_moves(batch *b) {
  int rc = 0;
  for (size_t k = 0; k < b->opt->nmoves; k++)
    if (t2r_moves_add(&b->moves, b->opt->moves[k], b->diags))
      rc = -1;
  if (b->opt->move_map &&
      t2r_moves_read_map(&b->moves, b->opt->move_map, b->diags))
    rc = -1;
  return rc;
}

/* Points the documents move k covers at their places; returns the
 * problems found. */
static size_t place_documents(batch *b, size_t k) {
  const t2r_move *mv = &b->moves.items[k];
  size_t covered = 0, problems = 0;
  for (size_t i = 0; i < b->ndocs; i++) {
    doc *d = &b->docs[i];
    char *place = t2r_moves_place(&b->moves, k, d->path);
    if (!place)
      continue;
    covered++;
    if (d->moved) {
      problems += problem(b, mv->where, d->path, "moved by an earlier entry "
                                                 "too");
      free(place);
      continue;
    }
    if (mv->from[strlen(mv->from) - 1] == '/') { /* foo.txt -> foo.rst */
      char *rst = rst_path(place);
      free(place);
      place = rst;
    }
    free(d->new_path);
    d->new_path = place;
    d->moved = k + 1;
  }
  if (!covered)
    problems += problem(b, mv->where, mv->from,
                        "no document being converted is there");
  return problems;
}

/* Where the moves put the documents.  Moves that do not add up (a source
 * that is no document, two sources for one target, a target that exists,
 * a cycle) stop the run before anything is written, every problem told. */
static int apply_moves(batch *b) {
  if (read_moves(b))
    return -1;
  size_t problems = t2r_moves_cycles(&b->moves, b->diags);
  for (size_t k = 0; k < b->moves.n; k++)
    problems += place_documents(b, k);
  git_tree *head;
  if (b->moves.n && git_commit_tree(&head, b->base) == 0) {
    for (size_t i = 0; i < b->ndocs; i++) {
      const doc *d = &b->docs[i];
      git_tree_entry *e;
      if (!d->moved)
        continue;
      if (git_tree_entry_bypath(&e, head, d->new_path) == 0) {
        git_tree_entry_free(e);
        problems += problem(b, d->path, d->new_path, "the target exists");
      }
      for (size_t j = 0; j < b->ndocs; j++)
        if (j != i && !strcmp(b->docs[j].new_path, d->new_path) &&
            (!b->docs[j].moved || j < i))
          problems += problem(b, d->path, d->new_path,
                              "also the target of another document");
    }
    git_tree_free(head);
  }
  return problems ? -1 : 0;
}

/* A target name taken by another file in HEAD is not overwritten. */
static void drop_taken_targets(batch *b) {
  size_t kept = 0;
  for (size_t i = 0; i < b->ndocs; i++) {
    doc *d = &b->docs[i];
    if (git_index_get_bypath(b->state, d->new_path, 0)) {
      skip(b, d->path, "its .rst name is taken by another file");
      free(d->path);
      free(d->new_path);
      free(d->current);
      continue;
    }
    b->docs[kept++] = *d;
  }
  b->ndocs = kept;
}

/* ------------------------------------------------------------ the state */

static int state_read(batch *b, const char *path, t2r_buf *out) {
  const git_index_entry *e = git_index_get_bypath(b->state, path, 0);
  return e ? read_blob(b, path, &e->id, out) : -1;
}

static void note_change(batch *b, const char *path, const git_oid *id,
                        uint32_t mode, int removed) {
  b->changes = t2r_xrealloc(b->changes, (b->nchanges + 1) * sizeof *b->changes);
  change *c = &b->changes[b->nchanges];
  *c = (change){dup_str(path), {{0}}, mode, removed, b->nchanges};
  if (id)
    c->id = *id;
  b->nchanges++;
}

static int state_write(batch *b, const char *path, const char *p, size_t n,
                       uint32_t mode) {
  git_index_entry e;
  memset(&e, 0, sizeof e);
  e.mode = mode ? mode : GIT_FILEMODE_BLOB;
  e.path = path;
  if (git_blob_create_from_buffer(&e.id, b->repo, p, n) != 0 ||
      git_index_add(b->state, &e) != 0)
    return git_fail(b, path);
  note_change(b, path, &e.id, e.mode, 0);
  return 0;
}

static void state_remove(batch *b, const char *path) {
  if (git_index_remove(b->state, path, 0) == 0)
    note_change(b, path, NULL, 0, 1);
}

static int by_path_then_order(const void *x, const void *y) {
  const change *a = x, *c = y;
  int d = strcmp(a->path, c->path);
  return d ? d : (a->order > c->order) - (a->order < c->order);
}

/* Folds the changes into one per path, the last; a removal of a file
 * the last tree lacks (added, then moved on, by this commit) is none. */
static void fold_changes(batch *b, git_tree *last) {
  qsort(b->changes, b->nchanges, sizeof *b->changes, by_path_then_order);
  size_t n = 0;
  for (size_t i = 0; i < b->nchanges; i++) {
    change *c = &b->changes[i];
    git_tree_entry *e = NULL;
    int superseded = i + 1 < b->nchanges &&
                     !strcmp(c->path, b->changes[i + 1].path);
    int absent = !superseded && c->removed &&
                 git_tree_entry_bypath(&e, last, c->path) != 0;
    git_tree_entry_free(e);
    if (superseded || absent)
      free(c->path);
    else
      b->changes[n++] = *c;
  }
  b->nchanges = n;
}

/* The tree of the state: the last commit's with the changes since. */
static int write_state_tree(batch *b, git_oid *id) {
  git_tree *last;
  if (git_commit_tree(&last, b->tip) != 0)
    return -1;
  fold_changes(b, last);
  git_tree_update *up = t2r_xrealloc(NULL, (b->nchanges + 1) * sizeof *up);
  for (size_t i = 0; i < b->nchanges; i++) {
    const change *c = &b->changes[i];
    up[i] = (git_tree_update){
        c->removed ? GIT_TREE_UPDATE_REMOVE : GIT_TREE_UPDATE_UPSERT, c->id,
        (git_filemode_t)c->mode, c->path};
  }
  int rc = git_tree_create_updated(id, b->repo, last, b->nchanges, up);
  free(up);
  git_tree_free(last);
  return rc;
}

/* Hands the changes' paths over as the commit's changed paths. */
static void keep_changed_paths(batch *b) {
  b->changed = t2r_xrealloc(b->changed, (b->ncommits + 1) * sizeof *b->changed);
  git_strarray *paths = &b->changed[b->ncommits];
  paths->strings = t2r_xrealloc(NULL, (b->nchanges + 1) * sizeof(char *));
  paths->count = b->nchanges;
  for (size_t i = 0; i < b->nchanges; i++)
    paths->strings[i] = b->changes[i].path;
  b->nchanges = 0;
}

static int commit_state(batch *b, const char *message) {
  git_oid tree_id, id;
  git_tree *tree;
  if (write_state_tree(b, &tree_id) != 0 ||
      git_tree_lookup(&tree, b->repo, &tree_id) != 0)
    return git_fail(b, "tree");
  const git_commit *parent = b->tip;
  int rc = git_commit_create(&id, b->repo, NULL, b->author, b->author, NULL,
                             message, tree, 1, &parent);
  git_tree_free(tree);
  if (rc)
    return git_fail(b, "commit");
  git_commit *c;
  git_commit_lookup(&c, b->repo, &id);
  if (b->tip != b->base)
    git_commit_free(b->tip);
  b->tip = c;
  keep_changed_paths(b);
  b->commits = t2r_xrealloc(b->commits, (b->ncommits + 1) * sizeof(git_oid));
  b->commits[b->ncommits++] = id;
  b->stats->patches++;
  return 0;
}

/* ----------------------------------------------------------- references */

static int path_char(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '/' ||
         c == '.' || c == '+';
}

/* Is [p, p+n) at 'at' in 'text' a whole path: not part of a longer name
 * ("foo.txt" in "foo.txt.gz" or "xfoo.txt")? */
static int whole_path_at(const char *text, size_t len, size_t at, size_t n) {
  if (at > 0 && path_char((unsigned char)text[at - 1]) && text[at - 1] != '/')
    return 0;
  size_t e = at + n;
  if (e < len && path_char((unsigned char)text[e]) &&
      !(text[e] == '.' && (e + 1 == len || !path_char((unsigned char)text[e + 1]))))
    return 0;
  return 1;
}

static size_t find_path(const char *text, size_t len, const char *path,
                        size_t from) {
  size_t n = strlen(path);
  while (from + n <= len) {
    const char *hit = memmem(text + from, len - from, path, n);
    if (!hit)
      return (size_t)-1;
    size_t at = (size_t)(hit - text);
    if (whole_path_at(text, len, at, n))
      return at;
    from = at + 1;
  }
  return (size_t)-1;
}

/* Replaces every whole occurrence of 'from' in 'text' by 'to'; returns the
 * number replaced. */
static size_t replace_path(t2r_buf *text, const char *from, const char *to) {
  size_t at = 0, n = strlen(from);
  t2r_splice sp;
  t2r_splice_init(&sp, text);
  while ((at = find_path(text->ptr, text->len, from, at)) != (size_t)-1) {
    t2r_splice_put(&sp, at, at + n, to, strlen(to));
    at += n;
  }
  return t2r_splice_finish(&sp, text);
}

static int path_vs_doc(const void *key, const void *item) {
  return strcmp(key, ((const doc *)item)->path);
}

/* The document at HEAD's 'path', or NULL. */
static const doc *find_doc(const batch *b, const char *path) {
  return bsearch(path, b->docs, b->ndocs, sizeof *b->docs, path_vs_doc);
}

typedef struct {
  batch *b;
  t2r_buf path, text; /* the current file */
  size_t *found; /* the documents the current file names */
  size_t nfound;
  size_t *seen;  /* per document, the file that last named it (+ 1) */
  size_t file;
  char **changed; /* sorted: paths whose work tree file may not be HEAD's */
  size_t nchanged;
  t2r_buf full;   /* the current file's path in the work tree */
} ref_scan;

static int by_string(const void *x, const void *y) {
  return strcmp(*(char *const *)x, *(char *const *)y);
}

static void add_changed(ref_scan *rs, const git_diff_delta *d) {
  const char *paths[2] = {d ? d->old_file.path : NULL,
                          d ? d->new_file.path : NULL};
  for (int k = 0; k < 2; k++) {
    if (!paths[k])
      continue;
    rs->changed =
        t2r_xrealloc(rs->changed, (rs->nchanged + 1) * sizeof *rs->changed);
    rs->changed[rs->nchanged++] = dup_str(paths[k]);
  }
}

/* The paths where the work tree, the index and HEAD may disagree: staged,
 * changed, deleted or retyped files (git status, without untracked
 * files).  Every other file of HEAD is read from the work tree, plain
 * bytes, instead of inflated from the object store: the scan for
 * references reads every file of the repository. */
static int find_changed(ref_scan *rs) {
  git_status_options so;
  git_status_options_init(&so, GIT_STATUS_OPTIONS_VERSION);
  so.flags = GIT_STATUS_OPT_EXCLUDE_SUBMODULES;
  git_status_list *list;
  if (git_status_list_new(&list, rs->b->repo, &so) != 0)
    return git_fail(rs->b, "status");
  size_t n = git_status_list_entrycount(list);
  for (size_t i = 0; i < n; i++) {
    const git_status_entry *e = git_status_byindex(list, i);
    add_changed(rs, e->head_to_index);
    add_changed(rs, e->index_to_workdir);
  }
  git_status_list_free(list);
  if (rs->nchanged > 1)
    qsort(rs->changed, rs->nchanged, sizeof *rs->changed, by_string);
  return 0;
}

/* Reads HEAD's file at rs->path from the work tree when it is known to
 * hold the same text: a regular file, not listed by find_changed, and no
 * document (select_docs has read those, and their objects are cached).
 * Returns 0 when it did. */
static int read_work_file(ref_scan *rs) {
  const char *path = rs->path.ptr;
  if (find_doc(rs->b, path) ||
      (rs->nchanged && bsearch(&path, rs->changed, rs->nchanged,
                               sizeof *rs->changed, by_string)))
    return -1;
  t2r_buf_reset(&rs->full);
  t2r_buf_printf(&rs->full, "%s%s", git_repository_workdir(rs->b->repo),
                 path);
  int fd = open(rs->full.ptr, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return -1;
  struct stat st;
  int rc = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? 0 : -1;
  if (!rc) {
    t2r_buf_reserve(&rs->text, (size_t)st.st_size);
    char chunk[65536];
    ssize_t got;
    while ((got = read(fd, chunk, sizeof chunk)) > 0)
      t2r_buf_put(&rs->text, chunk, (size_t)got);
    rc = got < 0 ? -1 : 0;
  }
  close(fd);
  if (rc)
    t2r_buf_reset(&rs->text);
  return rc;
}

typedef struct {
  const char *p;
  size_t n;
} span;

/* Compares a name with the key [p, p+n), as strcmp would. */
static int name_vs(const char *name, const char *p, size_t n) {
  int c = strncmp(name, p, n);
  return c ? c : name[n] != '\0';
}

static int span_vs_doc(const void *key, const void *item) {
  const span *s = key;
  return -name_vs(((const doc *)item)->path, s->p, s->n);
}

/* Notes document d as named by the current file, once. */
static void note_named(ref_scan *rs, size_t d) {
  if (rs->seen[d] == rs->file + 1)
    return;
  rs->seen[d] = rs->file + 1;
  rs->found = t2r_xrealloc(rs->found, (rs->nfound + 1) * sizeof *rs->found);
  rs->found[rs->nfound++] = d;
}

/* The documents that the run of path characters [p, p+n) names: itself
 * or a part after a '/', less the sentence's full stops at its end
 * (whole_path_at's reading of a path in text). */
static void names_in_run(ref_scan *rs, const char *p, size_t n) {
  const batch *b = rs->b;
  for (size_t beg = 0; beg < n; beg++) {
    if (beg && p[beg - 1] != '/')
      continue;
    for (size_t end = n; end > beg; end--) {
      span key = {p + beg, end - beg};
      const doc *hit =
          bsearch(&key, b->docs, b->ndocs, sizeof *b->docs, span_vs_doc);
      if (hit)
        note_named(rs, (size_t)(hit - b->docs));
      if (p[end - 1] != '.')
        break;
    }
  }
}

static int by_index(const void *x, const void *y) {
  size_t a = *(const size_t *)x, c = *(const size_t *)y;
  return a < c ? -1 : a > c;
}

static int refs_cb(const char *root, const git_tree_entry *e, void *payload) {
  ref_scan *rs = payload;
  batch *b = rs->b;
  if (git_tree_entry_type(e) != GIT_OBJECT_BLOB ||
      git_tree_entry_filemode(e) == GIT_FILEMODE_LINK)
    return 0;
  t2r_buf_reset(&rs->text);
  t2r_buf_reset(&rs->path);
  t2r_buf_printf(&rs->path, "%s%s", root, git_tree_entry_name(e));
  if ((read_work_file(rs) != 0 &&
       read_blob(b, rs->path.ptr, git_tree_entry_id(e), &rs->text) != 0) ||
      memchr(rs->text.ptr, '\0', rs->text.len) ||
      !memmem(rs->text.ptr, rs->text.len, b->prefix, strlen(b->prefix)))
    return 0;
  rs->nfound = 0;
  rs->file++;
  const char *t = rs->text.ptr;
  for (size_t i = 0; i < rs->text.len;) {
    size_t run = i;
    while (run < rs->text.len && path_char((unsigned char)t[run]))
      run++;
    if (run > i)
      names_in_run(rs, t + i, run - i);
    i = run + 1;
  }
  if (!rs->nfound)
    return 0;
  qsort(rs->found, rs->nfound, sizeof *rs->found, by_index);
  b->refs = t2r_xrealloc(b->refs, (b->nrefs + rs->nfound) * sizeof *b->refs);
  for (size_t k = 0; k < rs->nfound; k++) {
    b->refs[b->nrefs].path = dup_str(rs->path.ptr);
    b->refs[b->nrefs++].doc = rs->found[k];
  }
  return 0;
}

/* Groups the references by document, each group in the order found (a
 * counting sort), so that a document's are found at once. */
static void group_references(batch *b) {
  size_t *start = t2r_xcalloc(b->ndocs + 2, sizeof *start);
  reference *grouped = t2r_xrealloc(NULL, (b->nrefs + 1) * sizeof *grouped);
  for (size_t r = 0; r < b->nrefs; r++)
    start[b->refs[r].doc + 2]++;
  for (size_t i = 2; i < b->ndocs + 2; i++)
    start[i] += start[i - 1];
  for (size_t r = 0; r < b->nrefs; r++) /* start[d+1]: d's next slot */
    grouped[start[b->refs[r].doc + 1]++] = b->refs[r];
  free(b->refs);
  b->refs = grouped;
  b->ref_start = start;
}

/* Which files of HEAD name which documents by their full path. */
static int find_references(batch *b) {
  git_tree *tree;
  if (!b->ndocs)
    return 0; /* none to name */
  if (git_commit_tree(&tree, b->base) != 0)
    return git_fail(b, "HEAD");
  ref_scan rs = {b, {0}, {0}, NULL, 0, NULL, 0, NULL, 0, {0}};
  t2r_buf_init(&rs.path);
  t2r_buf_init(&rs.text);
  t2r_buf_init(&rs.full);
  rs.seen = t2r_xcalloc(b->ndocs + 1, sizeof *rs.seen);
  int rc = find_changed(&rs);
  if (!rc)
    git_tree_walk(tree, GIT_TREEWALK_PRE, refs_cb, &rs);
  t2r_buf_release(&rs.path);
  t2r_buf_release(&rs.text);
  t2r_buf_release(&rs.full);
  for (size_t i = 0; i < rs.nchanged; i++)
    free(rs.changed[i]);
  free(rs.changed);
  free(rs.found);
  free(rs.seen);
  git_tree_free(tree);
  if (!rc)
    group_references(b);
  return rc;
}

/* Where a file of HEAD is now: a renamed document has moved. */
static const char *current_path(const batch *b, const char *path) {
  const doc *d = find_doc(b, path);
  return d ? d->current : path;
}

/* Points the references to document i at its new name. */
static int fix_references(batch *b, size_t i) {
  const doc *d = &b->docs[i];
  for (size_t r = b->ref_start[i]; r < b->ref_start[i + 1]; r++) {
    const char *path = current_path(b, b->refs[r].path);
    t2r_buf text;
    t2r_buf_init(&text);
    const git_index_entry *e = git_index_get_bypath(b->state, path, 0);
    uint32_t mode = e ? e->mode : 0;
    if (state_read(b, path, &text) == 0) {
      size_t n = replace_path(&text, d->path, d->new_path);
      if (n && state_write(b, path, text.ptr, text.len, mode) != 0) {
        t2r_buf_release(&text);
        return -1;
      }
      b->stats->references += n;
      b->docs[i].references += n;
    }
    t2r_buf_release(&text);
  }
  return 0;
}

/* ------------------------------------------------------------ conversion */

static void add_notes(batch *b, const char *path, const t2r_diags *d) {
  for (size_t i = 0; i < d->len; i++)
    if (d->items[i].severity == T2R_DIAG_NOTE)
      t2r_diags_add(b->diags, T2R_DIAG_NOTE, d->items[i].line,
                    d->items[i].col, d->items[i].rule, "%s:%u:%u: %s", path,
                    d->items[i].line, d->items[i].col ? d->items[i].col : 1,
                    d->items[i].text);
}

typedef struct doc_base {
  const char *base; /* a document's file name, "foo.txt" */
  size_t doc;
} doc_base;

static int by_base(const void *x, const void *y) {
  const doc_base *a = x, *c = y;
  int d = strcmp(a->base, c->base);
  return d ? d : a->doc < c->doc ? -1 : a->doc > c->doc;
}

/* The documents' file names that hold a '.' ("README" is too common a
 * word to report), sorted. */
static void list_bases(batch *b) {
  b->bases = t2r_xrealloc(NULL, (b->ndocs + 1) * sizeof *b->bases);
  for (size_t i = 0; i < b->ndocs; i++) {
    const char *base = strrchr(b->docs[i].path, '/');
    base = base ? base + 1 : b->docs[i].path;
    if (strchr(base, '.'))
      b->bases[b->nbases++] = (doc_base){base, i};
  }
  qsort(b->bases, b->nbases, sizeof *b->bases, by_base);
}

typedef struct {
  size_t doc, at;
  unsigned line;
} loose_hit;

static int by_doc_then_place(const void *x, const void *y) {
  const loose_hit *a = x, *c = y;
  if (a->doc != c->doc)
    return a->doc < c->doc ? -1 : 1;
  return a->at < c->at ? -1 : a->at > c->at;
}

/* Appends to 'hits' the documents whose file name is the run [p, p+n)
 * of path characters, or the run less the full stops at its end. */
static void bases_in_run(const batch *b, const char *p, size_t n, size_t at,
                         unsigned line, loose_hit **hits, size_t *nhits) {
  for (size_t end = n; end > 0; end--) {
    size_t lo = 0, hi = b->nbases;
    while (lo < hi) { /* the first name not below the key */
      size_t mid = lo + (hi - lo) / 2;
      if (name_vs(b->bases[mid].base, p, end) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
    for (; lo < b->nbases && !name_vs(b->bases[lo].base, p, end); lo++) {
      *hits = t2r_xrealloc(*hits, (*nhits + 1) * sizeof **hits);
      (*hits)[(*nhits)++] = (loose_hit){b->bases[lo].doc, at, line};
    }
    if (p[end - 1] != '.')
      break;
  }
}

/* A converted document naming another one by its bare file name ("see
 * bar.txt") is left as it is: without a full path the reference is not
 * certain.  Each such place is reported for a human to look at; a
 * document naming itself (as a title made of its file name does) is
 * not. */
static void report_loose_references(batch *b, const doc *self,
                                    const t2r_buf *text) {
  if (!b->bases)
    list_bases(b);
  loose_hit *hits = NULL;
  size_t nhits = 0;
  unsigned line = 1;
  const char *t = text->ptr;
  for (size_t i = 0; i < text->len;) {
    size_t run = i;
    while (run < text->len && path_char((unsigned char)t[run]))
      run++;
    /* a name after a '/' is part of a full path: fixed, or not ours;
     * a run without a '.' names nothing listed (see list_bases) */
    if (run > i && !memchr(t + i, '/', run - i) &&
        memchr(t + i, '.', run - i))
      bases_in_run(b, t + i, run - i, i, line, &hits, &nhits);
    line += run < text->len && t[run] == '\n';
    i = run + 1;
  }
  if (nhits > 1)
    qsort(hits, nhits, sizeof *hits, by_doc_then_place);
  for (size_t k = 0; k < nhits; k++) {
    const doc *d = &b->docs[hits[k].doc];
    const char *base = strrchr(d->path, '/');
    if (d == self)
      continue;
    t2r_diags_add(b->diags, T2R_DIAG_NOTE, hits[k].line, 0, "loose-reference",
                  "%s:%u: '%s' names %s without its path; not changed",
                  self->new_path, hits[k].line, base ? base + 1 : d->path,
                  d->path);
  }
  free(hits);
}

typedef struct {
  batch *b;
  const char *index_path; /* the 00-INDEX */
} exists_ctx;

/* Is 'name', listed by the 00-INDEX, in the tree as it stands (a file,
 * itself or converted, or a directory)? */
static int listed_exists(void *ctx, const char *name) {
  exists_ctx *ex = ctx;
  char *dir = t2r_dir_of(ex->index_path);
  t2r_buf p;
  t2r_buf_init(&p);
  t2r_buf_printf(&p, "%s%s%s", dir, dir[0] ? "/" : "", name);
  size_t n = strlen(name);
  int found = git_index_get_bypath(ex->b->state, p.ptr, 0) != NULL;
  if (!found && n > 4 && !strcmp(name + n - 4, ".txt")) {
    p.len -= 4;
    t2r_buf_puts(&p, ".rst");
    found = git_index_get_bypath(ex->b->state, p.ptr, 0) != NULL;
  }
  if (!found) { /* a directory: one that has or will get an index.rst */
    if (p.len && p.ptr[p.len - 1] != '/')
      t2r_buf_putc(&p, '/');
    size_t len = p.len;
    t2r_buf_puts(&p, "index.rst");
    found = git_index_get_bypath(ex->b->state, p.ptr, 0) != NULL;
    p.len = len;
    p.ptr[len] = '\0';
    for (size_t i = 0; i < ex->b->ndocs && !found; i++)
      found = !strncmp(ex->b->docs[i].path, p.ptr, len);
  }
  t2r_buf_release(&p);
  free(dir);
  return found;
}

/* How the batch converts a document: titled even with no title at all
 * (a toctree lists it by its title), and as configured. */
static t2r_file_options file_options(const batch *b) {
  return (t2r_file_options){T2R_TITLE_UNTITLED, b->config_adornments, NULL,
                            b->opt->spdx};
}

/* Converts every document but the indexes (whose conversion asks the
 * evolving tree what exists) from its content in HEAD, on the configured
 * threads.  A document whose content changes before its turn (a reference
 * in it was fixed) is converted again then, so the series is the same
 * whatever the thread count. */
static void convert_ahead(batch *b) {
  b->jobs = t2r_xrealloc(NULL, (b->ndocs + 1) * sizeof *b->jobs);
  t2r_buf *texts = t2r_xrealloc(NULL, (b->ndocs + 1) * sizeof *texts);
  for (size_t i = 0; i < b->ndocs; i++) {
    doc *d = &b->docs[i];
    const git_index_entry *e = git_index_get_bypath(b->state, d->path, 0);
    t2r_buf *text = &texts[b->njobs];
    t2r_buf_init(text);
    if (is_index(d->path) || !e || read_blob(b, d->path, &e->id, text)) {
      t2r_buf_release(text);
      continue;
    }
    d->converted_id = e->id;
    d->converted = &b->jobs[b->njobs++];
    d->converted->name = d->path;
    d->converted->text = text->ptr;
    d->converted->len = text->len;
  }
  t2r_file_options fo = file_options(b);
  t2r_convert_all(b->rules, &fo, b->jobs, b->njobs, b->opt->jobs);
  for (size_t k = 0; k < b->njobs; k++)
    t2r_buf_release(&texts[k]);
  free(texts);
}

/* Converts 'd' from its current content into 'res'. */
static int convert_now(batch *b, const doc *d, t2r_result *res) {
  t2r_buf text;
  t2r_buf_init(&text);
  if (state_read(b, d->current, &text) != 0) {
    t2r_buf_release(&text);
    return fail(b, d->current, "vanished from the tree");
  }
  exists_ctx ex = {b, d->path};
  t2r_file_options fo = file_options(b);
  int index = is_index(d->path);
  int rc = index ? t2r_convert_index(b->rules, d->path, text.ptr, text.len,
                                     listed_exists, &ex, res)
                 : t2r_convert_file(b->rules, d->path, text.ptr, text.len,
                                    &fo, res);
  t2r_buf_release(&text);
  if (rc == T2R_OK && index && fo.spdx) /* a file's own conversion puts it */
    t2r_put_spdx(res, fo.spdx);
  return rc;
}

/* The documents whose moves a link may follow: [first, last]. */
typedef struct {
  const batch *b;
  size_t first, last;
} move_range;

/* The new place, without ".rst", of the document of the range that a
 * link names by its old place without extension; NULL when it does not
 * move. */
static char *moved_doc(void *ctx, const char *name) {
  const move_range *r = ctx;
  size_t n = strlen(name);
  for (size_t i = r->first; i <= r->last; i++) {
    const doc *d = &r->b->docs[i];
    if (d->moved && !strncmp(d->path, name, n) &&
        (!d->path[n] || !strcmp(d->path + n, ".txt")))
      return t2r_strndup(d->new_path, strlen(d->new_path) - 4);
  }
  return NULL;
}

/* The Sphinx source directory of 'path': the nearest directory above it
 * holding conf.py ("" for the top), NULL when none does. */
static char *sphinx_root(const batch *b, const char *path) {
  char *dir = t2r_dir_of(path);
  t2r_buf conf;
  t2r_buf_init(&conf);
  for (;;) {
    t2r_buf_reset(&conf);
    t2r_buf_printf(&conf, "%s%sconf.py", dir, dir[0] ? "/" : "");
    if (git_index_get_bypath(b->state, conf.ptr, 0) || !dir[0])
      break;
    char *up = t2r_dir_of(dir);
    free(dir);
    dir = up;
  }
  if (!git_index_get_bypath(b->state, conf.ptr, 0)) {
    free(dir);
    dir = NULL;
  }
  t2r_buf_release(&conf);
  return dir;
}

/* Rewrites the :doc: links of document 'path' (moved from 'old_path')
 * to documents moved in [first, last]; returns the number changed. */
static size_t relink(const batch *b, t2r_buf *text, const char *old_path,
                     const char *path, size_t first, size_t last) {
  move_range r = {b, first, last};
  char *root = sphinx_root(b, path);
  size_t n = t2r_relink_docs(text, old_path, path, root, moved_doc, &r);
  free(root);
  return n;
}

/* Offers each file of the evolving tree whose path ends in 'suffix' (""
 * for every file) to 'rewrite', which edits the text in place and returns
 * how many changes it made; the changed files are written back. */
static int rewrite_tree(batch *b, const char *suffix,
                        size_t (*rewrite)(batch *b, const char *path,
                                          t2r_buf *text, void *ctx),
                        void *ctx) {
  size_t slen = strlen(suffix);
  t2r_buf text;
  t2r_buf_init(&text);
  int rc = 0;
  for (size_t i = 0; i < git_index_entrycount(b->state) && !rc; i++) {
    const git_index_entry *e = git_index_get_byindex(b->state, i);
    size_t len = strlen(e->path);
    t2r_buf_reset(&text);
    if (len < slen || strcmp(e->path + len - slen, suffix) ||
        read_blob(b, e->path, &e->id, &text))
      continue;
    char *path = dup_str(e->path); /* writing moves the index entries */
    uint32_t mode = e->mode;
    if (rewrite(b, path, &text, ctx))
      rc = state_write(b, path, text.ptr, text.len, mode);
    free(path);
  }
  t2r_buf_release(&text);
  return rc;
}

/* rewrite_tree's part for relink_other_docs: 'ctx' the moved range. */
static size_t relink_file(batch *b, const char *path, t2r_buf *text,
                          void *ctx) {
  static const char role[] = ":doc:`", toctree[] = ".. toctree::";
  const size_t *range = ctx;
  if (!memmem(text->ptr, text->len, role, sizeof role - 1) &&
      !memmem(text->ptr, text->len, toctree, sizeof toctree - 1))
    return 0;
  return relink(b, text, path, path, range[0], range[1]);
}

/* After documents [first, last] moved: the :doc: links and toctree
 * entries other .rst files of the tree have to them follow them. */
static int relink_other_docs(batch *b, size_t first, size_t last) {
  size_t range[2] = {first, last};
  return rewrite_tree(b, ".rst", relink_file, range);
}

/* Converts document i and renames it in the state; its :doc: links
 * follow the documents moved up to the patch's 'last'. */
static int convert_doc(batch *b, size_t i, size_t last) {
  doc *d = &b->docs[i];
  const git_index_entry *e = git_index_get_bypath(b->state, d->current, 0);
  uint32_t mode = e ? e->mode : 0;
  t2r_result res;
  t2r_result_init(&res);
  int rc;
  if (d->converted && e && git_oid_equal(&e->id, &d->converted_id)) {
    t2r_result_release(&res);
    res = d->converted->res;
    t2r_result_init(&d->converted->res);
    rc = d->converted->rc;
  } else {
    rc = convert_now(b, d, &res);
  }
  if (rc == T2R_ERR_NOMEM)
    t2r_out_of_memory(); /* the run ends, as when its own memory runs out */
  if (rc == T2R_OK)
    relink(b, &res.rst, d->path, d->new_path, 0, last);
  if (rc == T2R_OK) {
    add_notes(b, d->new_path, &res.diags);
    if (!is_index(d->path)) /* an index names files, by design */
      report_loose_references(b, d, &res.rst);
    state_remove(b, d->current);
    rc = state_write(b, d->new_path, res.rst.ptr, res.rst.len, mode);
    free(d->current);
    d->current = dup_str(d->new_path);
    b->stats->converted++;
    t2r_diags keep = d->diags;
    d->diags = res.diags;
    res.diags = keep;
    if (b->opt->verbose)
      fprintf(stderr, "txt2rst: %s -> %s: %zu edits, %zu notes\n", d->path,
              d->new_path, t2r_diags_count(&d->diags, T2R_DIAG_EDIT),
              t2r_diags_count(&d->diags, T2R_DIAG_NOTE));
  }
  t2r_result_release(&res);
  return rc;
}

/* ---------------------------------------------------------------- index */


/* The toctree entry of 'path' seen from directory 'dir': "foo" for
 * dir/foo.rst, "sub/index" for dir/sub/index.rst. */
static void toctree_name(const char *dir, const char *path, t2r_buf *out) {
  size_t n = strlen(dir);
  const char *rel = n ? path + n + 1 : path;
  t2r_buf_put(out, rel, strlen(rel) - 4);
}

/* A new index.rst: the directory's name as its title, then a toctree,
 * under the licence comment when one is named (--spdx). */
static void new_index(const batch *b, const char *dir, t2r_buf *out) {
  const char *name = strrchr(dir, '/') ? strrchr(dir, '/') + 1 : dir;
  size_t n = strlen(name[0] ? name : "Documentation");
  t2r_buf_fill(out, '=', n);
  t2r_buf_printf(out, "\n%s\n", name[0] ? name : "Documentation");
  t2r_buf_fill(out, '=', n);
  t2r_buf_puts(out, "\n\n.. toctree::\n   :maxdepth: 1\n");
  if (b->opt->spdx)
    t2r_spdx_insert(out, b->opt->spdx);
}

/* Is directory 'dir' below the subtree's root (so that its index belongs
 * in its parent's)? */
static int below_root(const batch *b, const char *dir) {
  return strlen(dir) > strlen(b->prefix);
}

/* Lists 'path' in the toctree of directory 'dir''s index.rst.  An index
 * created here is itself listed one level up, up to the subtree's root, so
 * that every document is reachable from the root's toctree. */
static int add_to_index(batch *b, const char *dir, const char *path) {
  t2r_buf index_path, text, entry;
  t2r_buf_init(&index_path);
  t2r_buf_init(&text);
  t2r_buf_init(&entry);
  t2r_buf_printf(&index_path, "%s%sindex.rst", dir, dir[0] ? "/" : "");
  int created = state_read(b, index_path.ptr, &text) != 0;
  if (created)
    new_index(b, dir, &text);
  toctree_name(dir, path, &entry);
  int rc = 0;
  if (t2r_toctree_add(&text, entry.ptr) || created)
    rc = state_write(b, index_path.ptr, text.ptr, text.len, 0);
  if (!rc && created) {
    b->stats->indexes++;
    if (below_root(b, dir)) {
      char *parent = t2r_dir_of(dir);
      rc = add_to_index(b, parent, index_path.ptr);
      free(parent);
    }
  }
  t2r_buf_release(&entry);
  t2r_buf_release(&text);
  t2r_buf_release(&index_path);
  return rc;
}

/* The directory whose index lists the converted document 'path': its
 * own; for an index.rst (made from a directory's 00-INDEX) the parent's,
 * NULL for the subtree's root. */
static char *listing_dir(const batch *b, const char *path) {
  char *dir = t2r_dir_of(path);
  const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  if (!strcmp(base, "index.rst")) {
    char *parent = below_root(b, dir) ? t2r_dir_of(dir) : NULL;
    free(dir);
    dir = parent;
  }
  return dir;
}

/* Lists a converted document in the index that lists it (listing_dir). */
static int list_in_index(batch *b, const char *path) {
  char *dir = listing_dir(b, path);
  int rc = dir ? add_to_index(b, dir, path) : 0;
  free(dir);
  return rc;
}

/* rewrite_tree's part for fix_directory_references: 'ctx' the move. */
static size_t redirect_file(batch *b, const char *path, t2r_buf *text,
                            void *ctx) {
  const t2r_move *mv = ctx;
  (void)path;
  if (memchr(text->ptr, '\0', text->len) ||
      !memmem(text->ptr, text->len, mv->from, strlen(mv->from)))
    return 0;
  size_t count = replace_path(text, mv->from, mv->to);
  b->stats->references += count;
  return count;
}

/* Once a directory move has moved its last document, rewrites the
 * references to the directory itself ("F: Documentation/fb/") in every
 * file of the tree. */
static int fix_directory_references(batch *b, const t2r_move *mv) {
  size_t n = strlen(mv->from);
  if (!n || mv->from[n - 1] != '/')
    return 0;
  return rewrite_tree(b, "", redirect_file, (void *)mv);
}

/* Takes a document moved away from 'old_path' out of the toctree of the
 * index that listed it there (listing_dir). */
static int unlist_moved(batch *b, const char *old_path) {
  char *as_rst = rst_path(old_path), *dir = listing_dir(b, as_rst);
  t2r_buf index_path, text, entry;
  t2r_buf_init(&index_path);
  t2r_buf_init(&text);
  t2r_buf_init(&entry);
  int rc = 0;
  if (dir) {
    t2r_buf_printf(&index_path, "%s%sindex.rst", dir, dir[0] ? "/" : "");
    toctree_name(dir, as_rst, &entry);
    if (state_read(b, index_path.ptr, &text) == 0 &&
        t2r_toctree_remove(&text, entry.ptr))
      rc = state_write(b, index_path.ptr, text.ptr, text.len, 0);
  }
  t2r_buf_release(&entry);
  t2r_buf_release(&text);
  t2r_buf_release(&index_path);
  free(dir);
  free(as_rst);
  return rc;
}

/* ------------------------------------------------------------ the series */

/* "docs: filesystems: " for a document under Documentation/filesystems. */
static void subject_area(const char *path, t2r_buf *out) {
  char *dir = t2r_dir_of(path);
  const char *area = dir;
  if (!strncmp(area, "Documentation", 13) && (area[13] == '/' || !area[13]))
    area += area[13] ? 14 : 13;
  t2r_buf_printf(out, "docs: %s%s", area, area[0] ? ": " : "");
  free(dir);
}

/* 'path' without the leading "Documentation/", as subjects name it. */
static const char *in_docs(const char *path) {
  return strncmp(path, "Documentation/", 14) ? path : path + 14;
}

static void move_message(batch *b, const doc *d, t2r_buf *msg) {
  t2r_buf_printf(msg, "docs: move %s to %s\n\n", in_docs(d->path),
                 in_docs(d->new_path));
  t2r_buf_printf(msg, "Move %s to %s, converted to\nreStructuredText with "
                      "txt2rst, list it in its new directory's index\nand "
                      "update the references to it.\n",
                 d->path, d->new_path);
  if (b->opt->signoff)
    t2r_buf_printf(msg, "\nSigned-off-by: %s <%s>\n", b->author->name,
                   b->author->email);
}

static void message_for(batch *b, size_t first, size_t last, t2r_buf *msg) {
  const doc *d = &b->docs[first];
  if (d->moved)
    return move_message(b, d, msg);
  subject_area(d->path, msg);
  const char *base = strrchr(d->path, '/') ? strrchr(d->path, '/') + 1 : d->path;
  if (first == last)
    t2r_buf_printf(msg, "convert %s to ReST\n\n", base);
  else
    t2r_buf_puts(msg, "convert to ReST\n\n");
  t2r_buf_puts(msg, "Convert the plain-text documentation to reStructuredText"
                    " with\ntxt2rst, keeping the text as it was: mark "
                    "literal blocks, fix title\nadornments, add the blank "
                    "lines docutils needs and escape stray\ninline markup.  "
                    "Rename the files to .rst and update the references\n"
                    "to them.\n");
  if (last - first < MAX_LISTED_RENAMES) {
    t2r_buf_putc(msg, '\n');
    for (size_t i = first; i <= last; i++)
      t2r_buf_printf(msg, "  %s -> %s\n", b->docs[i].path,
                     b->docs[i].new_path);
  }
  if (b->opt->signoff)
    t2r_buf_printf(msg, "\nSigned-off-by: %s <%s>\n", b->author->name,
                   b->author->email);
}

static int same_dir(const char *a, const char *b) {
  const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
  size_t na = sa ? (size_t)(sa - a) : 0, nb = sb ? (size_t)(sb - b) : 0;
  return na == nb && !strncmp(a, b, na);
}

/* Converts documents [first, last] in one commit. */
static int make_patch(batch *b, size_t first, size_t last) {
  for (size_t i = first; i <= last; i++)
    if (convert_doc(b, i, last) != 0 || fix_references(b, i) != 0)
      return -1;
  /* links to a moved document are followed before its new index lists
   * it, so that an entry already leading there is not listed twice */
  if (b->docs[first].moved && (unlist_moved(b, b->docs[first].path) != 0 ||
                               relink_other_docs(b, first, last) != 0))
    return -1;
  for (size_t i = first; i <= last; i++)
    if ((b->opt->split == T2R_SPLIT_ONE || b->docs[i].moved) &&
        list_in_index(b, b->docs[i].new_path) != 0)
      return -1;
  if (b->docs[first].moved && (last + 1 == b->ndocs ||
                               b->docs[last + 1].moved != b->docs[first].moved) &&
      fix_directory_references(b, &b->moves.items[b->docs[first].moved - 1]) != 0)
    return -1;
  t2r_buf msg;
  t2r_buf_init(&msg);
  message_for(b, first, last, &msg);
  int rc = commit_state(b, msg.ptr);
  t2r_buf_release(&msg);
  return rc;
}

static int make_index_patch(batch *b) {
  for (size_t i = 0; i < b->ndocs; i++)
    if (list_in_index(b, b->docs[i].new_path) != 0)
      return -1;
  t2r_buf msg;
  t2r_buf_init(&msg);
  t2r_buf index;
  t2r_buf_init(&index);
  t2r_buf_printf(&index, "%s/index.rst", b->prefix);
  subject_area(index.ptr, &msg);
  t2r_buf_release(&index);
  t2r_buf_puts(&msg, "list the converted documents in index.rst\n\n"
                     "Add the documents converted to ReST to the toctree "
                     "of their\ndirectory's index.rst, creating it where "
                     "there is none, so that\nSphinx builds them.\n");
  if (b->opt->signoff)
    t2r_buf_printf(&msg, "\nSigned-off-by: %s <%s>\n", b->author->name,
                   b->author->email);
  int rc = commit_state(b, msg.ptr);
  t2r_buf_release(&msg);
  return rc;
}

static int build_series(batch *b) {
  git_tree *tree;
  if (git_index_new(&b->state) != 0 || git_commit_tree(&tree, b->base) != 0 ||
      git_index_read_tree(b->state, tree) != 0)
    return git_fail(b, "index");
  git_tree_free(tree);
  b->tip = b->base;
  drop_taken_targets(b);
  if (find_references(b) != 0)
    return -1;
  convert_ahead(b);
  for (size_t i = 0; i < b->ndocs;) {
    size_t last = i; /* a move is a patch of its own */
    while (!b->docs[i].moved && last + 1 < b->ndocs &&
           !b->docs[last + 1].moved &&
           (b->opt->split == T2R_SPLIT_ONE ||
            (b->opt->split == T2R_SPLIT_DIR &&
             same_dir(b->docs[i].path, b->docs[last + 1].path))))
      last++;
    if (b->opt->progress) /* a terminal: rewrite one line, cleared */
      fprintf(stderr, "\rtxt2rst: %zu/%zu %s\033[K", last + 1, b->ndocs,
              b->docs[last].path);
    if (make_patch(b, i, last) != 0)
      return -1;
    i = last + 1;
  }
  if (b->opt->progress)
    fputc('\n', stderr);
  if (b->ndocs && b->opt->split != T2R_SPLIT_ONE)
    return make_index_patch(b);
  return 0;
}

/* ---------------------------------------------------------------- output */

static int by_rename_source(const void *x, const void *y) {
  return strcmp(((const t2r_rename *)x)->old_path,
                ((const t2r_rename *)y)->old_path);
}

/* The renames of the series, for diffs that weigh only those pairs. */
static const t2r_renames *series_renames(batch *b) {
  if (!b->renamed) {
    b->renamed = t2r_xrealloc(NULL, (b->ndocs + 1) * sizeof *b->renamed);
    for (size_t i = 0; i < b->ndocs; i++)
      if (strcmp(b->docs[i].path, b->docs[i].new_path))
        b->renamed[b->renames.n++] =
            (t2r_rename){b->docs[i].path, b->docs[i].new_path};
    qsort(b->renamed, b->renames.n, sizeof *b->renamed, by_rename_source);
    b->renames.items = b->renamed;
  }
  return &b->renames;
}

static int tree_of(batch *b, git_commit *c, git_tree **out) {
  return git_commit_tree(out, c) ? git_fail(b, "tree") : 0;
}

/* The patches are written together: on any failure or interrupt, none is
 * left (nor the directory, when this run made it). */
static int write_series(batch *b) {
  b->made_out_dir = mkdir(b->opt->out_dir, 0777) == 0;
  if (!b->made_out_dir && errno != EEXIST)
    return fail(b, b->opt->out_dir, strerror(errno));
  t2r_buf subject, text, name, path;
  t2r_buf_init(&subject);
  t2r_buf_init(&text);
  t2r_buf_init(&name);
  t2r_buf_init(&path);
  t2r_buf_printf(&subject, "%s/x", b->prefix);
  char *area = dup_str(subject.ptr);
  t2r_buf_reset(&subject);
  subject_area(area, &subject);
  free(area);
  t2r_buf_puts(&subject, "convert to ReST");
  t2r_series_mail mail = {b->repo,     b->author,         b->base,
                          b->commits,  b->changed,        b->ncommits,
                          subject.ptr, series_renames(b), t2r_stat_cache_new(),
                          t2r_sig_cache_new()};
  int rc = 0;
  /* the mails 1..n, then the cover letter (0) when there are several:
   * it takes the line counts the mails made */
  size_t last = b->ncommits + (b->ncommits > 1);
  for (size_t k = 1; k <= last && !rc; k++) {
    size_t i = k <= b->ncommits ? k : 0;
    t2r_buf_reset(&text);
    t2r_buf_reset(&name);
    t2r_buf_reset(&path);
    if (i ? t2r_emit_mail(&mail, i - 1, &text, &name)
          : t2r_emit_cover_letter(&mail, &text, &name)) {
      rc = git_fail(b, "mail");
      break;
    }
    t2r_buf_printf(&path, "%s/%s", b->opt->out_dir, name.ptr);
    int err = t2r_writes_add(&b->writes, path.ptr, text.ptr, text.len, 0);
    if (!err && t2r_interrupted)
      err = EINTR;
    if (err)
      rc = fail(b, err == EINTR ? b->opt->out_dir : path.ptr,
                err == EINTR ? "interrupted; no patch written" : strerror(err));
  }
  if (!rc) {
    int err = t2r_writes_commit(&b->writes);
    if (err)
      rc = fail(b, b->opt->out_dir,
                err == EINTR ? "interrupted; no patch written" : strerror(err));
  }
  if (!rc)
    b->made_out_dir = 0; /* the series is in place: the directory stays */
  t2r_stat_cache_free(mail.counts);
  t2r_sig_cache_free(mail.sigs);
  t2r_buf_release(&subject);
  t2r_buf_release(&text);
  t2r_buf_release(&name);
  t2r_buf_release(&path);
  return rc;
}

static int dry_run(batch *b) {
  git_tree *from, *to;
  if (tree_of(b, b->base, &from) || tree_of(b, b->tip, &to))
    return -1;
  t2r_buf out;
  t2r_buf_init(&out);
  int rc = t2r_emit_tree_diff(b->repo, from, to, series_renames(b),
                              b->opt->color, &out);
  git_tree_free(from);
  git_tree_free(to);
  if (rc)
    rc = git_fail(b, "diff");
  else if (fwrite(out.ptr, 1, out.len, stdout) != out.len || fflush(stdout))
    rc = fail(b, "<stdout>", strerror(errno));
  t2r_buf_release(&out);
  return rc;
}

/* A path of the work tree that is safe to write: no component on the way
 * is a symbolic link (which could lead out of the repository). */
static int safe_path(const char *workdir, const char *path) {
  t2r_buf p;
  t2r_buf_init(&p);
  t2r_buf_puts(&p, workdir);
  int ok = 1;
  for (const char *s = path; ok && *s;) {
    const char *slash = strchr(s, '/');
    size_t n = slash ? (size_t)(slash - s) : strlen(s);
    t2r_buf_put(&p, s, n);
    struct stat st;
    if (lstat(p.ptr, &st) == 0 && S_ISLNK(st.st_mode))
      ok = 0;
    t2r_buf_putc(&p, '/');
    s += n + (slash != NULL);
  }
  t2r_buf_release(&p);
  return ok;
}

typedef struct {
  batch *b;
  const char *workdir;
  int rc;
} apply_ctx;

/* Creates the directories of work tree path 'full' below the work tree
 * (a moved document's new place may be a new directory). */
static int make_parents(const char *workdir, char *full) {
  for (char *p = full + strlen(workdir); (p = strchr(p, '/')) != NULL; p++) {
    *p = '\0';
    int err = mkdir(full, 0777) != 0 && errno != EEXIST ? errno : 0;
    *p = '/';
    if (err)
      return err;
  }
  return 0;
}

/* Removes the directories of 'full' that its removal left empty. */
static void remove_empty_parents(const char *workdir, char *full) {
  size_t top = strlen(workdir);
  for (char *p = strrchr(full, '/'); p && (size_t)(p - full) > top;
       p = strrchr(full, '/')) {
    *p = '\0';
    if (rmdir(full) != 0)
      break;
  }
}

/* Writes the new content of a delta's file, not yet in place. */
static int stage_delta(apply_ctx *a, const git_diff_delta *d) {
  batch *b = a->b;
  if (d->status == GIT_DELTA_DELETED)
    return 0;
  const char *path = d->new_file.path;
  if (!safe_path(a->workdir, path))
    return fail(b, path, "a symbolic link on the way; not written");
  t2r_buf full, text;
  t2r_buf_init(&full);
  t2r_buf_init(&text);
  t2r_buf_printf(&full, "%s%s", a->workdir, path);
  int rc = 0, err;
  if (read_blob(b, path, &d->new_file.id, &text) != 0)
    rc = -1;
  else if ((err = make_parents(a->workdir, full.ptr)) != 0)
    rc = fail(b, path, strerror(err));
  else {
    err = t2r_writes_add(
        &b->writes, full.ptr, text.ptr, text.len,
        d->new_file.mode == GIT_FILEMODE_BLOB_EXECUTABLE ? 0755 : 0);
    if (err)
      rc = fail(b, path, strerror(err));
  }
  t2r_buf_release(&text);
  t2r_buf_release(&full);
  return rc;
}

/* Removes the file a delta deleted or renamed away. */
/* The files the change deletes or renames away, as work-tree paths (NULL
 * for none, or where a link lies on the way), found before anything is
 * renamed: from then on, nothing may fail for want of memory. */
static char **old_files(apply_ctx *a, git_diff *diff, size_t n) {
  char **old = t2r_xrealloc(NULL, (n + 1) * sizeof *old);
  for (size_t i = 0; i < n; i++) {
    const git_diff_delta *d = git_diff_get_delta(diff, i);
    old[i] = NULL;
    if ((d->status == GIT_DELTA_DELETED || d->status == GIT_DELTA_RENAMED) &&
        safe_path(a->workdir, d->old_file.path)) {
      t2r_buf full;
      t2r_buf_init(&full);
      t2r_buf_printf(&full, "%s%s", a->workdir, d->old_file.path);
      old[i] = t2r_buf_detach(&full, NULL);
    }
  }
  return old;
}

static int remove_old(apply_ctx *a, const git_diff_delta *d, char *full) {
  if (!full)
    return 0;
  if (unlink(full) != 0 && errno != ENOENT)
    return fail(a->b, d->old_file.path, strerror(errno));
  remove_empty_parents(a->workdir, full);
  return 0;
}

/* Writes the final tree's changes into the work tree as one set of files.
 * Files outside the subtree that it changes must match HEAD. */
static int in_place(batch *b) {
  git_tree *from, *to;
  git_diff *diff;
  if (tree_of(b, b->base, &from) || tree_of(b, b->tip, &to))
    return -1;
  int rc = t2r_tree_diff(b->repo, from, to, series_renames(b), &diff);
  git_tree_free(from);
  git_tree_free(to);
  if (rc)
    return git_fail(b, "diff");
  apply_ctx a = {b, git_repository_workdir(b->repo), 0};
  size_t n = git_diff_num_deltas(diff);
  for (size_t i = 0; i < n && !a.rc && !b->opt->force; i++) {
    const git_diff_delta *d = git_diff_get_delta(diff, i);
    unsigned int flags = 0;
    if (d->status != GIT_DELTA_ADDED &&
        git_status_file(&flags, b->repo, d->old_file.path) == 0 &&
        (flags & (GIT_STATUS_WT_MODIFIED | GIT_STATUS_INDEX_MODIFIED)))
      a.rc = fail(b, d->old_file.path, "has local changes; not overwritten "
                                       "(commit them, or --force)");
  }
  for (size_t i = 0; i < n && !a.rc; i++)
    a.rc = stage_delta(&a, git_diff_get_delta(diff, i));
  /* nothing is changed until every new file is written; then an interrupt
   * waits for the whole change, so that no half-converted tree is left */
  if (!a.rc && t2r_interrupted)
    a.rc = fail(b, b->opt->dir, "interrupted; nothing changed");
  char **old = a.rc ? NULL : old_files(&a, diff, n);
  if (!a.rc) {
    int err = t2r_writes_commit(&b->writes);
    if (err)
      a.rc = fail(b, b->opt->dir,
                  err == EINTR ? "interrupted; nothing changed" : strerror(err));
    b->tree_changed = !err;
  }
  for (size_t i = 0; i < n && !a.rc; i++)
    a.rc = remove_old(&a, git_diff_get_delta(diff, i), old[i]);
  for (size_t i = 0; old && i < n; i++)
    free(old[i]);
  free(old);
  git_diff_free(diff);
  return a.rc;
}

/* ---------------------------------------------------------------- report */

static void json_string(t2r_buf *out, const char *s) {
  t2r_buf_putc(out, '"');
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      t2r_buf_printf(out, "\\%c", c);
    else if (c < 0x20)
      t2r_buf_printf(out, "\\u%04x", c);
    else
      t2r_buf_putc(out, (char)c);
  }
  t2r_buf_putc(out, '"');
}

/* "edits": {"rule": count, ...} in the order rules first edited. */
static void json_edits(t2r_buf *out, const t2r_diags *d) {
  /* the distinct rules, a few dozen at most, and their counts */
  const char **rules = t2r_xrealloc(NULL, (d->len + 1) * sizeof *rules);
  size_t *counts = t2r_xrealloc(NULL, (d->len + 1) * sizeof *counts);
  size_t n = 0;
  for (size_t i = 0; i < d->len; i++) {
    const t2r_diag *g = &d->items[i];
    if (g->severity != T2R_DIAG_EDIT || !g->rule)
      continue;
    size_t k = 0;
    while (k < n && strcmp(rules[k], g->rule))
      k++;
    if (k == n) {
      rules[n] = g->rule;
      counts[n++] = 0;
    }
    counts[k]++;
  }
  t2r_buf_puts(out, "\"edits\": {");
  for (size_t k = 0; k < n; k++) {
    t2r_buf_puts(out, k ? ", " : "");
    json_string(out, rules[k]);
    t2r_buf_printf(out, ": %zu", counts[k]);
  }
  t2r_buf_puts(out, "}");
  free(rules);
  free(counts);
}

static void json_notes(t2r_buf *out, const t2r_diags *d) {
  t2r_buf_puts(out, "\"notes\": [");
  int first = 1;
  for (size_t i = 0; i < d->len; i++) {
    const t2r_diag *g = &d->items[i];
    if (g->severity != T2R_DIAG_NOTE)
      continue;
    t2r_buf_printf(out, "%s{\"line\": %u, \"rule\": ", first ? "" : ", ",
                   g->line);
    json_string(out, g->rule ? g->rule : "");
    t2r_buf_puts(out, ", \"text\": ");
    json_string(out, g->text);
    t2r_buf_puts(out, "}");
    first = 0;
  }
  t2r_buf_puts(out, "]");
}

/* The skipped files, from the run's "path: why" notes. */
static void json_skipped(t2r_buf *out, const t2r_diags *d) {
  t2r_buf_puts(out, "  \"skipped\": [");
  int first = 1;
  for (size_t i = 0; i < d->len; i++) {
    const t2r_diag *g = &d->items[i];
    const char *sep = strstr(g->text, ": ");
    if (!g->rule || strcmp(g->rule, "batch-skip") || !sep)
      continue;
    char *path = strndup(g->text, (size_t)(sep - g->text));
    t2r_buf_puts(out, first ? "\n    {\"path\": " : ",\n    {\"path\": ");
    json_string(out, path);
    t2r_buf_puts(out, ", \"reason\": ");
    json_string(out, sep + 2);
    t2r_buf_puts(out, "}");
    free(path);
    first = 0;
  }
  t2r_buf_puts(out, first ? "]\n" : "\n  ]\n");
}

/* The JSON report (schema: docs/report.schema.json). */
static void write_report(const batch *b, t2r_buf *out) {
  const t2r_batch_stats *st = b->stats;
  t2r_buf_printf(out, "{\n  \"version\": 1,\n  \"tool\": \"txt2rst %s\",\n"
                      "  \"directory\": ", T2R_VERSION);
  json_string(out, b->prefix);
  t2r_buf_printf(out, ",\n  \"summary\": {\"converted\": %zu, \"patches\": %zu, "
                      "\"references\": %zu, \"indexes\": %zu, \"skipped\": %zu},\n"
                      "  \"files\": [",
                 st->converted, st->patches, st->references, st->indexes,
                 st->skipped);
  for (size_t i = 0; i < b->ndocs; i++) {
    const doc *d = &b->docs[i];
    t2r_buf_puts(out, i ? ",\n    {\"path\": " : "\n    {\"path\": ");
    json_string(out, d->path);
    t2r_buf_puts(out, ", \"renamed_to\": ");
    json_string(out, d->new_path);
    t2r_buf_puts(out, ",\n     ");
    json_edits(out, &d->diags);
    t2r_buf_puts(out, ",\n     ");
    json_notes(out, &d->diags);
    t2r_buf_printf(out, ",\n     \"references_fixed\": %zu}", d->references);
  }
  t2r_buf_puts(out, b->ndocs ? "\n  ],\n" : "],\n");
  json_skipped(out, b->diags);
  t2r_buf_puts(out, "}\n");
}

/* ----------------------------------------------------------------- entry */

/* Removes files written but not put in place, and the series directory
 * when this run made it and did not finish. */
static void remove_unfinished(batch *b) {
  t2r_writes_release(&b->writes);
  if (b->made_out_dir)
    rmdir(b->opt->out_dir);
}

static void release(batch *b) {
  remove_unfinished(b);
  for (size_t i = 0; i < b->ndocs; i++) {
    free(b->docs[i].path);
    free(b->docs[i].new_path);
    free(b->docs[i].current);
    t2r_diags_release(&b->docs[i].diags);
  }
  for (size_t i = 0; i < b->nrefs; i++)
    free(b->refs[i].path);
  for (size_t i = 0; i < b->nconfig_excludes; i++)
    free(b->config_excludes[i]);
  free(b->config_excludes);
  free(b->config_from);
  free(b->config_adornments);
  free(b->config_spdx);
  for (size_t k = 0; k < b->njobs; k++)
    t2r_result_release(&b->jobs[k].res);
  free(b->jobs);
  t2r_moves_release(&b->moves);
  free(b->renamed);
  free(b->bases);
  free(b->docs);
  free(b->refs);
  free(b->ref_start);
  free(b->commits);
  for (size_t i = 0; i < b->ncommits; i++) {
    for (size_t k = 0; k < b->changed[i].count; k++)
      free(b->changed[i].strings[k]);
    free(b->changed[i].strings);
  }
  free(b->changed);
  for (size_t i = 0; i < b->nchanges; i++)
    free(b->changes[i].path);
  free(b->changes);
  free(b->prefix);
  if (b->tip && b->tip != b->base)
    git_commit_free(b->tip);
  git_commit_free(b->base);
  git_index_free(b->state);
  git_signature_free(b->author);
  git_repository_free(b->repo);
}

/* The run's steps, each only if those before it succeeded. */
static int run_steps(void *arg) {
  static int (*const steps[])(batch *) = {
      open_repo,   keep_objects_in_memory, read_config,  find_author,
      check_clean, select_docs,            apply_moves,  build_series};
  static int (*const outputs[])(batch *) = {
      [T2R_BATCH_SERIES] = write_series, [T2R_BATCH_DRY_RUN] = dry_run,
      [T2R_BATCH_IN_PLACE] = in_place};
  batch *b = arg;
  t2r_git_init();
  int rc = 0;
  for (size_t i = 0; i < sizeof steps / sizeof *steps && !rc; i++)
    rc = steps[i](b);
  if (!rc && b->unreadable)
    rc = -1; /* read_blob has said which object */
  if (!rc)
    rc = outputs[b->opt->mode](b);
  if (!rc && b->opt->report)
    write_report(b, b->opt->report);
  return rc;
}

int t2r_batch_run(const t2r_rules *rules, const t2r_batch_options *opt,
                  t2r_diags *diags, t2r_batch_stats *stats) {
  batch b;
  memset(&b, 0, sizeof b);
  memset(stats, 0, sizeof *stats);
  b.rules = rules;
  b.settings = *opt;
  b.opt = &b.settings;
  b.diags = diags;
  b.stats = stats;
  t2r_writes_init(&b.writes);
  int rc = t2r_guard_memory(run_steps, &b, T2R_ERR_NOMEM);
  if (rc == T2R_ERR_NOMEM) {
    /* memory ran out anywhere, libgit2 included: the files are cleaned
     * up, and the rest is left as it is (libgit2 may have been stopped
     * holding a lock) */
    remove_unfinished(&b);
    fail(&b, opt->dir, b.tree_changed ? "out of memory after the work tree "
                                        "was changed (see git status)"
                                      : "out of memory; nothing changed");
    return rc;
  }
  release(&b);
  git_libgit2_shutdown();
  return rc;
}
