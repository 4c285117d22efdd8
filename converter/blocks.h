/* blocks.h - group lexed lines into RST blocks and decide their edits.
 *
 * This is the structural half of the rule engine: it reads the line
 * geometry and the textual classes that rules/ assigned, and decides what
 * each region becomes (title, paragraph, literal block, list, definition
 * list, transition, ...).  It records the edits that make docutils read
 * the region that way, and marks which lines form one paragraph for the
 * inline stage.  It never rewrites words. */
#ifndef T2R_BLOCKS_H
#define T2R_BLOCKS_H

#include "diag.h"
#include "edits.h"
#include "lexer.h"
#include "rules.h"
#include "source.h"
#include "tree.h"

typedef struct {
  const t2r_source *src;
  const t2r_line_info *info; /* one per source line */
  t2r_matcher *tests;        /* asks the rules' tests (t2r_rules_test) */
  t2r_edits *edits;          /* receives the block edits */
  t2r_tree *tree;            /* receives the nodes */
  t2r_diags *diags;          /* receives edit records and review notes */
  unsigned *para;            /* out: per line, inline text block id (0:
                                none: literal, markup, adornment) */
  const char *name;          /* the file's name, made the title of a
                                document with no single title, or NULL */
  int name_untitled;         /* ... and of one with no title at all */
  const char *adornments;    /* order of styles for new title levels, or
                                NULL for the kernel's */
} t2r_blocks;

/* Decides the blocks of the whole document. */
void t2r_blocks_build(t2r_blocks *b);

#endif
