/* source.h - the input document as lines: offsets, EOL, indentation, width.
 *
 * The bytes are read once into one buffer; every later stage refers to a
 * line by its offsets.  Encoding is settled here and only here: UTF-8 is
 * kept as is; input that is not valid UTF-8 is read as Latin-1 and
 * transcoded to UTF-8 so that no byte is lost and the output is UTF-8.
 * NUL bytes mean the file is binary and is refused. */
#ifndef T2R_SOURCE_H
#define T2R_SOURCE_H

#include <stddef.h>
#include <stdint.h>

typedef enum { T2R_EOL_NONE, T2R_EOL_LF, T2R_EOL_CRLF, T2R_EOL_CR } t2r_eol;

/* Byte offsets into the document fit in 32 bits (T2R_SOURCE_MAX): a line
 * record is the larger part of the memory a conversion takes. */
typedef uint32_t t2r_offset;
#define T2R_SOURCE_MAX ((size_t)UINT32_MAX - 1)

typedef struct {
  t2r_offset beg, end; /* content bytes [beg, end), EOL excluded */
  t2r_offset text_beg; /* first byte that is not blank */
  t2r_offset text_end; /* end without trailing blanks */
  unsigned indent;   /* display column of text_beg (tab stops every 8) */
  unsigned width;    /* display width of [text_beg, text_end) */
  unsigned char eol; /* t2r_eol */
  unsigned char blank;
} t2r_line;

typedef struct {
  const char *data; /* UTF-8: the caller's bytes, or 'owned' */
  char *owned;      /* the transcoding of input that was not UTF-8 */
  size_t len;
  t2r_line *lines;
  size_t nlines;
  unsigned char eol;    /* dominant line ending, used for inserted lines */
  unsigned char latin1; /* input was not UTF-8 and was transcoded */
} t2r_source;

enum { T2R_SOURCE_OK = 0, T2R_SOURCE_BINARY = -1, T2R_SOURCE_TOO_LARGE = -2 };

/* Splits 'len' bytes at 'p' into lines, read in place: they must outlive
 * 'src' (input that is not UTF-8 is transcoded).  Returns T2R_SOURCE_OK,
 * T2R_SOURCE_BINARY when the bytes contain NUL, or T2R_SOURCE_TOO_LARGE
 * when the UTF-8 text would pass T2R_SOURCE_MAX bytes (then 'src' is
 * empty). */
int t2r_source_init(t2r_source *src, const char *p, size_t len);
void t2r_source_release(t2r_source *src);

/* Display width of the UTF-8 bytes [p, p+n) after 'col' characters of
 * blanks, as docutils measures titles: tabs are expanded first to the
 * next multiple of 8 characters (Python's expandtabs, where a wide
 * character counts one), then East Asian wide characters count 2 columns
 * and combining marks 0. */
unsigned t2r_display_width(const char *p, size_t n, unsigned col);
/* Form feed and vertical tab are blanks to docutils (string2lines), as
 * space and tab are. */
static inline int t2r_blank_byte(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\f' || c == '\v';
}

/* ASCII letters and digits, whatever the locale. */
static inline int t2r_ascii_letter(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
static inline int t2r_ascii_digit(unsigned char c) {
  return c >= '0' && c <= '9';
}
static inline int t2r_ascii_alnum(unsigned char c) {
  return t2r_ascii_digit(c) || t2r_ascii_letter(c);
}
/* True when [p, p+n) holds nothing but blanks and line ends. */
int t2r_blank_text(const char *p, size_t n);
/* True when [p, p+n) is valid UTF-8. */
int t2r_utf8_valid(const char *p, size_t n);
/* Is [p, p+n) ASCII only? */
int t2r_ascii_only(const char *p, size_t n);
/* The EOL bytes for 'eol' ("" for none). */
const char *t2r_eol_bytes(unsigned char eol);

#endif
