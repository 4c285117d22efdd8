/* emit_rst.h - source lines + edits -> .rst text.
 *
 * Runs of untouched lines are copied byte for byte, with their own line
 * endings; only edited lines are written from the edit pool. */
#ifndef T2R_EMIT_RST_H
#define T2R_EMIT_RST_H

#include "buf.h"
#include "edits.h"
#include "source.h"

/* Appends the edited document to 'out'. */
void t2r_emit_rst(const t2r_source *src, const t2r_edits *edits, t2r_buf *out);

#endif
