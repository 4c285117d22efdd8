/* lexer.c - line classification by byte scanning.
 *
 * Only cheap, structural features are measured here; what a line's words
 * mean (code, prose, a note) is decided by the PCRE2 patterns in rules/. */
#include "lexer.h"

#include <string.h>

/* RST adornment characters: printable 7-bit non-alphanumerics
 * (docutils' Body.pats['nonalphanum7bit']). */
int t2r_is_adornment_char(unsigned char c) {
  return c > 32 && c < 127 && !(c >= '0' && c <= '9') &&
         !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z');
}

int t2r_is_adornment_line(const char *p, size_t n) {
  if (!n || !t2r_is_adornment_char((unsigned char)p[0]))
    return 0;
  for (size_t i = 1; i < n; i++)
    if (p[i] != p[0])
      return 0;
  return 1;
}

int t2r_is_transition_text(const char *p, size_t n) {
  return n >= 4 && t2r_is_adornment_line(p, n);
}

static void scan_adornment(const char *p, size_t n, t2r_line_info *out) {
  if (t2r_is_adornment_line(p, n))
    out->adorn = (unsigned char)p[0]; /* the whole text: see text_end */
}

static int roman_char(unsigned char c, int upper) {
  return strchr(upper ? "IVXLCDM" : "ivxlcdm", c) != NULL && c;
}

/* Value of a roman numeral in [p, p+n), or 0 when it is not one. */
static long roman_value(const char *p, size_t n) {
  static const char digits[] = "ivxlcdm";
  static const long values[] = {1, 5, 10, 50, 100, 500, 1000};
  long total = 0, prev = 0;
  for (size_t i = n; i-- > 0;) {
    const char *d = strchr(digits, p[i] | 0x20);
    if (!d || !*d)
      return 0;
    long v = values[d - digits];
    total += v < prev ? -v : v;
    if (v > prev)
      prev = v;
  }
  return total > 0 && total < 4000 ? total : 0;
}

/* Scans an enumerator body at p: digits, one letter, roman or '#'.
 * Returns its length (0 when none) and sets sequence and value. */
static size_t scan_ordinal(const char *p, size_t n, t2r_line_info *out) {
  size_t i = 0;
  unsigned char c = (unsigned char)p[0];
  if (c == '#') {
    out->enum_seq = T2R_SEQ_AUTO;
    out->enum_value = 0;
    return 1;
  }
  if (c >= '0' && c <= '9') {
    long v = 0;
    while (i < n && p[i] >= '0' && p[i] <= '9' && i < 9)
      v = v * 10 + (p[i++] - '0');
    out->enum_seq = T2R_SEQ_ARABIC;
    out->enum_value = v;
    return i;
  }
  int upper = c >= 'A' && c <= 'Z';
  while (i < n && roman_char((unsigned char)p[i], upper))
    i++;
  /* docutils reads a lone 'i'/'I' as roman, other lone letters as alpha */
  if (i > 1 || (i == 1 && (c == 'i' || c == 'I'))) {
    long v = roman_value(p, i);
    if (!v)
      return 0;
    out->enum_seq = upper ? T2R_SEQ_UPPER_ROMAN : T2R_SEQ_LOWER_ROMAN;
    out->enum_value = v;
    return i;
  }
  if ((c >= 'a' && c <= 'z') || upper) {
    out->enum_seq = upper ? T2R_SEQ_UPPER : T2R_SEQ_LOWER;
    out->enum_value = (c | 0x20) - 'a' + 1;
    return 1;
  }
  return 0;
}

/* Marker ends where the text begins: at a blank or at the end. */
static int marker_ends(const char *p, size_t n, size_t i) {
  return i == n || t2r_blank_byte((unsigned char)p[i]);
}

static size_t scan_enumerator(const char *p, size_t n, t2r_line_info *out) {
  size_t i = 0;
  int parens = p[0] == '(';
  if (parens)
    i++;
  size_t k = scan_ordinal(p + i, n - i, out);
  if (!k)
    return 0;
  i += k;
  if (i >= n)
    return 0;
  if (parens) {
    if (p[i] != ')')
      return 0;
    out->enum_format = T2R_ENUM_PARENS;
    i++;
  } else if (p[i] == ')') {
    out->enum_format = T2R_ENUM_PAREN;
    i++;
  } else if (p[i] == '.' && i + 1 < n && p[i + 1] == ')') {
    out->enum_format = T2R_ENUM_PERIOD_PAREN;
    i += 2;
  } else if (p[i] == '.') {
    out->enum_format = T2R_ENUM_PERIOD;
    i++;
  } else {
    return 0;
  }
  return marker_ends(p, n, i) ? i : 0;
}

static int is_name_char(unsigned char c) {
  return t2r_ascii_alnum(c) || c == '_' || c == '-';
}

/* An option's argument as docutils reads one: a letter, then letters,
 * digits, '_' and '-'; or "<...>".  Returns its length, or 0. */
static size_t scan_option_arg(const char *p, size_t n) {
  size_t j = 1;
  if (n && p[0] == '<') {
    while (j < n && p[j] != '>' && p[j] != '<')
      j++;
    return j > 1 && j < n && p[j] == '>' ? j + 1 : 0;
  }
  if (!n || !t2r_ascii_alnum((unsigned char)p[0]) || (p[0] >= '0' && p[0] <= '9'))
    return 0;
  while (j < n && is_name_char((unsigned char)p[j]))
    j++;
  return j;
}

/* One option as docutils' pattern reads it: "-a", "-a ARG", "-aARG",
 * "--long", "--long=ARG", "--long ARG"; with its argument when 'with_arg'
 * (0 when it has none).  Returns its length.  A slash option is taken in
 * its DOS form only ("/V", "/V=ARG"): "/name" at a line's start is far
 * more often a path. */
static size_t scan_one_option(const char *p, size_t n, int with_arg) {
  size_t i = 2;
  int is_long = n >= 3 && p[0] == '-' && p[1] == '-' && t2r_ascii_alnum((unsigned char)p[2]);
  int slash = !is_long && n >= 2 && p[0] == '/' && t2r_ascii_alnum((unsigned char)p[1]);
  if (is_long) {
    while (i < n && is_name_char((unsigned char)p[i]))
      i++;
  } else if (!slash && !(n >= 2 && p[0] == '-' && t2r_ascii_alnum((unsigned char)p[1]))) {
    return 0;
  }
  if (!with_arg)
    return i;
  size_t sep = i < n && (p[i] == ' ' || ((is_long || slash) && p[i] == '='));
  if ((is_long || slash) && !sep)
    return 0;
  size_t arg = scan_option_arg(p + i + sep, n - i - sep);
  return arg ? i + sep + arg : 0;
}

/* Where the option group at p ends, as docutils' option_marker pattern
 * matches it: options joined by ", ", then two blanks or the line's end.
 * An option may have its argument or go without (the pattern
 * backtracks); where one of the two fits, the other cannot, so one pass
 * decides.  0 when there is none. */
static size_t option_group_end(const char *p, size_t n) {
  for (size_t i = 0;;) {
    size_t next = 0;
    for (int with_arg = 1; with_arg >= 0; with_arg--) {
      size_t k = scan_one_option(p + i, n - i, with_arg);
      if (!k)
        continue;
      size_t e = i + k;
      if (e == n || (e + 1 < n && p[e] == ' ' && p[e + 1] == ' ') ||
          p[e] == '\t')
        return e;
      if (e + 2 < n && p[e] == ',' && p[e + 1] == ' ')
        next = e + 2;
    }
    if (!next)
      return 0;
    i = next;
  }
}

static size_t scan_field(const char *p, size_t n) {
  if (n < 3 || p[0] != ':' || p[1] == ':' || t2r_blank_byte((unsigned char)p[1]))
    return 0;
  size_t i = 1;
  while (i < n && p[i] != ':' && p[i] != '`' && p[i] != '\\')
    i++;
  if (i >= n || p[i] != ':' || t2r_blank_byte((unsigned char)p[i - 1]))
    return 0;
  i++;
  return marker_ends(p, n, i) ? i : 0;
}

void t2r_lex_marker(const char *p, size_t n, t2r_line_info *out) {
  unsigned char c = n ? (unsigned char)p[0] : 0;
  size_t k = 0;
  out->mark = T2R_MARK_NONE;
  if ((c == '-' || c == '*' || c == '+' || c == 'o') && marker_ends(p, n, 1)) {
    out->mark = T2R_MARK_BULLET;
    out->bullet = c;
    k = 1;
  } else if (n >= 3 && !memcmp(p, "\xe2\x80\xa2", 3) && marker_ends(p, n, 3)) {
    out->mark = T2R_MARK_BULLET;
    out->bullet = 0x95;
    k = 3;
  } else if (c == '-' && n > 3 && p[1] == '-' && marker_ends(p, n, 2)) {
    out->mark = T2R_MARK_BULLET;
    out->bullet = T2R_BULLET_DASHES;
    k = 2;
  } else if ((k = scan_enumerator(p, n, out)) != 0) {
    out->mark = T2R_MARK_ENUM;
  } else if ((c == '-' || c == '/') && (k = option_group_end(p, n)) != 0) {
    out->mark = T2R_MARK_OPTION;
  } else if (c == ':' && (k = scan_field(p, n)) != 0) {
    out->mark = T2R_MARK_FIELD;
  }
  out->mark_len = (unsigned)k;
}

int t2r_lex_opens_item(const char *p, size_t n) {
  t2r_line_info marker;
  t2r_lex_marker(p, n, &marker);
  return marker.mark != T2R_MARK_NONE;
}

int t2r_lex_gap(size_t blanks, int tab, char before) {
  return tab || blanks >= 3 ||
         (blanks == 2 && before && !strchr(".?!:;,", before));
}

/* Inner gaps, as t2r_lex_gap judges each run of blanks after text. */
static unsigned count_gaps(const char *p, size_t n) {
  unsigned gaps = 0;
  for (size_t i = 1; i < n; i++) {
    if (!t2r_blank_byte((unsigned char)p[i]))
      continue;
    size_t j = i;
    int tab = 0;
    while (j < n && t2r_blank_byte((unsigned char)p[j]))
      tab |= p[j++] == '\t';
    if (j < n && t2r_lex_gap(j - i, tab, p[i - 1]))
      gaps++;
    i = j;
  }
  return gaps;
}

int t2r_lex_escaped(const char *p, size_t i) {
  size_t k = 0;
  while (k < i && p[i - 1 - k] == '\\')
    k++;
  return k % 2;
}

void t2r_lex_line(const char *data, const t2r_line *ln, t2r_line_info *out) {
  memset(out, 0, sizeof *out);
  if (ln->blank) {
    out->cls = T2R_LINE_BLANK;
    return;
  }
  const char *p = data + ln->text_beg;
  size_t n = ln->text_end - ln->text_beg;
  out->cls = T2R_LINE_TEXT;
  if (n >= 2 && p[n - 2] == ':' && p[n - 1] == ':')
    out->colon = t2r_lex_escaped(p, n - 2) ? 3 : 2;
  else if (p[n - 1] == ':')
    out->colon = 1;
  scan_adornment(p, n, out);
  if (out->adorn) {
    out->cls = T2R_LINE_ADORNMENT;
    return;
  }
  t2r_lex_marker(p, n, out);
  if (out->mark != T2R_MARK_NONE) {
    size_t t = out->mark_len;
    while (t < n && t2r_blank_byte((unsigned char)p[t]))
      t++;
    out->text_col = ln->indent + t2r_display_width(p, t, ln->indent);
  } else {
    out->text_col = ln->indent;
  }
  out->gaps = count_gaps(p, n);
}
