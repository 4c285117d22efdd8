/* gitsetup.h - libgit2 set up as this library uses it. */
#ifndef T2R_GITSETUP_H
#define T2R_GITSETUP_H

#include <git2.h>

/* Initializes libgit2 (pair with git_libgit2_shutdown) and gives it this
 * library's allocator: libgit2 never sees an allocation fail (some of
 * its paths crash or go on with less when one does); memory running out
 * inside it ends the job as anywhere else (see t2r_guard_memory). */
void t2r_git_init(void);

/* Called after a libgit2 call failed: when it failed for lack of memory
 * (zlib allocates on its own), ends the job as t2r_out_of_memory does,
 * so that the failure does not read as a missing object. */
void t2r_git_check_memory(void);

/* Makes every object written to 'repo' stay in memory, for the life of
 * 'repo'.  Objects are looked for in memory first, then in the
 * repository's own store, which is read only: libgit2 would otherwise
 * touch an existing object file on each write ("freshen" it) and rescan
 * the pack directory for each new object.  Non-zero on failure. */
int t2r_git_store_in_memory(git_repository *repo);

#endif
