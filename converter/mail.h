/* mail.h - a mail's header and file name as git format-patch makes them.
 *
 * The header is folded at 78 columns; a name or subject outside ASCII
 * is written as RFC 2047 encoded words, a name with RFC 822 specials
 * quoted, and a message outside ASCII declared 8-bit UTF-8. */
#ifndef T2R_MAIL_H
#define T2R_MAIL_H

#include "buf.h"

#include <git2.h>
#include <stddef.h>

typedef struct {
  const git_oid *id;            /* the commit, after "From " */
  const git_signature *author;  /* From: and Date: */
  size_t number, count;         /* "[PATCH number/count]"; 0 a cover */
  const char *subject, *body;   /* the commit's message (body: NULL) */
} t2r_mail_head;

/* Appends the header, From line to the blank line after it. */
void t2r_mail_header(const t2r_mail_head *m, t2r_buf *out);

/* format-patch's file name for mail 'number' with 'subject'. */
void t2r_patch_name(size_t number, const char *subject, t2r_buf *name);

#endif
