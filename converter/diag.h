/* diag.h - diagnostics collected during a conversion.
 *
 * Library code never prints: notes for the review list, --explain records
 * and rule-file errors are appended here and main.c prints them in the
 * compiler style "file:line:col: severity: text [rule]". */
#ifndef T2R_DIAG_H
#define T2R_DIAG_H

#include <stddef.h>

typedef enum {
  T2R_DIAG_EDIT,    /* an edit the converter made (--explain) */
  T2R_DIAG_NOTE,    /* a construct left for a human to check */
  T2R_DIAG_WARNING, /* input that was repaired in a lossy-looking way */
  T2R_DIAG_ERROR    /* the operation failed */
} t2r_severity;

typedef struct {
  t2r_severity severity;
  unsigned line, col;    /* 1-based; 0 when not known */
  unsigned char borrowed; /* 'text' is a literal, not owned */
  const char *rule;      /* static or owned by the rules; may be NULL */
  const char *text;      /* owned unless 'borrowed' */
  size_t seq;            /* order of arrival, keeps sorting stable */
} t2r_diag;

typedef struct {
  t2r_diag *items;
  size_t len, cap;
} t2r_diags;

void t2r_diags_init(t2r_diags *d);
void t2r_diags_add(t2r_diags *d, t2r_severity sev, unsigned line,
                   unsigned col, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* As t2r_diags_add with a text that outlives 'd' (a string literal),
 * kept without a copy: a conversion notes each of its many edits so. */
void t2r_diags_add_literal(t2r_diags *d, t2r_severity sev, unsigned line,
                           unsigned col, const char *rule, const char *text);
/* Number of diagnostics of severity 'sev'. */
size_t t2r_diags_count(const t2r_diags *d, t2r_severity sev);
/* Sorts by line, keeping the order of diagnostics on one line. */
void t2r_diags_sort(t2r_diags *d);
void t2r_diags_release(t2r_diags *d);
/* "edit", "note", "warning" or "error". */
const char *t2r_severity_name(t2r_severity sev);

#endif
