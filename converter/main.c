/* main.c - the txt2rst command: options, files and printing.  No
 * conversion logic lives here. */
#define _POSIX_C_SOURCE 200809L
#define PCRE2_CODE_UNIT_WIDTH 8
#include "fileio.h"
#include "gitmod.h"
#include "index.h"
#include "txt2rst.h"

#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define EXIT_NOTES 1 /* --strict: converted, but review notes were left */
#define EXIT_USAGE 2 /* usage, I/O or input errors: nothing written */
#define EXIT_FINDINGS 1 /* an audit has findings */

#ifndef T2R_SOURCE_RULES_DIR
#define T2R_SOURCE_RULES_DIR ""
#endif
#ifndef T2R_MODULE_DIR /* the installed module, from the binary's directory */
#define T2R_MODULE_DIR "../lib/txt2rst"
#endif

typedef struct {
  const char *input;
  const char *output;
  const char **rules;
  size_t nrules;
  int diff, explain, tree, strict, quiet, verbose, default_rules, as_text;
  const char *report; /* --report: "json" or "json:PATH" */
  const char *batch_dir; /* --batch */
  const char *audit_dir; /* --audit-index */
  const char *refs_dir;  /* --audit-refs */
  const char *age_dir;   /* --audit-age */
  int fix;
  t2r_batch_options batch;
  const char *color;
  const t2r_gitmod *git; /* loaded for the commands that need libgit2 */
} options;

static const char usage_text[] =
    "usage: txt2rst [options] FILE|-\n"
    "       txt2rst --batch DIR (-o OUTDIR | --dry-run | --in-place) [options]\n"
    "       txt2rst --audit-index DIR [--fix] [--exclude GLOB]...\n"
    "       txt2rst --audit-refs DIR [--fix]\n"
    "       txt2rst --audit-age DIR\n"
    "Convert legacy plain-text documentation to reStructuredText.\n"
    "\n"
    "  -o, --output PATH      write to PATH atomically (--batch: series dir)\n"
    "      --diff             print the change as a unified diff, write nothing\n"
    "      --explain          list every edit on stderr: line, rule, why\n"
    "      --tree             print the document's node tree instead\n"
    "      --rules PATH       add rules from a file or directory (repeatable)\n"
    "      --no-default-rules use only the rules given with --rules\n"
    "      --strict           exit 1 when review notes were left\n"
    "      --as-text          convert FILE even if it declares itself RST\n"
    "      --spdx EXPR        start the output with the licence comment\n"
    "                         \".. SPDX-License-Identifier: EXPR\"\n"
    "  -q, --quiet            print no review notes and no summary\n"
    "  -v, --verbose          also print every edit, and each batch file\n"
    "      --batch DIR        convert a subtree of a git work tree\n"
    "      --dry-run          with --batch: print the whole change, write nothing\n"
    "      --in-place         with --batch: apply the change to the work tree\n"
    "      --split MODE       with --batch: one patch per file, dir or one\n"
    "      --exclude GLOB     with --batch, --audit-index: skip paths (repeatable)\n"
    "      --from IDENT       with --batch: \"Name <email>\" of the author\n"
    "      --move OLD=NEW     with --batch: put a document or DIR/ elsewhere\n"
    "      --move-map FILE    with --batch: \"OLD NEW\" moves, one a line\n"
    "      --signoff          with --batch: add Signed-off-by lines\n"
    "  -j, --jobs N           with --batch: convert on N threads (default: CPUs)\n"
    "      --force            with --batch: run on a tree with local changes\n"
    "      --color WHEN       with --dry-run: auto, always or never\n"
    "      --report json[:PATH] with --batch: a JSON report of every file\n"
    "      --audit-index DIR  report what DIR's index misses or lists wrongly\n"
    "      --fix              with --audit-index/--audit-refs: fix what is certain\n"
    "      --audit-refs DIR   report references to documentation that is not there\n"
    "      --audit-age DIR    rank the documents under DIR that look obsolete\n"
    "  -h, --help             show this help\n"
    "      --version          show the version and the libraries linked\n"
    "\n"
    "Exit status: 0 converted; 1 converted with review notes (--strict) or\n"
    "audit findings; 2 usage, input or output error (nothing written); 3 out\n"
    "of memory.  See txt2rst(1).\n";

static int usage_error(const char *fmt, const char *arg) {
  fputs("txt2rst: ", stderr);
  fprintf(stderr, fmt, arg);
  fputs("\nTry 'txt2rst --help'.\n", stderr);
  return EXIT_USAGE;
}

static int io_error(const char *path, const char *why) {
  fprintf(stderr, "txt2rst: %s: %s\n", path, why);
  return EXIT_USAGE;
}

/* Memory ran out converting 'path': exit status 3, as an allocation
 * failure anywhere else. */
static int nomem_error(const char *path) {
  fprintf(stderr, "txt2rst: %s: out of memory; not converted\n", path);
  return T2R_EXIT_NOMEM;
}

/* The module of the commands that need libgit2 (see gitmod.h); NULL
 * after saying why it cannot be loaded. */
static const t2r_gitmod *git_module(void) {
  t2r_buf why;
  t2r_buf_init(&why);
  const t2r_gitmod *mod = t2r_gitmod_load(T2R_MODULE_DIR, &why);
  if (!mod)
    fprintf(stderr, "txt2rst: %s (the module --batch, --diff, --audit-refs "
                    "and --audit-age need)\n", why.ptr);
  t2r_buf_release(&why);
  return mod;
}

static int print_version(void) {
  char pcre[64] = "";
  pcre2_config(PCRE2_CONFIG_VERSION, (PCRE2_UCHAR *)pcre);
  printf("txt2rst %s\nPCRE2 %s\n", T2R_VERSION, pcre);
  const t2r_gitmod *git = git_module();
  if (!git)
    return EXIT_USAGE;
  int major, minor, rev;
  git->libgit2_version(&major, &minor, &rev);
  printf("libgit2 %d.%d.%d\n", major, minor, rev);
  return 0;
}

/* An option without a value; returns 0 when 'a' is none. */
static int parse_flag(const char *a, options *o) {
  static const struct {
    const char *name;
    size_t offset;
  } flags[] = {
      {"--diff", offsetof(options, diff)},
      {"--explain", offsetof(options, explain)},
      {"--tree", offsetof(options, tree)},
      {"--strict", offsetof(options, strict)},
      {"-q", offsetof(options, quiet)},
      {"--quiet", offsetof(options, quiet)},
      {"-v", offsetof(options, verbose)},
      {"--verbose", offsetof(options, verbose)},
      {"--signoff", offsetof(options, batch.signoff)},
      {"--force", offsetof(options, batch.force)},
      {"--fix", offsetof(options, fix)},
      {"--as-text", offsetof(options, as_text)},
  };
  for (size_t i = 0; i < sizeof flags / sizeof *flags; i++)
    if (!strcmp(a, flags[i].name)) {
      *(int *)((char *)o + flags[i].offset) = 1;
      return 1;
    }
  if (!strcmp(a, "--no-default-rules"))
    o->default_rules = 0;
  else if (!strcmp(a, "--dry-run"))
    o->batch.mode = T2R_BATCH_DRY_RUN;
  else if (!strcmp(a, "--in-place"))
    o->batch.mode = T2R_BATCH_IN_PLACE;
  else
    return 0;
  return 1;
}

/* An option taking value 'v'; returns -1 when 'a' is none, else 0 or an
 * exit status. */
static int parse_value(const char *a, const char *v, options *o) {
  if (!strcmp(a, "-o") || !strcmp(a, "--output"))
    o->output = v;
  else if (!strcmp(a, "--rules"))
    o->rules[o->nrules++] = v;
  else if (!strcmp(a, "--batch"))
    o->batch_dir = v;
  else if (!strcmp(a, "--audit-index"))
    o->audit_dir = v;
  else if (!strcmp(a, "--audit-refs"))
    o->refs_dir = v;
  else if (!strcmp(a, "--audit-age"))
    o->age_dir = v;
  else if (!strcmp(a, "--exclude"))
    o->batch.excludes[o->batch.nexcludes++] = v;
  else if (!strcmp(a, "--from"))
    o->batch.from = v;
  else if (!strcmp(a, "--move"))
    o->batch.moves[o->batch.nmoves++] = v;
  else if (!strcmp(a, "--move-map"))
    o->batch.move_map = v;
  else if (!strcmp(a, "--color"))
    o->color = v;
  else if (!strcmp(a, "--spdx")) {
    if (!t2r_spdx_valid(v))
      return usage_error("--spdx takes an SPDX licence expression "
                         "(GPL-2.0, GPL-2.0-only OR MIT), not '%s'", v);
    o->batch.spdx = v;
  }
  else if (!strcmp(a, "--report")) {
    if (strcmp(v, "json") && strncmp(v, "json:", 5))
      return usage_error("--report takes json or json:PATH, not '%s'", v);
    o->report = v;
  }
  else if (!strcmp(a, "-j") || !strcmp(a, "--jobs")) {
    char *end;
    long n = strtol(v, &end, 10);
    if (*v < '0' || *v > '9' || *end || n < 1 || n > 1024)
      return usage_error("--jobs takes a number of threads, 1 to 1024, not "
                         "'%s'", v);
    o->batch.jobs = (unsigned)n;
  } else if (!strcmp(a, "--split")) {
    if (!strcmp(v, "file") || !strcmp(v, "dir") || !strcmp(v, "one"))
      o->batch.split = v[0] == 'f' ? T2R_SPLIT_FILE
                       : v[0] == 'd' ? T2R_SPLIT_DIR : T2R_SPLIT_ONE;
    else
      return usage_error("--split takes file, dir or one, not '%s'", v);
  } else
    return -1;
  return 0;
}

static int check_args(const options *o) {
  if (o->age_dir)
    return o->input || o->batch_dir || o->audit_dir || o->refs_dir || o->fix
               ? usage_error("%s", "--audit-age takes only a directory")
               : -1;
  if (o->refs_dir)
    return o->input || o->batch_dir || o->audit_dir
               ? usage_error("%s", "--audit-refs takes only a directory")
               : -1;
  if (o->audit_dir)
    return o->input || o->batch_dir
               ? usage_error("%s", "--audit-index takes only a directory")
               : -1;
  if (o->batch_dir) {
    if (o->input)
      return usage_error("--batch converts a directory; drop '%s'", o->input);
    if (o->batch.mode == T2R_BATCH_SERIES && !o->output)
      return usage_error("%s", "--batch needs -o OUTDIR, --dry-run or "
                               "--in-place");
    if (o->batch.mode != T2R_BATCH_SERIES && o->output)
      return usage_error("%s", "-o goes with a patch series, not with "
                               "--dry-run or --in-place");
    if (o->report && !strcmp(o->report, "json") &&
        o->batch.mode == T2R_BATCH_DRY_RUN)
      return usage_error("%s", "--dry-run prints the diff on stdout; give "
                               "the report a file (--report json:PATH)");
    if (o->color && strcmp(o->color, "auto") && strcmp(o->color, "always") &&
        strcmp(o->color, "never"))
      return usage_error("--color takes auto, always or never, not '%s'",
                         o->color);
    return -1;
  }
  if (o->report)
    return usage_error("%s", "--report goes with --batch");
  if (o->batch.nmoves || o->batch.move_map)
    return usage_error("%s", "--move and --move-map go with --batch");
  if (!o->input)
    return usage_error("%s", "no input file (use '-' for standard input)");
  if (o->diff && o->output)
    return usage_error("%s", "--diff writes nothing; drop -o");
  return -1;
}

/* Parses argv into 'o'; returns -1 to go on, else an exit status. */
static int parse_args(int argc, char **argv, options *o) {
  o->rules = calloc((size_t)argc, sizeof *o->rules);
  o->batch.excludes = calloc((size_t)argc, sizeof *o->batch.excludes);
  o->batch.moves = calloc((size_t)argc, sizeof *o->batch.moves);
  o->default_rules = 1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      fputs(usage_text, stdout);
      return 0;
    }
    if (!strcmp(a, "--version"))
      return print_version();
    if (parse_flag(a, o))
      continue;
    if (a[0] == '-' && a[1] == 'j' && a[2]) { /* -jN, as make takes it */
      int rc = parse_value("-j", a + 2, o);
      if (rc)
        return rc;
      continue;
    }
    const char *eq = strchr(a, '=');
    if (a[0] == '-' && a[1] == '-' && eq) { /* --name=value */
      size_t n = (size_t)(eq - a);
      char name[64];
      if (n < sizeof name) {
        memcpy(name, a, n);
        name[n] = '\0';
        int rc = parse_value(name, eq + 1, o);
        if (rc > 0)
          return rc;
        if (rc == 0)
          continue;
      }
    }
    if (i + 1 < argc) {
      int rc = parse_value(a, argv[i + 1], o);
      if (rc >= 0) {
        if (rc > 0)
          return rc;
        i++;
        continue;
      }
    } else if (parse_value(a, "", o) >= 0) {
      return usage_error("option '%s' needs an argument", a);
    }
    if (a[0] == '-' && a[1] != '\0')
      return usage_error("unknown option '%s'", a);
    if (o->input)
      return usage_error("one input file at a time (got '%s' too)", a);
    o->input = a;
  }
  return check_args(o);
}

/* ------------------------------------------------------------------ input */

static int read_stdin(t2r_buf *b) {
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0)
    t2r_buf_put(b, chunk, n);
  return ferror(stdin) ? -1 : 0;
}

static int read_input(const char *path, t2r_buf *b) {
  if (!strcmp(path, "-"))
    return read_stdin(b) ? io_error("-", strerror(errno)) : 0;
  struct stat st;
  if (stat(path, &st) != 0)
    return io_error(path, strerror(errno));
  if (S_ISDIR(st.st_mode))
    return io_error(path, "is a directory (batch mode converts directories)");
  int err = t2r_read_file(path, b);
  return err ? io_error(path, strerror(err)) : 0;
}

/* ------------------------------------------------------------------ rules */

static int dir_exists(const char *path) {
  struct stat st;
  return path[0] && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Is 'path' ("-": stdin) a file too small to repay compiling the rules'
 * patterns to machine code (see t2r_set_jit)?  Below 32 kB, one
 * conversion takes as long or longer with machine code than without; a
 * pipe, of unknown size, is not taken for small. */
static int small_input(const char *path) {
  struct stat st;
  int rc = strcmp(path, "-") ? stat(path, &st) : fstat(STDIN_FILENO, &st);
  return rc == 0 && S_ISREG(st.st_mode) && st.st_size < 32 * 1024;
}

/* The installed rules sit in ../share/txt2rst/rules beside the binary's
 * bin/; a build tree uses the source tree's rules/. */
static int find_default_rules(t2r_buf *dir) {
  const char *env = getenv("TXT2RST_RULES");
  if (env && env[0]) {
    t2r_buf_puts(dir, env);
    return 0;
  }
  if (t2r_binary_dir(dir) == 0) {
    t2r_buf_puts(dir, "/../share/txt2rst/rules");
    if (dir_exists(dir->ptr))
      return 0;
    t2r_buf_reset(dir);
  }
  if (dir_exists(T2R_SOURCE_RULES_DIR)) {
    t2r_buf_puts(dir, T2R_SOURCE_RULES_DIR);
    return 0;
  }
  return -1;
}

/* Prints the diagnostics on stderr: errors as "txt2rst: text"; edits
 * (with 'edits') and notes (unless 'quiet') in the compiler style
 * "path:line:col: note: text [rule]" (no col when unknown), or "note:
 * text [rule]" when 'path' is NULL because each text names its own
 * place. */
static void print_diags(const t2r_diags *d, const char *path, int edits,
                        int quiet) {
  for (size_t i = 0; i < d->len; i++) {
    const t2r_diag *g = &d->items[i];
    if (g->severity == T2R_DIAG_ERROR) {
      fprintf(stderr, "txt2rst: %s\n", g->text);
      continue;
    }
    if ((g->severity == T2R_DIAG_EDIT && !edits) ||
        (g->severity == T2R_DIAG_NOTE && quiet))
      continue;
    if (path && g->col)
      fprintf(stderr, "%s:%u:%u: ", path, g->line, g->col);
    else if (path)
      fprintf(stderr, "%s:%u: ", path, g->line);
    fprintf(stderr, "%s: %s [%s]\n", t2r_severity_name(g->severity), g->text,
            g->rule ? g->rule : "-");
  }
}

static t2r_rules *load_rules(const options *o) {
  t2r_rules *rules = t2r_rules_new();
  t2r_diags diags;
  t2r_diags_init(&diags);
  int rc = 0;
  if (o->default_rules) {
    t2r_buf dir;
    t2r_buf_init(&dir);
    if (find_default_rules(&dir) == 0)
      rc = t2r_rules_add_path(rules, dir.ptr, &diags);
    else
      t2r_diags_add(&diags, T2R_DIAG_ERROR, 0, 0, NULL,
                    "no rules directory found (set TXT2RST_RULES or use "
                    "--rules)");
    rc = rc || diags.len;
    t2r_buf_release(&dir);
  }
  for (size_t i = 0; i < o->nrules && !rc; i++)
    rc = t2r_rules_add_path(rules, o->rules[i], &diags);
  print_diags(&diags, NULL, 0, 1);
  t2r_diags_release(&diags);
  if (rc) {
    t2r_rules_free(rules);
    return NULL;
  }
  return rules;
}

/* ----------------------------------------------------------------- output */

static int same_file(const char *a, const char *b) {
  struct stat sa, sb;
  return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

static int write_atomic(const char *path, const t2r_buf *b) {
  int err = t2r_write_atomic(path, b->ptr, b->len, 0);
  return err ? io_error(path, strerror(err)) : 0;
}

static int write_stdout(const t2r_buf *b) {
  if (fwrite(b->ptr, 1, b->len, stdout) != b->len || fflush(stdout) != 0)
    return io_error("<stdout>", strerror(errno));
  return 0;
}

static void print_tree(t2r_tree *tree, t2r_buf *out) {
  int depth = 0;
  for (t2r_node *n = t2r_tree_root(tree); n; n = t2r_tree_next(n, &depth)) {
    t2r_buf_fill(out, ' ', (size_t)depth * 2);
    t2r_buf_puts(out, t2r_node_kind_name(n->kind));
    if (n->kind != T2R_NODE_DOCUMENT)
      t2r_buf_printf(out, " %zu-%zu", (size_t)n->first + 1,
                     (size_t)n->last + 1);
    if (n->level)
      t2r_buf_printf(out, " level=%u", n->level);
    t2r_buf_putc(out, '\n');
  }
}

/* "foo.txt" -> "foo.rst"; other names get ".rst" appended. */
static void rst_name(const char *path, t2r_buf *out) {
  size_t n = strlen(path);
  if (n > 4 && !strcmp(path + n - 4, ".txt"))
    n -= 4;
  t2r_buf_put(out, path, n);
  t2r_buf_puts(out, ".rst");
}

static int emit(const options *o, const t2r_buf *in, t2r_result *res) {
  t2r_buf out;
  t2r_buf_init(&out);
  int rc = 0;
  if (o->tree) {
    print_tree(res->tree, &out);
  } else if (o->diff) {
    const char *old = !strcmp(o->input, "-") ? "stdin" : o->input;
    t2r_buf renamed;
    t2r_buf_init(&renamed);
    rst_name(old, &renamed);
    if (o->git->emit_diff(old, in->ptr, in->len, renamed.ptr, res->rst.ptr,
                          res->rst.len, &out) != 0)
      rc = io_error(old, out.ptr);
    t2r_buf_release(&renamed);
  }
  const t2r_buf *doc = o->tree || o->diff ? &out : &res->rst;
  if (!rc)
    rc = o->output ? write_atomic(o->output, doc) : write_stdout(doc);
  t2r_buf_release(&out);
  return rc;
}

static void report(const options *o, const t2r_result *res) {
  const char *path = !strcmp(o->input, "-") ? "<stdin>" : o->input;
  if (res->latin1 && !o->quiet)
    fprintf(stderr, "%s: note: not UTF-8; read as Latin-1 and written as "
                    "UTF-8\n", path);
  int edits = o->explain || o->verbose;
  print_diags(&res->diags, path, edits, o->quiet);
  if (edits && res->readings > 1)
    fprintf(stderr, "%s: edit: the output, read again, needed more edits "
                    "(listed above): %u readings [read-again]\n",
            path, res->readings);
}

static int want_color(const char *when) {
  if (when && !strcmp(when, "always"))
    return 1;
  if (when && !strcmp(when, "never"))
    return 0;
  const char *no = getenv("NO_COLOR");
  return isatty(STDOUT_FILENO) && !(no && no[0]);
}

static int run_batch(options *o, const t2r_rules *rules) {
  o->batch.dir = o->batch_dir;
  o->batch.out_dir = o->output;
  o->batch.color = want_color(o->color);
  o->batch.progress = !o->quiet && !o->verbose && isatty(STDERR_FILENO);
  o->batch.verbose = o->verbose;
  t2r_buf report;
  t2r_buf_init(&report);
  o->batch.report = o->report ? &report : NULL;
  t2r_catch_signals();
  t2r_diags diags;
  t2r_diags_init(&diags);
  t2r_batch_stats st;
  int rc = o->git->batch_run(rules, &o->batch, &diags, &st);
  print_diags(&diags, NULL, 0, o->quiet);
  size_t notes = t2r_diags_count(&diags, T2R_DIAG_NOTE);
  t2r_diags_release(&diags);
  if (!rc && o->report)
    rc = o->report[4] == ':' ? write_atomic(o->report + 5, &report)
                             : write_stdout(&report);
  t2r_buf_release(&report);
  if (rc)
    return rc == T2R_ERR_NOMEM ? T2R_EXIT_NOMEM : EXIT_USAGE;
  if (!o->quiet)
    fprintf(stderr,
            "txt2rst: %zu documents converted, %zu patches, %zu references "
            "fixed, %zu index files created, %zu files skipped\n",
            st.converted, st.patches, st.references, st.indexes, st.skipped);
  return o->strict && notes ? EXIT_NOTES : 0;
}

/* An audit's end: its errors and notes on stderr, its findings on stdout
 * unless it failed ('rc'); releases both.  Returns 0, EXIT_USAGE, or
 * T2R_EXIT_NOMEM when memory ran out (then only that is said). */
static int finish_audit(const options *o, const char *dir, int rc,
                        t2r_diags *diags, t2r_buf *report) {
  if (rc == T2R_ERR_NOMEM)
    fprintf(stderr, "txt2rst: %s: out of memory; nothing changed\n", dir);
  else
    print_diags(diags, NULL, 0, o->quiet);
  t2r_diags_release(diags);
  if (!rc)
    rc = write_stdout(report);
  t2r_buf_release(report);
  return rc == T2R_ERR_NOMEM ? T2R_EXIT_NOMEM : rc ? EXIT_USAGE : 0;
}

static int run_audit(const options *o) {
  t2r_audit_options ao = {o->batch.excludes, o->batch.nexcludes, o->fix};
  t2r_buf report;
  t2r_buf_init(&report);
  t2r_diags diags;
  t2r_diags_init(&diags);
  t2r_audit_counts counts;
  int rc = t2r_audit_index(o->audit_dir, &ao, &report, &counts, &diags);
  if ((rc = finish_audit(o, o->audit_dir, rc, &diags, &report)) != 0)
    return rc;
  return counts.missing || counts.stale || counts.order ? EXIT_FINDINGS : 0;
}

static int run_refs(const options *o) {
  t2r_buf report;
  t2r_buf_init(&report);
  t2r_diags diags;
  t2r_diags_init(&diags);
  t2r_refs_counts counts;
  int rc = o->git->audit_refs(o->refs_dir, o->fix, &report, &counts, &diags);
  if ((rc = finish_audit(o, o->refs_dir, rc, &diags, &report)) != 0)
    return rc;
  if (!o->quiet)
    fprintf(stderr,
            "txt2rst: %zu files read, %zu references, %zu broken (%zu with "
            "a suggestion), %zu fixed\n",
            counts.files, counts.references, counts.broken, counts.suggested,
            counts.fixed);
  return counts.broken ? EXIT_FINDINGS : 0;
}

static int run_file(options *o, const t2r_rules *rules) {
  if (o->output && strcmp(o->input, "-") && same_file(o->input, o->output))
    return io_error(o->output, "output would overwrite the input");
  t2r_buf in;
  t2r_buf_init(&in);
  int rc = read_input(o->input, &in);
  t2r_result res;
  t2r_result_init(&res);
  /* only a diff needs the input once it is converted */
  t2r_file_options fo = {o->as_text ? T2R_AS_TEXT : 0, NULL,
                         o->diff ? NULL : &in, o->batch.spdx};
  int conv = rc ? T2R_OK
                : t2r_convert_file(rules, o->input, in.ptr, in.len, &fo, &res);
  if (conv == T2R_ERR_BINARY)
    rc = io_error(o->input, "binary file (contains NUL bytes); not converted");
  else if (conv == T2R_ERR_NOMEM)
    rc = nomem_error(o->input);
  else if (conv == T2R_ERR_TOO_LARGE)
    rc = io_error(o->input, "larger than 4 GiB of text; not converted");
  else if (conv == T2R_ERR_EMPTY)
    rc = io_error(o->input, in.len ? "only blank lines; nothing to convert"
                                   : "empty file; nothing to convert");
  if (!rc) {
    report(o, &res);
    rc = emit(o, &in, &res);
    if (!rc && o->strict && t2r_diags_count(&res.diags, T2R_DIAG_NOTE))
      rc = EXIT_NOTES;
  }
  t2r_result_release(&res);
  t2r_buf_release(&in);
  return rc;
}

static int run_age(const options *o) {
  t2r_buf report;
  t2r_buf_init(&report);
  t2r_diags diags;
  t2r_diags_init(&diags);
  t2r_age_counts c;
  int rc = o->git->audit_age(o->age_dir, &report, &c, &diags);
  if ((rc = finish_audit(o, o->age_dir, rc, &diags, &report)) != 0)
    return rc;
  if (!o->quiet) {
    fprintf(stderr, "txt2rst: %zu documents read, %zu look obsolete; ",
            c.documents, c.flagged);
    if (c.major)
      fprintf(stderr, "kernel %d.%d, ", c.major, c.minor);
    else
      fputs("no kernel version (no top Makefile), ", stderr);
    fprintf(stderr, "%zu Kconfig options, %zu C sources, %zu commits read\n",
            c.options, c.sources, c.commits);
  }
  return c.flagged ? EXIT_FINDINGS : 0;
}

/* Blocks of a megabyte and more (the input, the output, the records per
 * line of a large text) are mapped each on its own and given back whole
 * when freed.  glibc's threshold for that otherwise moves up to the size
 * of the first such block freed (the input, released after the first
 * reading), and the blocks under it come from the heap, where freed
 * space stays resident: 6 MB more at the peak for the corpus's 6.3 MB. */
static void map_large_blocks(void) {
#ifdef M_MMAP_THRESHOLD
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
}

int main(int argc, char **argv) {
  map_large_blocks();
  options o;
  memset(&o, 0, sizeof o);
  int rc = parse_args(argc, argv, &o);
  int needs_git = o.batch_dir || o.refs_dir || o.age_dir || o.diff;
  if (rc < 0 && needs_git && !(o.git = git_module()))
    rc = EXIT_USAGE;
  if (rc < 0 && o.refs_dir) /* needs no rules */
    rc = run_refs(&o);
  if (rc < 0 && o.age_dir)
    rc = run_age(&o);
  if (rc < 0 && o.input && !o.audit_dir && !o.batch_dir &&
      small_input(o.input))
    t2r_set_jit(0);
  t2r_rules *rules = rc < 0 ? load_rules(&o) : NULL;
  if (rc < 0 && !rules)
    rc = EXIT_USAGE;
  if (rc < 0)
    rc = o.audit_dir   ? run_audit(&o)
         : o.batch_dir ? run_batch(&o, rules)
                       : run_file(&o, rules);
  t2r_rules_free(rules);
  free(o.rules);
  free(o.batch.excludes);
  free(o.batch.moves);
  return rc;
}
