/* tree.c - node storage: nodes are allocated in blocks that never move, so
 * node pointers stay valid while the tree grows. */
#include "tree.h"

#include "buf.h"

#include <stdlib.h>
#include <string.h>

#define NODES_PER_BLOCK 256

typedef struct node_block {
  struct node_block *next;
  size_t used;
  t2r_node nodes[NODES_PER_BLOCK];
} node_block;

struct t2r_tree {
  node_block *blocks;
  t2r_node *root;
};

static t2r_node *alloc_node(t2r_tree *tree) {
  if (!tree->blocks || tree->blocks->used == NODES_PER_BLOCK) {
    node_block *b = t2r_xrealloc(NULL, sizeof *b);
    b->next = tree->blocks;
    b->used = 0;
    tree->blocks = b;
  }
  t2r_node *n = &tree->blocks->nodes[tree->blocks->used++];
  memset(n, 0, sizeof *n);
  return n;
}

t2r_tree *t2r_tree_new(void) {
  t2r_tree *tree = t2r_xrealloc(NULL, sizeof *tree);
  tree->blocks = NULL;
  tree->root = alloc_node(tree);
  tree->root->kind = T2R_NODE_DOCUMENT;
  return tree;
}

void t2r_tree_free(t2r_tree *tree) {
  if (!tree)
    return;
  while (tree->blocks) {
    node_block *next = tree->blocks->next;
    free(tree->blocks);
    tree->blocks = next;
  }
  free(tree);
}

t2r_node *t2r_tree_root(t2r_tree *tree) { return tree->root; }

t2r_node *t2r_tree_append(t2r_tree *tree, t2r_node *parent,
                          t2r_node_kind kind, size_t first, size_t last) {
  t2r_node *n = alloc_node(tree);
  n->kind = kind;
  n->first = (uint32_t)first;
  n->last = (uint32_t)last;
  n->parent = parent;
  if (parent->last_child)
    parent->last_child->next = n;
  else
    parent->first_child = n;
  parent->last_child = n;
  return n;
}

const char *t2r_node_kind_name(t2r_node_kind kind) {
  static const char *const names[] = {
      "document",        "section",        "title",
      "paragraph",       "literal_block",  "bullet_list",
      "enumerated_list", "option_list",    "field_list",
      "definition_list", "block_quote",    "transition",
      "admonition",      "table",          "markup"};
  return (size_t)kind < sizeof names / sizeof *names ? names[kind] : "?";
}

t2r_node *t2r_tree_next(t2r_node *node, int *depth) {
  if (node->first_child) {
    ++*depth;
    return node->first_child;
  }
  while (node) {
    if (node->next)
      return node->next;
    node = node->parent;
    --*depth;
  }
  return NULL;
}
