/* source.c - bytes -> lines.  Handles BOM, CR/CRLF/LF, a missing final
 * newline, NUL bytes and Latin-1 in one place, as cmark's S_parser_feed
 * does for the first four. */
#include "source.h"

#include "buf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Length of the UTF-8 sequence at p (1..4), or 0 when it is invalid. */
static size_t utf8_seq_len(const unsigned char *p, size_t n) {
  unsigned char c = p[0];
  size_t need;
  unsigned cp;
  if (c < 0x80)
    return 1;
  if (c >= 0xc2 && c <= 0xdf)
    need = 2, cp = c & 0x1f;
  else if (c >= 0xe0 && c <= 0xef)
    need = 3, cp = c & 0x0f;
  else if (c >= 0xf0 && c <= 0xf4)
    need = 4, cp = c & 0x07;
  else
    return 0;
  if (n < need)
    return 0;
  for (size_t i = 1; i < need; i++) {
    if ((p[i] & 0xc0) != 0x80)
      return 0;
    cp = (cp << 6) | (p[i] & 0x3f);
  }
  if ((need == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
      (need == 4 && (cp < 0x10000 || cp > 0x10ffff)))
    return 0;
  return need;
}

/* Are the eight bytes at u ASCII? */
static int ascii_eight(const unsigned char *u) {
  uint64_t word;
  memcpy(&word, u, sizeof word);
  return !(word & 0x8080808080808080u);
}

int t2r_ascii_only(const char *p, size_t n) {
  const unsigned char *u = (const unsigned char *)p;
  size_t i = 0;
  while (n - i >= 8 && ascii_eight(u + i))
    i += 8;
  for (; i < n; i++)
    if (u[i] >= 0x80)
      return 0;
  return 1;
}

int t2r_utf8_valid(const char *p, size_t n) {
  const unsigned char *u = (const unsigned char *)p;
  for (size_t i = 0; i < n;) {
    if (n - i >= 8 && ascii_eight(u + i)) { /* mostly ASCII */
      i += 8;
      continue;
    }
    size_t k = utf8_seq_len(u + i, n - i);
    if (!k)
      return 0;
    i += k;
  }
  return 1;
}

static unsigned decode_utf8(const unsigned char *p, size_t k) {
  static const unsigned char lead_mask[5] = {0, 0x7f, 0x1f, 0x0f, 0x07};
  unsigned cp = p[0] & lead_mask[k];
  for (size_t i = 1; i < k; i++)
    cp = (cp << 6) | (p[i] & 0x3f);
  return cp;
}

/* Columns taken by code point 'cp': 0 for combining marks, 2 for East
 * Asian wide and fullwidth forms (the ranges docutils' column_width
 * treats as 'W' or 'F' in practice), 1 otherwise. */
static unsigned char_columns(unsigned cp) {
  if ((cp >= 0x300 && cp <= 0x36f) || (cp >= 0x200b && cp <= 0x200f) ||
      (cp >= 0x20d0 && cp <= 0x20ff) || (cp >= 0xfe20 && cp <= 0xfe2f))
    return 0;
  if ((cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0x303e) ||
      (cp >= 0x3041 && cp <= 0x33ff) || (cp >= 0x3400 && cp <= 0x4dbf) ||
      (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0xa000 && cp <= 0xa4cf) ||
      (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) ||
      (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) ||
      (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x1f300 && cp <= 0x1f64f) ||
      (cp >= 0x20000 && cp <= 0x3fffd))
    return 2;
  return 1;
}

/* Are the eight bytes at u ASCII and no tab, a column each? */
static int plain_eight(const unsigned char *u) {
  const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
  uint64_t word, tabs;
  memcpy(&word, u, sizeof word);
  tabs = word ^ (ones * '\t'); /* a zero byte where a tab was */
  return !(word & highs) && !((tabs - ones) & ~tabs & highs);
}

unsigned t2r_display_width(const char *p, size_t n, unsigned col) {
  const unsigned char *u = (const unsigned char *)p;
  unsigned width = 0, chars = col; /* tab stops count characters */
  for (size_t i = 0; i < n;) {
    if (n - i >= 8 && plain_eight(u + i)) {
      width += 8;
      chars += 8;
      i += 8;
    } else if (u[i] == '\t') {
      unsigned spaces = 8 - chars % 8;
      width += spaces;
      chars += spaces;
      i++;
    } else {
      size_t k = u[i] < 0x80 ? 1 : utf8_seq_len(u + i, n - i);
      width += k > 1 ? char_columns(decode_utf8(u + i, k)) : 1;
      chars++;
      i += k ? k : 1;
    }
  }
  return width;
}

const char *t2r_eol_bytes(unsigned char eol) {
  switch (eol) {
  case T2R_EOL_LF:
    return "\n";
  case T2R_EOL_CRLF:
    return "\r\n";
  case T2R_EOL_CR:
    return "\r";
  default:
    return "";
  }
}

static void measure_line(const char *data, t2r_line *ln) {
  unsigned col = 0;
  size_t i = ln->beg;
  for (; i < ln->end && t2r_blank_byte((unsigned char)data[i]); i++)
    col = data[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
  ln->text_beg = i;
  ln->indent = col;
  size_t e = ln->end;
  while (e > i && t2r_blank_byte((unsigned char)data[e - 1]))
    e--;
  ln->text_end = e;
  ln->blank = i == ln->end;
  ln->width = t2r_display_width(data + i, e - i, col);
}

static char *latin1_to_utf8(const char *p, size_t n, size_t *out_len) {
  t2r_buf b;
  t2r_buf_init(&b);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)p[i];
    if (c < 0x80) {
      t2r_buf_putc(&b, (char)c);
    } else {
      t2r_buf_putc(&b, (char)(0xc0 | (c >> 6)));
      t2r_buf_putc(&b, (char)(0x80 | (c & 0x3f)));
    }
  }
  return t2r_buf_detach(&b, out_len);
}

/* How many lines [p, p+n) has if LF ends them: the line array's size,
 * right unless lone CRs end lines too. */
static size_t count_lf_lines(const char *p, size_t n) {
  size_t count = 1;
  for (const char *end = p + n; (p = memchr(p, '\n', (size_t)(end - p))); p++)
    count++;
  return count;
}

static void split_lines(t2r_source *src) {
  size_t cap = count_lf_lines(src->data, src->len), counts[4] = {0};
  src->lines = t2r_xrealloc(NULL, cap * sizeof *src->lines);
  src->nlines = 0;
  const char *d = src->data;
  for (size_t i = 0; i < src->len;) {
    const char *nl = memchr(d + i, '\n', src->len - i);
    const char *cr = memchr(d + i, '\r', nl ? (size_t)(nl - d) - i : src->len - i);
    t2r_line ln = {0};
    ln.beg = i;
    if (cr && (size_t)(cr - d) + 1 < src->len && cr[1] == '\n') {
      ln.end = (size_t)(cr - d);
      ln.eol = T2R_EOL_CRLF;
      i = ln.end + 2;
    } else if (cr) {
      ln.end = (size_t)(cr - d);
      ln.eol = T2R_EOL_CR;
      i = ln.end + 1;
    } else if (nl) {
      ln.end = (size_t)(nl - d);
      ln.eol = T2R_EOL_LF;
      i = ln.end + 1;
    } else {
      ln.end = src->len;
      ln.eol = T2R_EOL_NONE;
      i = src->len;
    }
    measure_line(d, &ln);
    counts[ln.eol]++;
    if (src->nlines == cap) {
      cap += cap / 2 + 16; /* lone CRs end lines, too */
      src->lines = t2r_xrealloc(src->lines, cap * sizeof *src->lines);
    }
    src->lines[src->nlines++] = ln;
  }
  src->eol = T2R_EOL_LF;
  if (counts[T2R_EOL_CRLF] > counts[T2R_EOL_LF])
    src->eol = T2R_EOL_CRLF;
  if (counts[T2R_EOL_CR] > counts[T2R_EOL_LF] + counts[T2R_EOL_CRLF])
    src->eol = T2R_EOL_CR;
}

int t2r_source_init(t2r_source *src, const char *p, size_t len) {
  memset(src, 0, sizeof *src);
  if (len > T2R_SOURCE_MAX)
    return T2R_SOURCE_TOO_LARGE;
  if (memchr(p, '\0', len))
    return T2R_SOURCE_BINARY;
  if (t2r_utf8_valid(p, len)) {
    src->data = p; /* read in place: the input is often most of the memory */
    src->len = len;
  } else {
    src->data = src->owned = latin1_to_utf8(p, len, &src->len);
    src->latin1 = 1;
    if (src->len > T2R_SOURCE_MAX) {
      t2r_source_release(src);
      return T2R_SOURCE_TOO_LARGE;
    }
  }
  split_lines(src);
  return T2R_SOURCE_OK;
}

void t2r_source_release(t2r_source *src) {
  free(src->owned);
  free(src->lines);
  memset(src, 0, sizeof *src);
}

int t2r_blank_text(const char *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!t2r_blank_byte((unsigned char)p[i]) && p[i] != '\n' && p[i] != '\r')
      return 0;
  return 1;
}
