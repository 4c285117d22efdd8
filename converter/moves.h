/* moves.h - where batch mode puts documents: --move OLD=NEW and move maps.
 *
 * A move names a document or, ending in '/', a directory, by its path in
 * the repository; its target is where the converted document (or the
 * directory's documents) will be.  A map file holds one "OLD NEW" pair a
 * line; blank lines and lines starting with '#' are skipped. */
#ifndef T2R_MOVES_H
#define T2R_MOVES_H

#include "buf.h"
#include "diag.h"

#include <stddef.h>

typedef struct {
  char *from, *to; /* repository paths; a directory's end with '/' */
  char *where;     /* "--move" or "FILE:LINE", for messages */
} t2r_move;

typedef struct {
  t2r_move *items;
  size_t n;
} t2r_moves;

/* Adds "OLD=NEW".  Returns 0, or -1 with the reason in 'diags'. */
int t2r_moves_add(t2r_moves *m, const char *arg, t2r_diags *diags);
/* Adds the pairs of map file 'path'.  Returns 0, or -1 with every bad
 * line in 'diags'. */
int t2r_moves_read_map(t2r_moves *m, const char *path, t2r_diags *diags);
void t2r_moves_release(t2r_moves *m);

/* Where the move 'k' puts 'path' (owned): its target, or for a directory
 * move the target directory and the rest of the path; NULL when move k
 * does not cover 'path'. */
char *t2r_moves_place(const t2r_moves *m, size_t k, const char *path);

/* The directory part of 'path', "" when it has none (caller frees). */
char *t2r_dir_of(const char *path);

/* Reports moves whose targets lead back to their own sources (a -> b,
 * b -> a; a directory moved into itself).  Returns their number. */
size_t t2r_moves_cycles(const t2r_moves *m, t2r_diags *diags);

/* Rewrites the :doc: targets and toctree entries of a document moved from
 * 'old_path' to 'new_path' (the same path for one that stays) so that they
 * name the same documents where they are now; 'where_now' gives the new place (without
 * extension) of a document named by its old place without extension, or
 * NULL when it stays.  Absolute targets ("/core-api/index") count from
 * 'root', the Sphinx source directory ("" for the top), and are left
 * alone when 'root' is NULL.  Returns the number changed. */
size_t t2r_relink_docs(t2r_buf *text, const char *old_path,
                       const char *new_path, const char *root,
                       char *(*where_now)(void *ctx, const char *doc),
                       void *ctx);

#endif
