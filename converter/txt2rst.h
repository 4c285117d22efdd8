/* txt2rst.h - public API: convert one legacy text document to RST.
 *
 * The pipeline: source (bytes -> lines) -> lexer + rules (line classes)
 * -> blocks (structure and block edits) -> inline (escapes) -> emit_rst
 * (source lines + edits -> .rst).  A conversion never fails on odd text;
 * it fails only on input that is not text (NUL bytes). */
#ifndef T2R_TXT2RST_H
#define T2R_TXT2RST_H

#include "buf.h"
#include "diag.h"
#include "rules.h"
#include "tree.h"

#include <stddef.h>

#define T2R_VERSION "0.1.0"

enum {
  T2R_OK = 0,
  T2R_ERR_BINARY = -1,
  T2R_ERR_EMPTY = -2,
  T2R_ERR_TOO_LARGE = -3, /* over 4 GiB of UTF-8 text */
  T2R_ERR_NOMEM = -4      /* memory ran out (see t2r_guard_memory) */
};

typedef struct {
  t2r_buf rst;        /* the converted document */
  t2r_diags diags;    /* edits made (T2R_DIAG_EDIT) and review notes */
  t2r_tree *tree;     /* what each region became; owned */
  int latin1;         /* the input was not UTF-8 and was read as Latin-1 */
  size_t edits;       /* number of edits */
  unsigned readings;  /* readings whose output was kept: 1 when a reading
                         of the first output changed nothing */
} t2r_result;

void t2r_result_init(t2r_result *res);
void t2r_result_release(t2r_result *res);

/* Converts the 'len' bytes at 'data' with 'rules' into 'res' (which must
 * be initialised).  A UTF-8 byte order mark stays first.  Returns T2R_OK,
 * T2R_ERR_BINARY for input with NUL bytes, T2R_ERR_EMPTY for input of
 * nothing but blanks and line ends, T2R_ERR_TOO_LARGE, or T2R_ERR_NOMEM
 * (then 'res' holds no output; release it as always). */
int t2r_convert(const t2r_rules *rules, const char *data, size_t len,
                t2r_result *res);

/* t2r_file_options flags */
#define T2R_TITLE_UNTITLED 1 /* also title a document with no title at all
                                (a toctree lists a document by its title) */
#define T2R_AS_TEXT 2 /* convert a text that declares itself RST too */

typedef struct {
  unsigned flags;         /* T2R_TITLE_UNTITLED, T2R_AS_TEXT */
  const char *adornments; /* characters for title levels that have none
                             yet, from the top down; NULL: the kernel's
                             =-~^"'+*#.: */
  t2r_buf *input; /* the buffer holding the text, released as soon as the
                     first reading is done with it (the readings that
                     check the output need only the output): a large
                     file is not held twice; NULL: the text is left */
  const char *spdx; /* a licence expression (t2r_spdx_valid) the output's
                       first line names as the kernel's .rst files do, or
                       NULL; a text that names its own is left so */
} t2r_file_options;

/* Is 's' a usable adornment order: punctuation that docutils accepts as
 * an adornment, each character once? */
int t2r_adornments_valid(const char *s);

/* Is 's' shaped as an SPDX licence expression: licence identifiers
 * ("GPL-2.0+", "LicenseRef-x"), AND, OR, WITH and parentheses, single
 * spaces between? */
int t2r_spdx_valid(const char *s);

/* Puts the licence comment naming 'expr' first in 'text' (after a byte
 * order mark), with a blank line under it and the text's line ending,
 * unless the text names its licence itself.  Returns whether it did. */
int t2r_spdx_insert(t2r_buf *text, const char *expr);

/* t2r_spdx_insert on the output of 'res'; a text that names its own
 * licence gets a note instead. */
void t2r_put_spdx(t2r_result *res, const char *expr);

/* As t2r_convert, for the file at 'path', with 'opt' (NULL: defaults): a
 * document with titles but no single one above its text gets its file
 * name as title (not a .rst, not "-" for standard input), and so does
 * one with no title at all with T2R_TITLE_UNTITLED; a text named .rst or
 * headed by an ".. SPDX-License-Identifier:" comment is reStructuredText
 * already and is left as it is (with a note) unless T2R_AS_TEXT is set;
 * an "00-INDEX" becomes
 * an index.rst (see index.h) titled by its directory's name, linking the
 * listed documents found beside it in the file system. */
int t2r_convert_file(const t2r_rules *rules, const char *path,
                     const char *data, size_t len,
                     const t2r_file_options *opt, t2r_result *res);

/* The 00-INDEX at 'path' (for its directory's name) as index.rst;
 * 'exists' tells which listed names are present (NULL: all are). */
int t2r_convert_index(const t2r_rules *rules, const char *path,
                      const char *data, size_t len,
                      int (*exists)(void *ctx, const char *name), void *ctx,
                      t2r_result *res);

#endif
