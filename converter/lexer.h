/* lexer.h - classify one source line; knows nothing of RST.
 *
 * The lexer measures what a line looks like: a run of one punctuation
 * character (an adornment or a rule line), a list marker and where the
 * item's text starts, a trailing colon, column gaps, and the textual
 * classes that rules/ patterns assign (code, drawing, prose, ...). */
#ifndef T2R_LEXER_H
#define T2R_LEXER_H

#include "source.h"

#include <stddef.h>
#include <stdint.h>

typedef enum {
  T2R_LINE_BLANK,
  T2R_LINE_TEXT,
  T2R_LINE_ADORNMENT /* one punctuation character repeated: "=====" */
} t2r_line_class;

typedef enum {
  T2R_MARK_NONE,
  T2R_MARK_BULLET, /* "- ", "* ", "+ ", "o ", U+2022 */
  T2R_MARK_ENUM,   /* "1. ", "1) ", "(1) ", "a. ", "iv) ", "#. ", "1.) " */
  T2R_MARK_OPTION, /* "-v  text", "--long=ARG  text" */
  T2R_MARK_FIELD   /* ":name: text" */
} t2r_mark_kind;

typedef enum {
  T2R_ENUM_PERIOD, /* 1. */
  T2R_ENUM_PAREN,  /* 1) */
  T2R_ENUM_PARENS, /* (1) */
  T2R_ENUM_PERIOD_PAREN /* 1.) : not valid RST */
} t2r_enum_format;

typedef enum {
  T2R_SEQ_ARABIC,
  T2R_SEQ_LOWER,
  T2R_SEQ_UPPER,
  T2R_SEQ_LOWER_ROMAN,
  T2R_SEQ_UPPER_ROMAN,
  T2R_SEQ_AUTO /* # */
} t2r_enum_sequence;

/* Textual classes assigned by rules (bit flags, within a byte). */
enum {
  T2R_TEXT_CODE = 1 << 0,       /* source code, shell, config */
  T2R_TEXT_ART = 1 << 1,        /* drawing, box, tree, arrows */
  T2R_TEXT_PROSE = 1 << 2,      /* a sentence */
  T2R_TEXT_ADMONITION = 1 << 3, /* "NOTE:" lead */
  T2R_TEXT_FIELD = 1 << 4,      /* "Author: ..." header field */
  T2R_TEXT_HEADING = 1 << 5,    /* "== Title ==" style heading */
  T2R_TEXT_PROMPT = 1 << 6,     /* a command typed at a prompt ("$ ls") */
  T2R_TEXT_DATE = 1 << 7        /* a date alone ("29 May 1999") */
};

/* The bullet byte of a "--" item, a legacy bullet docutils reads as text. */
#define T2R_BULLET_DASHES 0x96

/* One per line of a document, so kept small: the fields are ordered by
 * size, which leaves no padding inside, and enumerations are stored in a
 * byte. */
typedef struct {
  int32_t enum_value;   /* ordinal of the enumerator, 0 for '#' */
  unsigned mark_len;    /* bytes of the marker itself, without spaces */
  unsigned text_col;    /* display column where the item's text starts */
  unsigned gaps;        /* inner runs of >= 2 blanks or a tab after text */
  unsigned char cls;    /* t2r_line_class */
  unsigned char mark;   /* t2r_mark_kind */
  unsigned char flags;  /* T2R_TEXT_* from rules */
  unsigned char adorn;  /* the adornment character, 0 when none (an
                           adornment is all of the line's text) */
  unsigned char bullet; /* bullet byte ('-', '*', '+', 'o'; 0x95 for U+2022,
                           T2R_BULLET_DASHES for "--") */
  unsigned char enum_format, enum_seq;
  unsigned char colon;  /* text ends with ':' (1), '::' (2) or the '\::'
                           that shows "::" but starts no literal block (3) */
} t2r_line_info;

/* Whether p[i] is escaped: an odd number of backslashes right before it.
 * docutils reads "\\::" as a backslash and a literal block marker, and
 * "\::" as "::" in the text. */
int t2r_lex_escaped(const char *p, size_t i);

/* Is a run of 'blanks' blanks ('tab': one of them a tab) after the
 * character 'before' a gap between columns: a tab, three blanks, or two
 * blanks not after a sentence's end (kernel prose puts two spaces after
 * a full stop)? */
int t2r_lex_gap(size_t blanks, int tab, char before);

/* Classifies line 'ln' of the document bytes 'data' into 'out'.
 * 'flags' is left 0 for the rule engine to fill. */
void t2r_lex_line(const char *data, const t2r_line *ln, t2r_line_info *out);

/* The list marker [p, p+n) opens, if any, into 'out': its kind (none
 * too), length, and bullet or enumerator; other fields are left. */
void t2r_lex_marker(const char *p, size_t n, t2r_line_info *out);
/* Does [p, p+n) open with a list marker of any kind? */
int t2r_lex_opens_item(const char *p, size_t n);

/* True when 'c' can form an RST section adornment. */
int t2r_is_adornment_char(unsigned char c);
/* True when [p, p+n) is one such character repeated ("====", "-"). */
int t2r_is_adornment_line(const char *p, size_t n);
/* True when [p, p+n) is what docutils reads as a transition: four or
 * more of one adornment character ("----"). */
int t2r_is_transition_text(const char *p, size_t n);

#endif
