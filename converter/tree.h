/* tree.h - the RST node tree a conversion builds.
 *
 * Nodes remember the source lines they came from; the emitter works from
 * the edits (edits.h), the tree says what each region became, for
 * --tree, --explain and the review of risky constructs.  One t2r_tree owns
 * all its nodes; they live until t2r_tree_free. */
#ifndef T2R_TREE_H
#define T2R_TREE_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
  T2R_NODE_DOCUMENT,
  T2R_NODE_SECTION,
  T2R_NODE_TITLE,
  T2R_NODE_PARAGRAPH,
  T2R_NODE_LITERAL,
  T2R_NODE_BULLET_LIST,
  T2R_NODE_ENUM_LIST,
  T2R_NODE_OPTION_LIST,
  T2R_NODE_FIELD_LIST,
  T2R_NODE_DEFINITION_LIST,
  T2R_NODE_BLOCK_QUOTE,
  T2R_NODE_TRANSITION,
  T2R_NODE_ADMONITION,
  T2R_NODE_TABLE,
  T2R_NODE_MARKUP /* explicit markup kept as written: directive, comment */
} t2r_node_kind;

typedef struct t2r_node t2r_node;
struct t2r_node {
  t2r_node_kind kind;
  uint32_t first, last; /* 0-based source lines, inclusive (fewer lines
                           than bytes: T2R_SOURCE_MAX) */
  unsigned level;       /* sections and titles: 1 for the document title */
  t2r_node *parent, *first_child, *last_child, *next;
};

typedef struct t2r_tree t2r_tree;

t2r_tree *t2r_tree_new(void);
void t2r_tree_free(t2r_tree *tree);
/* The document node (never NULL). */
t2r_node *t2r_tree_root(t2r_tree *tree);
/* Appends a new node of 'kind' to 'parent' and returns it. */
t2r_node *t2r_tree_append(t2r_tree *tree, t2r_node *parent,
                          t2r_node_kind kind, size_t first, size_t last);
/* Name of 'kind' as docutils spells its node ("literal_block", ...). */
const char *t2r_node_kind_name(t2r_node_kind kind);

/* Walks the tree without recursion: returns the node after 'node' in
 * document order (children first), or NULL at the end; '*depth' follows
 * the nesting. */
t2r_node *t2r_tree_next(t2r_node *node, int *depth);

#endif
