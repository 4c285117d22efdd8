/* edits.h - the list of edits a conversion makes to its source lines.
 *
 * "Edit, don't regenerate": the emitter copies every source line as it is
 * unless an edit replaces its content, removes it, or inserts lines before
 * it.  Line endings are never part of an edit; inserted lines take the
 * document's dominant ending.  Inserting before line 'nlines' appends. */
#ifndef T2R_EDITS_H
#define T2R_EDITS_H

#include "buf.h"

#include <stddef.h>
#include <stdint.h>

typedef struct {
  size_t off, len; /* bytes in the pool */
} t2r_span;

typedef struct {
  t2r_span repl;        /* new content when 'replaced' */
  t2r_span *ins;        /* lines inserted before this one, in order */
  unsigned nins, cap;
  unsigned char replaced, dropped;
} t2r_line_edit;

/* Most lines keep their content, so records exist for edited lines
 * only: a line's slot is 0 or its record's index + 1. */
typedef struct {
  uint32_t *slot;       /* nlines + 1 entries: the last takes appends */
  t2r_line_edit *recs;  /* records of the edited lines, in no order */
  size_t nrecs, cap;
  size_t nlines;
  t2r_buf pool;         /* bytes of replacements and inserted lines */
  size_t count;         /* edits made, for reports */
} t2r_edits;

void t2r_edits_init(t2r_edits *e, size_t nlines);
void t2r_edits_release(t2r_edits *e);

/* Replaces the content of 'line' by [p, p+n). */
void t2r_edits_replace(t2r_edits *e, size_t line, const char *p, size_t n);
/* Removes 'line' (its content and its line ending). */
void t2r_edits_drop(t2r_edits *e, size_t line);
/* Inserts [p, p+n) as a line before 'line', after earlier insertions. */
void t2r_edits_insert(t2r_edits *e, size_t line, const char *p, size_t n);
/* Inserts a blank line before 'line' unless one is inserted already. */
void t2r_edits_insert_blank(t2r_edits *e, size_t line);
/* Inserts [p, p+n) as a line before 'line', before earlier insertions:
 * for a line that must stay glued to the line above it (an underline). */
void t2r_edits_prepend(t2r_edits *e, size_t line, const char *p, size_t n);

/* Replaces the k-th line inserted before 'line' by [p, p+n). */
void t2r_edits_replace_inserted(t2r_edits *e, size_t line, unsigned k,
                                const char *p, size_t n);

/* The edits of 'line' (a record with none when it has none). */
const t2r_line_edit *t2r_edits_of(const t2r_edits *e, size_t line);

/* Current content of 'line' (its replacement or 'orig'). */
const char *t2r_edits_content(const t2r_edits *e, size_t line,
                              const char *orig, size_t orig_len, size_t *len);

#endif
