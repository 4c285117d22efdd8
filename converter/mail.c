/* mail.c - the parts of a mail git format-patch writes that libgit2 does
 * not: the header, folded and encoded as git does, and the file name. */
#include "mail.h"

#include "source.h"

#include <stdio.h>
#include <string.h>

/* format-patch's longest file name, ".patch" included
 * (format.filenameMaxLength's default). */
#define PATCH_NAME_MAX 64

static int title_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '.' || c == '_';
}

/* git format-patch's file name: the number, then the subject with every
 * run of other characters turned into one '-' and every run of '.' into
 * one '.', without '.' or '-' at its end; all cut to PATCH_NAME_MAX with
 * ".patch", which can leave a '-' or '.' before it, as git does. */
void t2r_patch_name(size_t number, const char *subject, t2r_buf *name) {
  size_t start = name->len;
  t2r_buf_printf(name, "%04zu-", number);
  size_t words = name->len;
  int gap = 0;
  for (const char *p = subject; *p && *p != '\n'; p++) {
    if (!title_char(*p)) {
      gap = 1;
      continue;
    }
    if (gap && name->len > words)
      t2r_buf_putc(name, '-');
    gap = 0;
    t2r_buf_putc(name, *p);
    while (*p == '.' && p[1] == '.')
      p++;
  }
  while (name->len > words &&
         (name->ptr[name->len - 1] == '.' || name->ptr[name->len - 1] == '-'))
    name->ptr[--name->len] = '\0';
  size_t max = start + PATCH_NAME_MAX - sizeof ".patch";
  if (name->len > max)
    name->ptr[name->len = max] = '\0';
  t2r_buf_puts(name, ".patch");
}

static void rfc2822_date(const git_time *t, t2r_buf *out) {
  static const char days[] = "SunMonTueWedThuFriSat";
  static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
  long long secs = t->time + (long long)t->offset * 60;
  long long day = secs >= 0 ? secs / 86400 : (secs - 86399) / 86400;
  long long rem = secs - day * 86400;
  /* civil date from days since 1970-01-01 (Howard Hinnant's algorithm) */
  long long z = day + 719468, era = (z >= 0 ? z : z - 146096) / 146097;
  long long doe = z - era * 146097;
  long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
  long long d = doy - (153 * mp + 2) / 5 + 1, m = mp < 10 ? mp + 3 : mp - 9;
  long long y = yoe + era * 400 + (m <= 2);
  int wd = (int)(((day % 7) + 11) % 7);
  int off = t->offset < 0 ? -t->offset : t->offset;
  t2r_buf_printf(out, "%.3s, %lld %.3s %lld %02lld:%02lld:%02lld %c%02d%02d",
                 days + 3 * wd, d, months + 3 * (m - 1), y, rem / 3600,
                 rem / 60 % 60, rem % 60, t->offset < 0 ? '-' : '+', off / 60,
                 off % 60);
}

#define HEADER_WIDTH 78  /* RFC 2822's line length, where git folds */
#define ENCODED_WIDTH 76 /* RFC 2047's, for lines of encoded words */

static size_t last_line_len(const t2r_buf *out) {
  size_t i = out->len;
  while (i && out->ptr[i - 1] != '\n')
    i--;
  return out->len - i;
}

/* Appends ASCII 'text' to a header as git folds it: a word that would
 * end past HEADER_WIDTH starts a new line, indented by one blank (the
 * header's first word too, but not a continuation line's). */
static void put_folded(const char *text, size_t len, t2r_buf *out) {
  size_t width = last_line_len(out);
  int first_line = 1, words = 0;
  for (size_t i = 0;;) {
    const char *sp = memchr(text + i, ' ', len - i);
    size_t n = sp ? (size_t)(sp - text) - i : len - i;
    if (width + (words > 0) + n > HEADER_WIDTH && (words || first_line)) {
      t2r_buf_puts(out, "\n ");
      width = 1, words = 0, first_line = 0;
    } else if (words) {
      t2r_buf_putc(out, ' ');
      width++;
    }
    t2r_buf_put(out, text + i, n);
    width += n, words++;
    if (!sp)
      break;
    i += n + 1;
  }
}

/* Header text git encodes (RFC 2047): bytes outside ASCII, a line feed,
 * or "=?", which would read as the start of an encoded word. */
static int needs_encoding(const char *p) {
  for (; *p; p++)
    if ((unsigned char)*p >= 0x80 || *p == '\n' || (p[0] == '=' && p[1] == '?'))
      return 1;
  return 0;
}

/* A byte an encoded word must write as "=XX": anything but printable
 * ASCII, and '=', '?', '_' and blanks; in a name before an address,
 * also all but letters, digits and "!*+-/" (RFC 2047, 5.3). */
static int encoded_byte(unsigned char c, int in_address) {
  if (c <= ' ' || c >= 0x7f || c == '=' || c == '?' || c == '_')
    return 1;
  int plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9') || strchr("!*+-/", c);
  return in_address && !plain;
}

/* The length of the UTF-8 character at 'p' (1 for a byte that starts
 * none), so that an encoded word never splits one. */
static size_t char_len(const unsigned char *p, size_t n) {
  size_t len = *p >= 0xf0 ? 4 : *p >= 0xe0 ? 3 : *p >= 0xc0 ? 2 : 1;
  if (*p >= 0xf8 || len > n)
    return 1;
  for (size_t k = 1; k < len; k++)
    if ((p[k] & 0xc0) != 0x80)
      return 1;
  return len;
}

/* 'text' as RFC 2047 "Q" encoded words, a new one on a new line where
 * the last would pass ENCODED_WIDTH with its closing "?=". */
static void put_encoded(const char *text, int in_address, t2r_buf *out) {
  static const char open[] = "=?UTF-8?q?";
  size_t width = last_line_len(out) + sizeof open - 1;
  t2r_buf_puts(out, open);
  const unsigned char *p = (const unsigned char *)text;
  for (size_t n = strlen(text); n;) {
    size_t len = char_len(p, n);
    int encoded = len > 1 || encoded_byte(*p, in_address);
    size_t w = encoded ? 3 * len : 1;
    if (width + w + 2 > ENCODED_WIDTH) {
      t2r_buf_printf(out, "?=\n %s", open);
      width = sizeof open;
    }
    for (size_t k = 0; k < len; k++)
      if (encoded)
        t2r_buf_printf(out, "=%02X", p[k]);
      else
        t2r_buf_putc(out, (char)p[k]);
    width += w, p += len, n -= len;
  }
  t2r_buf_puts(out, "?=");
}

/* RFC 822's specials: a name holding one is quoted in an address. */
static int needs_quotes(const char *name) {
  return strpbrk(name, "()<>[]:;@,.\"\\") != NULL;
}

static void put_quoted(const char *name, t2r_buf *out) {
  t2r_buf quoted;
  t2r_buf_init(&quoted);
  t2r_buf_putc(&quoted, '"');
  for (const char *p = name; *p; p++) {
    if (*p == '"' || *p == '\\')
      t2r_buf_putc(&quoted, '\\');
    t2r_buf_putc(&quoted, *p);
  }
  t2r_buf_putc(&quoted, '"');
  put_folded(quoted.ptr, quoted.len, out);
  t2r_buf_release(&quoted);
}

/* "From: name <email>": the name encoded, quoted or folded as git does,
 * the address on a line of its own where it would not fit. */
static void put_from(const git_signature *who, t2r_buf *out) {
  size_t width = HEADER_WIDTH;
  t2r_buf_puts(out, "From: ");
  if (needs_encoding(who->name)) {
    put_encoded(who->name, 1, out);
    width = ENCODED_WIDTH;
  } else if (needs_quotes(who->name)) {
    put_quoted(who->name, out);
  } else {
    put_folded(who->name, strlen(who->name), out);
  }
  if (last_line_len(out) + strlen(who->email) + 3 > width)
    t2r_buf_putc(out, '\n');
  t2r_buf_printf(out, " <%s>\n", who->email);
}

static int has_non_ascii(const char *p) {
  return p && !t2r_ascii_only(p, strlen(p));
}

void t2r_mail_header(const t2r_mail_head *m, t2r_buf *out) {
  char hex[GIT_OID_HEXSZ + 1];
  git_oid_tostr(hex, sizeof hex, m->id);
  t2r_buf_printf(out, "From %s Mon Sep 17 00:00:00 2001\n", hex);
  put_from(m->author, out);
  t2r_buf_puts(out, "Date: ");
  rfc2822_date(&m->author->when, out);
  if (m->count > 1)
    t2r_buf_printf(out, "\nSubject: [PATCH %0*zu/%zu] ",
                   snprintf(NULL, 0, "%zu", m->count), m->number, m->count);
  else
    t2r_buf_puts(out, "\nSubject: [PATCH] ");
  if (needs_encoding(m->subject))
    put_encoded(m->subject, 0, out);
  else
    put_folded(m->subject, strlen(m->subject), out);
  t2r_buf_putc(out, '\n');
  if (has_non_ascii(m->subject) || has_non_ascii(m->body))
    t2r_buf_puts(out, "MIME-Version: 1.0\n"
                      "Content-Type: text/plain; charset=UTF-8\n"
                      "Content-Transfer-Encoding: 8bit\n");
  t2r_buf_putc(out, '\n');
}
