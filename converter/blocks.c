/* blocks.c - lines -> RST blocks, with the edits that make them valid.
 *
 * The document is read as docutils reads it: chunks of non-blank lines,
 * each a sequence of units (paragraph, list item, definition, title).
 * docutils accepts a change of indentation without a blank line only in a
 * few places (a definition's body, a list item's continuation, consecutive
 * items of one list); everywhere else this stage inserts the blank line it
 * requires.  Code, drawings and column layouts become literal blocks: the
 * paragraph before gets "::" (or a "::" line is added) and flush-left
 * material is indented.  Title adornments are fixed at the end, once every
 * title's level is known.
 */
#define _GNU_SOURCE /* memmem */
#include "blocks.h"

#include "buf.h"
#include "table.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_DEPTH 24 /* nesting deeper than this is left as it is */
#define CODE_REGION_MAX 400
#define NO_LINE ((size_t)-1)
#define HEADING_MAX_WIDTH 72 /* a wider lone line is text, not a heading */
#define HEADING_MAX_WORDS 10
#define HEADER_LINES 20 /* a comment this near the top heads the file */
#define DOCUTILS_LINE_LIMIT 10000 /* docutils' line_length_limit default */
/* pseudo styles of unadorned headings (below any printable character) */
#define BARE_DOC_TITLE 1
#define BARE_CAPS 2
#define BARE_SPACED 3   /* set off by two blank lines */
#define BARE_NUMBERED 4 /* + numbering depth - 1 */
#define BARE_ROMAN 8    /* "II. Known problems" */
#define BARE_OUTLINE 9  /* over an indented body, as others are (outline_head) */
#define BARE_LETTER 10  /* "B.  Features" */
#define BARE_PART 11    /* a phrase over titles of its own (count_parts) */
#define BARE_WIKI 12    /* + the markers' kind and count (wiki_style) */
#define WIKI_MARKERS "=#*-"
#define WIKI_MIN_MARKERS 1
#define WIKI_MAX_MARKERS 5 /* more are one style: 5 counts of 4 kinds fit */
_Static_assert(BARE_WIKI + (sizeof WIKI_MARKERS - 1) *
                                (WIKI_MAX_MARKERS - WIKI_MIN_MARKERS + 1) <= ' ',
               "pseudo styles stay below the printable characters");
#define MAX_NUMBER_DEPTH 8 /* "1.2.3.4.5.6.7.8 Title" */
#define VALUE_KEY_MAX 16   /* bytes of the key of a "0 - disabled" line */
#define VALUE_KEY_WORDS 3
#define DASH_KEY_WORDS 3   /* of a key described after a dash */
#define INTRO_MAX_LINES 3  /* of a sentence introducing rows under it */
#define JUSTIFY_SLACK 2     /* columns a justified line may fall short */
#define JUSTIFY_MAX_WIDTH 256
#define NOTE_MAX_LINES 2    /* of a note heading the file, over its title */
#define OPENING_NOTE_MAX_LINES 8 /* of a "Note" section over the title */
#define NAME_MAX_WIDTH 40 /* a name alone on its line ("Smart Array P212") */
#define NAME_MAX_WORDS 5
#define NAME_LIST_MIN 3
#define MARKUP_RUN_LOOKAHEAD 16 /* comment lines over a meant markup line */
#define SPACED_MAX_WORDS 8
#define LABEL_HEAD_MAX_WORDS 6 /* "Notes about the sysfs interface:" */
#define SEPARATED_NAMES_MIN 3
#define LABEL_FIELD_MAX_WORDS 4 /* "Valid Range:", "Lead developer:" */
#define LABEL_RUN_LOOKAROUND 16 /* chunks of labels looked at either side */
#define SAID_MAX_WORDS 6       /* "To enable, run" over commands */
#define SMALLEST_INDENT (~0u) /* see body_column */
#define RAGGED_MIN_WIDTH 40 /* a line this wide can wrap raggedly */
#define CENTRED_MIN_INDENT 8 /* centred lines stand well off the margin */
#define PARA_INDENT_MAX 8  /* a paragraph's first line indented by a tab */
#define TITLE_SET_IN_MAX 3 /* columns a title's text may stand off its rule */
#define CENTRED_MID_MIN 24   /* the middle column of a centred line */
#define CENTRED_MID_MAX 48
#define CENTRED_MAX_LINES 6
#define CENTRED_MAX_WIDTH 48
#define CREDIT_MAX_LINES 4  /* credits under a title, see credits_under */
#define ASIDE_MAX_WORDS 4   /* beside a title, see aside_gap */
#define LABEL_MAX_WORDS 3   /* before a hanging text, hangs_under_label */
#define WRAPPED_MIN_WIDTH 60 /* a line this wide was wrapped to fit */
#define LAZY_ITEM_MAX_LINES 40 /* an item's wrapped lines, not indented */
#define CONTENTS_MAX_LINES 200 /* a list of contents, looked back over */

/* a licence tag heading a file, as text or in a comment */
static const char spdx_tag[] = "SPDX-License-Identifier:";

/* ------------------------------------------------------------------ state */

typedef enum { LINE_TEXT, LINE_LITERAL, LINE_TITLE, LINE_ADORN, LINE_MARKUP }
line_role;

enum {
  LEGACY_ITEM = 1, /* an "o" or "--" item of a list of them */
  PART_HEAD = 2    /* a phrase over two titles or more (count_parts) */
};

typedef struct {
  unsigned char ch, over;
} style;

/* Lines read as preformatted (code, columns, rules), as code alone, and
 * as prose. */
typedef struct {
  unsigned pre, strong, prose; /* line numbers are unsigned in messages too */
} kind_counts;

typedef struct {
  size_t text;     /* the title's text line */
  long over;       /* overline line, or -1 */
  size_t under;    /* underline line, or NO_LINE for a bare heading */
  style st;        /* as written */
  unsigned level;  /* 1-based, after clamping */
  size_t node;     /* index in the block list */
  size_t kin;      /* the title its number places it by, or NO_LINE: */
  unsigned below;  /* 0: beside it ("1." for "2."), 1: under it ("1."
                      for "1.1") */
  unsigned width;  /* display width of its text, as edited */
} title_rec;

typedef struct {
  t2r_node_kind kind;
  uint32_t first, last; /* lines: fewer than bytes (T2R_SOURCE_MAX) */
  unsigned level;       /* titles */
} block_rec;

typedef struct {
  t2r_blocks *b;
  size_t n;            /* source lines */
  unsigned char *role; /* line_role per line */
  unsigned *ind;       /* effective indentation per line */
  unsigned margin;     /* the least indentation of a line with text */
  unsigned char *flags; /* per line: LEGACY_ITEM, PART_HEAD */
  kind_counts *kinds;    /* line kinds before each line (count_kinds) */
  t2r_inline *in;        /* judges the text of table cells */
  /* dry run: only find the first line that would get a blank above,
   * and the rule and reason that put it there */
  int dry;
  size_t dry_first;
  const char *dry_rule, *dry_why;
  unsigned next_para;
  /* the top-level view of a chunk, reused */
  size_t *slines;
  unsigned *sind;
  size_t scap;
  title_rec *titles;
  size_t ntitles, tcap;
  style *styles; /* title styles in order of first use */
  unsigned *style_level;
  size_t nstyles;
  unsigned cur_level;
  block_rec *blocks;
  size_t nblocks, bcap;
  /* literal state: lines deeper than lit_indent continue a literal block */
  long lit_indent;
  unsigned lit_shift;   /* tabs added to flush-left code, 0 when none */
  unsigned lit_code_at; /* indentation of that flush-left code */
  unsigned lit_text_col; /* column of its paragraph's text as edited */
  int lit_guessed;       /* no '::' or directive of the writer's made it */
  unsigned outline_heads; /* lines outline_head takes for headings */
  unsigned label_heads;   /* lines label_head takes for headings */
  unsigned phrase_heads[2]; /* lines phrase_head takes for headings: plain
                               phrases, bracketed ones */
  unsigned star_heads;      /* lines star_heading takes for headings */
  unsigned separated_names; /* lines separated_name takes for headings */
  unsigned part_heads;      /* lines count_parts takes for headings */
  /* the last scan for a title glued under text (glued_title_after):
   * from glued_from, in a chunk ending at glued_end, the first found */
  size_t glued_from, glued_end, glued_found;
  int outline_items; /* a numbered line at the left edge is no such heading:
                        the numbered lines are items, all of them */
} ctx;

/* ---------------------------------------------------------------- helpers */

static const t2r_line *line(ctx *c, size_t i) { return &c->b->src->lines[i]; }
static const t2r_line_info *info(ctx *c, size_t i) { return &c->b->info[i]; }
static const char *text(ctx *c, size_t i) {
  return c->b->src->data + line(c, i)->text_beg;
}
static size_t text_len(ctx *c, size_t i) {
  return line(c, i)->text_end - line(c, i)->text_beg;
}
/* Length of line i's adornment: all its text, 0 when it is none. */
static unsigned adorn_len(ctx *c, size_t i) {
  return info(c, i)->adorn ? (unsigned)text_len(c, i) : 0;
}
/* Is line i a rule: four marks of one kind or more ("-----"), what
 * docutils reads as a transition, unlike a prompt's lone "#"? */
static int rule_line(ctx *c, size_t i) {
  return info(c, i)->cls == T2R_LINE_ADORNMENT && adorn_len(c, i) >= 4;
}
static int blank(ctx *c, size_t i) { return i >= c->n || line(c, i)->blank; }
/* Indentation after the edits made so far (a dedented title or first
 * line counts where it will stand). */
static unsigned indent(ctx *c, size_t i) { return c->ind[i]; }

/* The column (1-based, in bytes) of line i's text: what an edit or note
 * about the line points at. */
static unsigned text_col(ctx *c, size_t i) {
  return i < c->n ? (unsigned)(line(c, i)->text_beg - line(c, i)->beg) + 1 : 1;
}

/* Notes an edit at line i; 'why' is a string literal, kept as it is. */
static void edit_note(ctx *c, size_t i, const char *rule, const char *why) {
  if (c->dry)
    return;
  t2r_diags_add_literal(c->b->diags, T2R_DIAG_EDIT, (unsigned)i + 1,
                        text_col(c, i), rule, why);
}

static void review(ctx *c, size_t i, const char *rule, const char *why) {
  t2r_diags_add_literal(c->b->diags, T2R_DIAG_NOTE, (unsigned)i + 1,
                        text_col(c, i), rule, why);
}

static void add_block(ctx *c, t2r_node_kind kind, size_t first, size_t last,
                      unsigned level) {
  if (c->dry)
    return;
  if (c->nblocks == c->bcap) {
    c->bcap = c->bcap ? c->bcap + c->bcap / 2 : 64;
    c->blocks = t2r_xrealloc(c->blocks, c->bcap * sizeof *c->blocks);
  }
  c->blocks[c->nblocks++] =
      (block_rec){kind, (uint32_t)first, (uint32_t)last, level};
}

/* Is there a blank line right above line i, in the source or inserted? */
static int blank_above(ctx *c, size_t i) {
  if (i == 0 || blank(c, i - 1))
    return 1;
  const t2r_line_edit *le = t2r_edits_of(c->b->edits, i);
  return le->nins && le->ins[le->nins - 1].len == 0;
}

/* A blank line before line i, unless the source or an edit has one. */
static void need_blank(ctx *c, size_t i, const char *rule, const char *why) {
  if (i > c->n || blank_above(c, i))
    return;
  if (c->dry) {
    if (i < c->dry_first) {
      c->dry_first = i;
      c->dry_rule = rule;
      c->dry_why = why;
    }
    return;
  }
  t2r_edits_insert_blank(c->b->edits, i);
  edit_note(c, i, rule, why);
}

/* Replaces line i by 'prefix' + its text from byte 'from' on. */
static void replace_tail(ctx *c, size_t i, const char *prefix, size_t plen,
                         size_t from) {
  if (c->dry)
    return;
  const t2r_line *ln = line(c, i);
  t2r_buf tmp;
  t2r_buf_init(&tmp);
  t2r_buf_put(&tmp, prefix, plen);
  t2r_buf_put(&tmp, c->b->src->data + from, ln->end - from);
  t2r_edits_replace(c->b->edits, i, tmp.ptr, tmp.len);
  t2r_buf_release(&tmp);
}

static void mark_para(ctx *c, size_t first, size_t last) {
  if (c->dry)
    return;
  unsigned id = ++c->next_para;
  for (size_t i = first; i <= last; i++)
    if (c->role[i] == LINE_TEXT || c->role[i] == LINE_TITLE)
      c->b->para[i] = id;
}

/* ------------------------------------------------------------ line kinds */

static int is_code(ctx *c, size_t i) {
  return (info(c, i)->flags & (T2R_TEXT_CODE | T2R_TEXT_ART)) != 0;
}

static int is_prose(ctx *c, size_t i) {
  return (info(c, i)->flags & T2R_TEXT_PROSE) && !is_code(c, i);
}

/* Where the word of [p, p+n) at offset k ends: at the next space or
 * tab, or n. */
static size_t word_end(const char *p, size_t n, size_t k) {
  while (k < n && p[k] != ' ' && p[k] != '\t')
    k++;
  return k;
}

/* Does line i open with a one-word key and a gap ("DN_ACCESS<TAB>A file
 * was accessed"), a row of a key column however prose-like the rest? */
static int key_column(ctx *c, size_t i) {
  const char *p = text(c, i);
  size_t n = text_len(c, i), k = word_end(p, n, 0);
  if (k == 0 || k + 1 >= n || strchr(".:,;", p[k - 1]))
    return 0; /* "Yes.  Then" is two sentences */
  return p[k] == '\t' || p[k + 1] == ' ' || p[k + 1] == '\t';
}

static unsigned count_words(const char *p, size_t n) {
  unsigned words = 0;
  for (size_t i = 0; i < n; i++)
    words += p[i] != ' ' && p[i] != '\t' && (i == 0 || p[i - 1] == ' ' ||
                                              p[i - 1] == '\t');
  return words;
}

/* Does the word [p, first blank or p+n) hold a letter or a digit? */
static int word_named(const char *p, size_t n) {
  for (size_t k = 0; k < n && p[k] != ' ' && p[k] != '\t'; k++)
    if (t2r_ascii_alnum((unsigned char)p[k]))
      return 1;
  return 0;
}

/* Does line i's first word hold a letter or a digit?  A key of marks
 * alone ("$", "#", vim's "<") is a prompt, a comment's start, a code
 * example's end. */
static int named_key(ctx *c, size_t i) {
  return word_named(text(c, i), text_len(c, i));
}

/* Is line i a key described in words after a gap ("uid=nnn<TAB>All files
 * are owned by nnn"), however much the key reads as code? */
static int described_key(ctx *c, size_t i) {
  if (!key_column(c, i) || !named_key(c, i))
    return 0;
  const char *p = text(c, i);
  size_t n = text_len(c, i), k = 0;
  while (p[k] != ' ' && p[k] != '\t')
    k++;
  while (k < n && (p[k] == ' ' || p[k] == '\t'))
    k++;
  return k < n && t2r_ascii_letter((unsigned char)p[k]) &&
         count_words(p + k, n - k) >= 3;
}

/* Code, unless it is a described key: a table's row may hold it. */
static int code_in_row(ctx *c, size_t i) {
  return is_code(c, i) && !described_key(c, i);
}

/* A line laid out in columns: gaps that only make sense as layout.  A
 * field's name is set off from its body by a gap as a layout of its own
 * (":Author:<TAB>Jane"). */
static int is_columns(ctx *c, size_t i) {
  return info(c, i)->gaps > 0 && info(c, i)->mark != T2R_MARK_FIELD &&
         (!(info(c, i)->flags & T2R_TEXT_PROSE) || key_column(c, i));
}

/* Does [p, p+n) start explicit markup: ".. " or, an anonymous target's
 * short form, "__ "? */
static int markup_text(const char *p, size_t n) {
  return n >= 2 &&
         ((p[0] == '.' && p[1] == '.') || (p[0] == '_' && p[1] == '_')) &&
         (n == 2 || p[2] == ' ');
}
static int is_markup_start(ctx *c, size_t i) {
  return markup_text(text(c, i), text_len(c, i));
}

/* docutils bullets; 'o' and "--" are legacy habits docutils reads as
 * words. */
static int is_rst_bullet(const t2r_line_info *in) {
  return in->mark == T2R_MARK_BULLET && in->bullet != 'o' &&
         in->bullet != T2R_BULLET_DASHES;
}

/* The letter, by its place in the alphabet (I = 9), that a one-letter
 * roman enumerator of value 'v' is; 0 when it has more letters. */
static long roman_letter(long v) {
  switch (v) {
  case 1: return 9;    /* I */
  case 5: return 22;   /* V */
  case 10: return 24;  /* X */
  case 50: return 12;  /* L */
  case 100: return 3;  /* C */
  case 500: return 4;  /* D */
  case 1000: return 13; /* M */
  default: return 0;
  }
}

/* Does enumerator b follow a in one list?  docutils continues "H." with
 * "I.", which alone it would read as a roman one. */
static int same_enum(const t2r_line_info *a, const t2r_line_info *b) {
  if (a->enum_format != b->enum_format)
    return 0;
  if (a->enum_seq == b->enum_seq)
    return b->enum_seq == T2R_SEQ_AUTO || b->enum_value == a->enum_value + 1;
  return ((a->enum_seq == T2R_SEQ_UPPER && b->enum_seq == T2R_SEQ_UPPER_ROMAN) ||
          (a->enum_seq == T2R_SEQ_LOWER && b->enum_seq == T2R_SEQ_LOWER_ROMAN)) &&
         roman_letter(b->enum_value) == a->enum_value + 1;
}

/* docutils reads an enumerator only when the next line is blank, indented
 * or the next enumerator (states.py is_enumerated_list_item). */
static int enum_starts_item(ctx *c, size_t i, int next_deeper) {
  const t2r_line_info *in = info(c, i);
  if (in->enum_format == T2R_ENUM_PERIOD_PAREN)
    return 0;
  if (blank(c, i + 1) || next_deeper)
    return 1;
  const t2r_line_info *nx = info(c, i + 1);
  return nx->mark == T2R_MARK_ENUM && same_enum(in, nx);
}

/* ------------------------------------------------------------- titles */

/* Only explicit markup (an SPDX comment, a target) and separator lines,
 * which cannot stand first, come before line a. */
static int nothing_before(ctx *c, size_t a) {
  for (size_t i = 0; i < a; i++)
    if (!blank(c, i) && c->role[i] != LINE_MARKUP && !rule_line(c, i))
      return 0;
  return 1;
}

static unsigned title_width(ctx *c, size_t i) {
  return t2r_display_width(text(c, i), text_len(c, i), 0);
}

/* Is line i (text) with adornment line i+1 a title docutils would read,
 * or an indented one it would reject but a reader sees as a title? */
static int underline_fits(ctx *c, size_t i) {
  unsigned len = adorn_len(c, i + 1), w = title_width(c, i);
  /* a date over a rule drawn across the page ends a header ("29 May
   * 1999" over 79 '='); a changelog's date underlined to its width is a
   * heading */
  if ((info(c, i)->flags & T2R_TEXT_DATE) && len > 2 * w)
    return 0;
  /* a short rule of a heading's marks under a line set apart by blank
   * lines ("2.42.10 (stable)" over "===", a NEWS file's habit) underlines
   * a heading docutils would read as text; "..." is an ellipsis */
  int short_rule = len == 3 && strchr("=-~^*#", info(c, i + 1)->adorn) &&
                   (i == 0 || blank(c, i - 1)) && blank(c, i + 2) &&
                   !is_code(c, i);
  if (line(c, i)->indent == 0 && line(c, i + 1)->indent == 0)
    return len >= 4 || len >= w || short_rule;
  return len >= 3 && 2 * len >= w;
}

/* Can a title's text start as [p, p+n) does: not as markup, or as a
 * box's side ("| x |")?  Judged as it reads: "\|" is the '|' a first
 * conversion escaped, and a second must not take for a title what the
 * first did not. */
static int title_start_ok(const char *p, size_t n) {
  if (markup_text(p, n))
    return 0;
  if (n > 2 && p[0] == '\\' && p[1] == '.' && p[2] == '.')
    return 0;
  if (n > 1 && p[0] == '\\')
    p++;
  return p[0] != '|' && p[0] != '+';
}

/* Can [p, p+n), lexed as 'in', be a title's text? */
static int reads_as_title(const t2r_line_info *in, const char *p, size_t n) {
  return in->cls == T2R_LINE_TEXT && !is_rst_bullet(in) && title_start_ok(p, n);
}

/* A title's text: not a list item, markup, or a box's side ("| x |"). */
static int title_text_ok(ctx *c, size_t i) {
  return reads_as_title(info(c, i), text(c, i), text_len(c, i));
}

static size_t next_nonblank(ctx *c, size_t i) {
  while (i < c->n && blank(c, i))
    i++;
  return i;
}

/* Last non-blank line before i that is not part of the same chunk, or -1. */
static long prev_nonblank(ctx *c, size_t i) {
  while (i > 0) {
    i--;
    if (!blank(c, i))
      return (long)i;
  }
  return -1;
}

/* Is the chunk at line i a fraction set in from the sentence introducing it
 * ("we want to maximize:" over "performance [inst/s]", a rule and
 * "power [W]")?  Its rule underlines no title. */
static int fraction(ctx *c, size_t i) {
  if (i + 2 >= c->n || blank(c, i + 2) || !blank(c, i + 3) ||
      indent(c, i) == 0 || i == 0 || !blank(c, i - 1) ||
      info(c, i + 1)->cls != T2R_LINE_ADORNMENT)
    return 0;
  long intro = prev_nonblank(c, i);
  return intro >= 0 && info(c, (size_t)intro)->colon == 1 &&
         indent(c, (size_t)intro) < indent(c, i);
}

/* Length of the title starting at line i within [i, e): 3 for over+under,
 * 2 for underline, 0 for none. */
static int title_at(ctx *c, size_t i, size_t e) {
  const t2r_line_info *a = info(c, i);
  /* docutils reads an overline under four characters as text, unless it
   * spans the title: "." over ". do stuff here" under "." is code */
  if (a->cls == T2R_LINE_ADORNMENT && i + 2 < e && title_text_ok(c, i + 1) &&
      info(c, i + 2)->adorn == a->adorn &&
      (adorn_len(c, i) >= 4 || adorn_len(c, i) >= title_width(c, i + 1)))
    return 3;
  if (i + 1 < e && title_text_ok(c, i) &&
      info(c, i + 1)->cls == T2R_LINE_ADORNMENT && underline_fits(c, i) &&
      !fraction(c, i))
    return 2;
  return 0;
}

/* A title glued under paragraph text: the underline matches the text's
 * width, so the writer meant a heading.  A line set in by a tab over a
 * rule at the margin is the last of indented lines the rule closes
 * ("<TAB>initrd /boot/initramfs.img" over the dashes fencing a
 * configuration file). */
static int glued_title_at(ctx *c, size_t i, size_t e) {
  return i + 1 < e && title_text_ok(c, i) &&
         line(c, i)->indent <= line(c, i + 1)->indent + TITLE_SET_IN_MAX &&
         info(c, i + 1)->cls == T2R_LINE_ADORNMENT &&
         adorn_len(c, i + 1) >= 4 &&
         abs((int)adorn_len(c, i + 1) - (int)title_width(c, i)) <= 2;
}

static unsigned style_level(ctx *c, style st) {
  for (size_t k = 0; k < c->nstyles; k++)
    if (c->styles[k].ch == st.ch && c->styles[k].over == st.over)
      return c->style_level[k];
  return 0;
}

/* docutils gives a new style the next level and rejects a jump of more
 * than one level; the jump is clamped, and the adornment fixed later. */
static unsigned assign_level(ctx *c, style st, unsigned base) {
  unsigned level = style_level(c, st);
  if (!level) {
    level = base + (unsigned)c->nstyles + 1;
    c->styles = t2r_xrealloc(c->styles, (c->nstyles + 1) * sizeof *c->styles);
    c->style_level =
        t2r_xrealloc(c->style_level, (c->nstyles + 1) * sizeof(unsigned));
    if (level > c->cur_level + 1)
      level = c->cur_level + 1;
    c->styles[c->nstyles] = st;
    c->style_level[c->nstyles++] = level;
  }
  if (level > c->cur_level + 1)
    level = c->cur_level + 1;
  c->cur_level = level;
  return level;
}

/* Does [p, p+n) say who wrote a text, where or when: an address, a web
 * page, a copyright or a year ("(c) 2016  Eric Biederman <eb@...>",
 * "http://i810fb.sourceforge.net", "March 17, 2002")? */
/* Does [p, p+n) name a year ("2005", not "12005" or "x2005")? */
static int names_year(const char *p, size_t n) {
  for (size_t k = 0; k + 4 <= n; k++) {
    int year = (!memcmp(p + k, "19", 2) || !memcmp(p + k, "20", 2)) &&
               p[k + 2] >= '0' && p[k + 2] <= '9' && p[k + 3] >= '0' &&
               p[k + 3] <= '9';
    if (year && (k == 0 || !t2r_ascii_alnum((unsigned char)p[k - 1])) &&
        (k + 4 == n || !t2r_ascii_alnum((unsigned char)p[k + 4])))
      return 1;
  }
  return 0;
}

static int credit_text(const char *p, size_t n) {
  return memchr(p, '@', n) ||
         (n >= 3 && p[0] == '(' && (p[1] | 0x20) == 'c' && p[2] == ')') ||
         (n >= 9 && !memcmp(p, "Copyright", 9)) || memmem(p, n, "://", 3) ||
         names_year(p, n);
}

/* Does [p, p+n) date or number a release: "kernel version 2.2.10",
 * "v1.2", a year, a copyright? */
static int release_note(const char *p, size_t n) {
  return memmem(p, n, "ersion", 6) ||
         (n >= 2 && (p[0] | 0x20) == 'v' && p[1] >= '0' && p[1] <= '9') ||
         credit_text(p, n);
}

/* Where the first gap of line i's text starts and ends (t2r_lex_gap), if
 * the text after it is a few words dating or numbering a release, and no
 * list item: "Documentation for /proc/sys/kernel<TAB>kernel version
 * 2.2.10".  0 when there is none. */
static size_t aside_gap(ctx *c, size_t i, size_t *after) {
  const char *p = text(c, i);
  size_t n = text_len(c, i);
  for (size_t k = 1; k < n; k++) {
    size_t e = k;
    while (e < n && t2r_blank_byte((unsigned char)p[e]))
      e++;
    if (e == k || !t2r_lex_gap(e - k, memchr(p + k, '\t', e - k) != NULL,
                               p[k - 1])) {
      k = e;
      continue;
    }
    if (e == n || t2r_lex_opens_item(p + e, n - e) ||
        !t2r_ascii_alnum((unsigned char)p[e]) ||
        count_words(p + e, n - e) > ASIDE_MAX_WORDS ||
        !release_note(p + e, n - e))
      return 0;
    *after = e;
    return k;
  }
  return 0;
}

/* A document title with an aside in a column of its own ("kernel version
 * 2.2.10") keeps the title; the aside goes under it, a paragraph. */
static void move_aside(ctx *c, title_rec *t) {
  size_t after, gap = aside_gap(c, t->text, &after);
  if (!gap)
    return;
  const char *p = text(c, t->text);
  t2r_edits_prepend(c->b->edits, t->text + 1, p + after,
                    text_len(c, t->text) - after);
  t2r_edits_prepend(c->b->edits, t->text + 1, "", 0);
  t2r_edits_replace(c->b->edits, t->text, p, gap); /* dedented, too */
  t->width = t2r_display_width(p, gap, 0);
  edit_note(c, t->text, "title-aside",
            "what stands in a column beside the document title goes under "
            "it");
}

/* Records the title at line i: 'len' lines (3 over+under, 2 underline,
 * 1 none); an unadorned heading has a pseudo style 'bare' telling its
 * kind (document title, numbering depth). */
static void record_title(ctx *c, size_t i, int len, unsigned char bare) {
  title_rec t;
  t.over = len == 3 ? (long)i : -1;
  t.text = len == 3 ? i + 1 : i;
  t.under = len > 1 ? t.text + 1 : NO_LINE;
  t.st.ch = len > 1 ? info(c, t.under)->adorn : bare;
  t.st.over = len == 3;
  t.level = 0; /* fix_titles, once every title is known */
  t.node = c->nblocks;
  t.kin = NO_LINE;
  t.below = 0;
  t.width = title_width(c, t.text);
  add_block(c, T2R_NODE_TITLE, i, len > 1 ? t.under : t.text, t.level);
  if (c->ntitles == c->tcap) {
    c->tcap = c->tcap ? c->tcap * 2 : 16;
    c->titles = t2r_xrealloc(c->titles, c->tcap * sizeof *c->titles);
  }
  c->titles[c->ntitles++] = t;
  c->role[t.text] = LINE_TITLE;
  if (t.under != NO_LINE)
    c->role[t.under] = LINE_ADORN;
  if (t.over >= 0)
    c->role[t.over] = LINE_ADORN;
  mark_para(c, t.text, t.text);
  if (line(c, t.text)->indent > 0) {
    replace_tail(c, t.text, "", 0, line(c, t.text)->text_beg);
    c->ind[t.text] = 0;
    edit_note(c, t.text, "title-dedent",
              "a title must start in column 0; docutils rejects it indented");
  }
  if (bare == BARE_DOC_TITLE)
    move_aside(c, &c->titles[c->ntitles - 1]);
}

/* ------------------------------------------------------- literal blocks */

/* Counts per line kind, summed over the lines before each line, so that
 * any range is weighed in constant time (a chunk is weighed again after
 * each of its splits). */
static void count_kinds(ctx *c) {
  c->kinds = t2r_xrealloc(NULL, (c->n + 1) * sizeof *c->kinds);
  kind_counts sum = {0, 0, 0};
  for (size_t i = 0; i < c->n; i++) {
    c->kinds[i] = sum;
    if (is_code(c, i)) {
      sum.pre++;
      sum.strong++;
    } else if (is_columns(c, i) || rule_line(c, i)) {
      sum.pre++; /* column layout, or a rule line drawn across it */
    } else if (is_prose(c, i)) {
      sum.prose++;
    }
  }
  c->kinds[c->n] = sum;
}

/* Is line i a bullet item with a sibling: the line at its indentation
 * before it or after it, past deeper lines and blank ones, an item with
 * the same bullet? */
static int listed_bullet(ctx *c, size_t i) {
  const t2r_line_info *in = info(c, i);
  if (c->flags[i] & LEGACY_ITEM)
    return 1;
  if (!is_rst_bullet(in))
    return 0;
  size_t k = i + 1;
  while (k < c->n && (blank(c, k) || indent(c, k) > indent(c, i)))
    k++;
  if (k < c->n && indent(c, k) == indent(c, i) &&
      info(c, k)->mark == T2R_MARK_BULLET && info(c, k)->bullet == in->bullet)
    return 1;
  for (k = i; k > 0 && (blank(c, k - 1) || indent(c, k - 1) > indent(c, i));)
    k--;
  return k > 0 && indent(c, k - 1) == indent(c, i) &&
         info(c, k - 1)->mark == T2R_MARK_BULLET &&
         info(c, k - 1)->bullet == in->bullet;
}

/* Is [a, e) items of a list of bullets: lines with the bullet of line a
 * at its indentation, and deeper ones? */
static int listed_items(ctx *c, size_t a, size_t e) {
  for (size_t i = a + 1; i < e; i++)
    if (indent(c, i) < indent(c, a) ||
        (indent(c, i) == indent(c, a) &&
         (info(c, i)->mark != info(c, a)->mark ||
          info(c, i)->bullet != info(c, a)->bullet) &&
         !(c->flags[i] & LEGACY_ITEM)))
      return 0;
  return listed_bullet(c, a);
}

/* Is [a, e) a paragraph set flush to both margins, its blanks widened
 * to two here and there ("Setting  the  base address should be done")?
 * Lines filled to a wrap's width, half of them with such a gap; every
 * line but the last ends within JUSTIFY_SLACK columns of the widest;
 * none holds a tab or three blanks in a row (but after a sentence's end,
 * whose two were widened); and no column is a gap in all lines but one:
 * a table's gaps line up, a justification's fall anywhere. */
static int justified(ctx *c, size_t a, size_t e) {
  unsigned gaps_at[JUSTIFY_MAX_WIDTH] = {0};
  unsigned widest = 0, widened = 0;
  if (e - a < 3)
    return 0;
  for (size_t i = a; i + 1 < e; i++)
    widest = line(c, i)->width > widest ? line(c, i)->width : widest;
  if (widest < WRAPPED_MIN_WIDTH)
    return 0;
  for (size_t i = a; i < e; i++) {
    widened += info(c, i)->gaps > 0;
    const char *p = text(c, i);
    size_t n = text_len(c, i), run = 0;
    if (indent(c, i) != indent(c, a) || n >= JUSTIFY_MAX_WIDTH ||
        (i + 1 < e && line(c, i)->width + JUSTIFY_SLACK < widest))
      return 0;
    for (size_t k = 0; k < n; k++) {
      run = p[k] == ' ' ? run + 1 : 0;
      /* three after a sentence's end: its two, widened */
      if (p[k] == '\t' ||
          (run == 3 && !strchr(".:;!?)", p[k - 3])) || run == 4)
        return 0;
      if (run == 2 && ++gaps_at[k] + 1 >= e - a)
        return 0;
    }
  }
  return 2 * widened >= e - a;
}

/* Does [a, e) read as code, a drawing or a column layout rather than
 * text?  Half the lines must look so, and prose must be rare. */
static int preformatted(ctx *c, size_t a, size_t e) {
  size_t n = e - a;
  unsigned pre = c->kinds[e].pre - c->kinds[a].pre;
  unsigned prose = c->kinds[e].prose - c->kinds[a].prose;
  unsigned strong = c->kinds[e].strong - c->kinds[a].strong;
  if (!pre || 2 * pre < n || 3 * prose > pre)
    return 0;
  /* one column-gap line alone is too little to freeze a paragraph */
  return (strong > 0 || pre >= 2) && !justified(c, a, e);
}

/* The display column where line i's second piece of text starts, after
 * its first run of blanks; 0 when it has none. */
static unsigned second_piece(ctx *c, size_t i) {
  const char *p = text(c, i);
  size_t n = text_len(c, i), w = word_end(p, n, 0);
  while (w < n && (p[w] == ' ' || p[w] == '\t'))
    w++;
  return w < n ? indent(c, i) + t2r_display_width(p, w, indent(c, i)) : 0;
}

/* Does [p, p+n) open with a label that fills its column, parted from
 * the rest by one space ("humidity1_max_hyst: humidity ...")? */
static int tight_label(const char *p, size_t n) {
  size_t k = word_end(p, n, 0);
  return k > 1 && k + 1 < n && p[k - 1] == ':' && p[k] == ' ' &&
         p[k + 1] != ' ' && p[k + 1] != '\t';
}

static int label_field(ctx *c, size_t i);

/* Are [a, e) rows of a column layout, lines with a gap for at least half
 * of them, and each line's second piece starting where theirs does,
 * after one blank where the first piece fills its column
 * ("temp1_max_alarm ro remote temperature" under "temp1_max       rw
 * remote")?  Read as text, the rows would run into one paragraph.  A
 * rule may close them ("....." under a table's rows). */
static int aligned_rows(ctx *c, size_t a, size_t e) {
  size_t gapped = 0, rows = 0, row = a;
  unsigned col = 0;
  int tight = 0; /* a row whose label fills its column */
  for (size_t i = a; i < e; i++) {
    /* a description wrapped under its column (deeper, once a tight
     * label has shown the rows need the layout); a label's value
     * wrapped so is a field's (label_fields) */
    if ((tight ? indent(c, i) >= col
               : rows && indent(c, i) == col && !label_field(c, row)) &&
        !is_code(c, i))
      continue;
    row = i;
    if (rows && i + 1 == e && info(c, i)->cls == T2R_LINE_ADORNMENT)
      break;
    unsigned piece = second_piece(c, i);
    if (indent(c, i) != indent(c, a) || info(c, i)->mark != T2R_MARK_NONE ||
        is_code(c, i) || piece == 0 || (col && piece != col))
      return 0;
    col = piece;
    gapped += is_columns(c, i);
    tight |= tight_label(text(c, i), text_len(c, i));
    rows++;
  }
  return rows >= 3 && 2 * gapped >= rows;
}

/* Indentation of the paragraph containing line i: an item's text column
 * when i starts an item, else the line's own indentation. */
static unsigned para_indent(ctx *c, size_t i) {
  const t2r_line_info *in = info(c, i);
  return in->mark != T2R_MARK_NONE ? in->text_col : indent(c, i);
}

static unsigned min_indent(ctx *c, size_t a, size_t e) {
  unsigned m = ~0u;
  for (size_t i = a; i < e; i++)
    if (!blank(c, i) && indent(c, i) < m)
      m = indent(c, i);
  return m;
}

static void shift_lines(ctx *c, size_t a, size_t e, unsigned tabs) {
  char prefix[MAX_DEPTH];
  if (tabs > sizeof prefix)
    tabs = sizeof prefix;
  memset(prefix, '\t', tabs);
  for (size_t i = a; i < e; i++)
    if (!blank(c, i))
      replace_tail(c, i, prefix, tabs, line(c, i)->beg);
}

/* Turns the ':' ending line 'intro' into '::', or ends its last word
 * with "::" ("in the format" over the block: "in the format::", shown
 * "in the format:"); an escaped last mark ("\:") keeps its escape and
 * gets " ::", since "\::" would be text. */
static void double_colon(ctx *c, size_t intro) {
  const t2r_line *ln = line(c, intro);
  size_t len;
  const char *p = t2r_edits_content(c->b->edits, intro, c->b->src->data + ln->beg,
                                    ln->end - ln->beg, &len);
  t2r_buf tmp;
  t2r_buf_init(&tmp);
  t2r_buf_put(&tmp, p, len);
  size_t cut = tmp.len;
  while (cut && t2r_blank_byte((unsigned char)tmp.ptr[cut - 1]))
    cut--;
  tmp.len = cut;
  int colon = info(c, intro)->colon == 1;
  t2r_buf_puts(&tmp, t2r_lex_escaped(tmp.ptr, cut - 1) ? " ::"
                     : colon                          ? ":"
                                                      : "::");
  t2r_edits_replace(c->b->edits, intro, tmp.ptr, tmp.len);
  t2r_buf_release(&tmp);
  edit_note(c, intro, "literal-intro",
            colon ? "the paragraph introduces a literal block: ':' becomes "
                    "'::'"
                  : "the paragraph introduces a literal block: '::' ends it");
}

/* Does the paragraph line 'intro', prose, end in a word or a bracket,
 * as a sentence introducing what follows without its ':' does ("The
 * messages are in the format", "(see below)"), not in a mark ending a
 * sentence ("(from an older version:)" too)?  A cut mark ("--- cut
 * here") or a name is no sentence. */
static int ends_in_word(ctx *c, size_t intro) {
  const char *p = text(c, intro);
  size_t n = text_len(c, intro);
  return n > 0 && is_prose(c, intro) &&
         (t2r_ascii_alnum((unsigned char)p[n - 1]) ||
          (p[n - 1] == ')' && !(n > 1 && strchr(".:", p[n - 2]))));
}

/* Does a literal block follow line i, the last of a paragraph whose first
 * line is 'first'?  docutils wants the next line that is not blank to be
 * deeper than the paragraph.  (Lines at its depth led by a mark, '>' or
 * '-', docutils would take for a quoted literal block; what this tool
 * made of them is text, lists or titles, so the "::" goes.) */
static int literal_follows(ctx *c, size_t first, size_t i) {
  size_t j = i + 1;
  while (j < c->n && blank(c, j))
    j++;
  return j < c->n &&
         (c->role[j] == LINE_LITERAL || indent(c, j) > para_indent(c, first));
}

/* Makes the '::' ending line i show "::" and introduce nothing. */
static void escape_double_colon(ctx *c, size_t i, const char *rule,
                                const char *why) {
  const t2r_line *ln = line(c, i);
  size_t len;
  const char *p = t2r_edits_content(c->b->edits, i, c->b->src->data + ln->beg,
                                    ln->end - ln->beg, &len);
  while (len && t2r_blank_byte((unsigned char)p[len - 1]))
    len--;
  if (len < 2 || memcmp(p + len - 2, "::", 2))
    return;
  t2r_buf tmp;
  t2r_buf_init(&tmp);
  t2r_buf_put(&tmp, p, len - 2);
  t2r_buf_puts(&tmp, "\\::");
  t2r_edits_replace(c->b->edits, i, tmp.ptr, tmp.len);
  t2r_buf_release(&tmp);
  edit_note(c, i, rule, why);
}

/* A paragraph ending in "::" with no literal block after it makes
 * docutils warn; a backslash keeps the marks as text ("text\::"). */
static void escape_lone_double_colons(ctx *c) {
  size_t first = 0;
  for (size_t i = 0; i < c->n; i++) {
    unsigned id = c->b->para[i];
    if (!id)
      continue;
    if (i == 0 || c->b->para[i - 1] != id)
      first = i;
    if ((i + 1 < c->n && c->b->para[i + 1] == id) ||
        c->role[i] != LINE_TEXT || info(c, i)->colon != 2 ||
        literal_follows(c, first, i))
      continue;
    escape_double_colon(c, i, "literal-none",
                        "no indented block follows the '::': a backslash "
                        "keeps it as text, where docutils would expect a "
                        "literal block");
  }
}

static int has_word(const char *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    if ((p[i] >= '0' && p[i] <= '9') || ((p[i] | 0x20) >= 'a' && (p[i] | 0x20) <= 'z') ||
        (unsigned char)p[i] >= 0x80)
      return 1;
  return 0;
}

/* The column of the text of paragraph line i once edited (an item's
 * continuation may have been aligned with its text). */
static unsigned intro_text_col(ctx *c, size_t i) {
  const t2r_line *ln = line(c, i);
  size_t len;
  const char *p = t2r_edits_content(c->b->edits, i, c->b->src->data + ln->beg,
                                    ln->end - ln->beg, &len);
  unsigned col = 0;
  for (size_t k = 0; k < len && t2r_blank_byte((unsigned char)p[k]); k++)
    col = p[k] == '\t' ? (col / 8 + 1) * 8 : col + 1;
  return col > para_indent(c, i) ? col : para_indent(c, i);
}

/* Tabs that put a block at column 'code_at' under a '::' paragraph at
 * column 'p_ind' (0: it is there already). */
static unsigned literal_shift(unsigned p_ind, unsigned code_at) {
  return code_at > p_ind ? 0 : (p_ind - code_at) / 8 + 1;
}

/* Does line i, glued under the literal block just made, go on with it:
 * deeper than the block's paragraph?  A blank line there would be one
 * more line of the block's text. */
static int continues_literal(ctx *c, size_t i) {
  return c->lit_indent >= 0 && i > 0 && c->role[i - 1] == LINE_LITERAL &&
         !blank(c, i) && indent(c, i) > (unsigned)c->lit_indent;
}

/* The column of a '::' line put over a block of code at 'code_at' ending
 * before line e: the introducing paragraph's, 'p_ind', or the code's own
 * when prose at the code's column follows the block, which the block
 * would otherwise take in (a document indented throughout, its titles
 * moved to the left edge).  The code then goes deeper. */
static unsigned bare_intro_column(ctx *c, size_t e, unsigned p_ind,
                                  unsigned code_at) {
  size_t next = next_nonblank(c, e);
  if (p_ind > code_at || (next < c->n && code_at > p_ind &&
                           indent(c, next) == code_at && is_prose(c, next)))
    return code_at;
  return p_ind;
}

/* Makes [a, e) a literal block.  'intro' is the paragraph line right
 * before it (same chunk or after blank lines), or -1. */
static void make_literal(ctx *c, size_t a, size_t e, long intro) {
  unsigned code_at = min_indent(c, a, e);
  int continues = intro >= 0 && c->role[intro] == LINE_LITERAL &&
                  c->lit_shift && code_at == c->lit_code_at;
  int text_intro = intro >= 0 && c->role[intro] == LINE_TEXT;
  unsigned colon = text_intro ? info(c, intro)->colon : 0;
  if (!continues)
    c->lit_guessed = colon != 2;
  /* the block goes under the paragraph's text where the edits put it: an
   * item's continuation aligned with its text has moved right */
  unsigned text_col = text_intro ? intro_text_col(c, (size_t)intro) : 0;
  int too_far = literal_shift(text_col, code_at) > MAX_DEPTH;
  if (!continues && colon == 2 && too_far) {
    escape_double_colon(c, (size_t)intro, "literal-intro",
                        "the block is too far left of the '::' to be shifted "
                        "under it: a '::' line of its own introduces it");
    colon = 0;
    text_intro = 0;
  }
  unsigned p_ind = 0, para_col = c->lit_text_col;
  if (continues) {
    p_ind = (unsigned)c->lit_indent;
  } else if (colon == 2) {
    p_ind = para_indent(c, intro); /* "text::" introduces it already */
    para_col = text_col;
  } else if ((colon == 1 || (text_intro && colon == 0 &&
                              ends_in_word(c, (size_t)intro))) &&
             para_indent(c, intro) <= code_at && !too_far) {
    p_ind = para_indent(c, intro);
    para_col = text_col;
    double_colon(c, intro);
  } else {
    p_ind = bare_intro_column(c, e, text_intro ? para_indent(c, intro) : 0,
                              code_at);
    t2r_buf tmp;
    t2r_buf_init(&tmp);
    t2r_buf_fill(&tmp, ' ', p_ind);
    t2r_buf_puts(&tmp, "::");
    need_blank(c, a, "literal-intro", "a blank line sets off the '::' line");
    t2r_edits_insert(c->b->edits, a, tmp.ptr, tmp.len);
    t2r_edits_insert(c->b->edits, a, "", 0);
    t2r_buf_release(&tmp);
    edit_note(c, a, "literal-intro",
              "a '::' line introduces the literal block that follows");
    para_col = p_ind;
  }
  need_blank(c, a, "literal-blank", "a literal block follows a blank line");
  unsigned under = para_col > p_ind ? para_col : p_ind, shift = 0;
  if (code_at <= under) {
    shift = continues ? c->lit_shift : literal_shift(under, code_at);
    shift_lines(c, a, e, shift);
    edit_note(c, a, "literal-indent",
              "flush-left code is indented so that it forms a literal block");
  }
  for (size_t i = a; i < e; i++)
    c->role[i] = LINE_LITERAL;
  c->lit_indent = (long)p_ind;
  c->lit_text_col = para_col;
  c->lit_shift = shift;
  c->lit_code_at = code_at;
  if (e < c->n && !blank(c, e) && !continues_literal(c, e))
    need_blank(c, e, "literal-end", "a blank line ends a literal block");
  add_block(c, T2R_NODE_LITERAL, a, e - 1, 0);
}

/* ------------------------------------------------------- units and bodies */

typedef enum { U_TEXT, U_ITEM, U_DEF } unit_kind;

typedef struct {
  unit_kind kind;
  size_t beg, end; /* positions in the unit arrays */
} unit;

/* A view on lines for the unit walk: positions map to source lines and
 * indentations; position 0 may be an item's first line, whose text is the
 * body's first line. */
typedef struct {
  const size_t *lines;
  unsigned *ind;
  size_t n;
  int first_is_body; /* position 0 is an item body's first line */
  int depth;
} view;

static int deeper(const view *v, size_t k, size_t j) {
  return v->ind[k] > v->ind[j];
}

static size_t skip_blanks(const char *p, size_t n, size_t k) {
  while (k < n && t2r_blank_byte((unsigned char)p[k]))
    k++;
  return k;
}

/* The legacy bullet line i opens with text after it: 'o' for "o" or
 * "o)", T2R_BULLET_DASHES for "--"; 0 for none.  A lone "o" is a
 * letter; "--" also leads a signature ("-- Jane <jane@host>") and a
 * label marked on both sides ("-- example call --"). */
static unsigned char legacy_bullet(ctx *c, size_t i) {
  const t2r_line_info *in = info(c, i);
  const char *p = text(c, i);
  size_t n = text_len(c, i);
  if (in->mark == T2R_MARK_ENUM) /* "o)": the letter, were it a sibling's */
    return in->mark_len == 2 && !memcmp(p, "o)", 2) ? 'o' : 0;
  if (in->mark != T2R_MARK_BULLET || n <= in->mark_len)
    return 0;
  if (in->bullet == T2R_BULLET_DASHES)
    return credit_text(p, n) || !memcmp(p + n - 2, "--", 2) ? 0 : in->bullet;
  return in->bullet == 'o' ? 'o' : 0;
}

/* Legacy lists use "o" or "--" as a bullet, which docutils reads as a
 * word, or "o)", which it reads as the letter o of an enumeration.  Such
 * a line is an item when the next line at its indentation, past its
 * deeper continuation and blank lines, is another item with the same
 * bullet; both become "-" items. */
static void find_legacy_items(ctx *c) {
  for (size_t i = 0; i < c->n; i++) {
    unsigned char bullet = legacy_bullet(c, i);
    if (!bullet)
      continue;
    size_t k = i + 1;
    while (k < c->n && (blank(c, k) || indent(c, k) > indent(c, i)))
      k++;
    if (k < c->n && indent(c, k) == indent(c, i) &&
        legacy_bullet(c, k) == bullet)
      c->flags[i] |= LEGACY_ITEM, c->flags[k] |= LEGACY_ITEM;
  }
}

/* Writes a legacy item's bullet as "-", padded to the marker's width so
 * that its text and the continuation under it keep their column.  The
 * line as edited so far: an alignment or a dedent made before stays. */
static void rewrite_legacy_bullet(ctx *c, size_t i) {
  if (c->dry)
    return;
  const t2r_line *ln = line(c, i);
  unsigned len = info(c, i)->mark_len;
  size_t n;
  const char *p = t2r_edits_content(c->b->edits, i, c->b->src->data + ln->beg,
                                    ln->end - ln->beg, &n);
  size_t lead = skip_blanks(p, n, 0);
  t2r_buf tmp;
  t2r_buf_init(&tmp);
  t2r_buf_put(&tmp, p, lead);
  t2r_buf_putc(&tmp, '-');
  /* "o)" was an enumerator: its ')' goes, as it always did */
  if (info(c, i)->mark == T2R_MARK_BULLET)
    t2r_buf_fill(&tmp, ' ', len - 1);
  t2r_buf_put(&tmp, p + lead + len, n - lead - len);
  t2r_edits_replace(c->b->edits, i, tmp.ptr, tmp.len);
  t2r_buf_release(&tmp);
  edit_note(c, i, "legacy-bullet",
            "an \"o\" or \"--\" bullet, which docutils reads as a word, "
            "becomes \"-\"");
}

/* The digits of a number at p[k], and where they end in '*end'. */
static size_t digits_at(const char *p, size_t n, size_t k, size_t *end) {
  size_t d = k;
  while (d < n && p[d] >= '0' && p[d] <= '9')
    d++;
  *end = d;
  return d - k;
}

/* Does line i open with a date whose first number reads to docutils as
 * an enumerator ("18. 11. 2003  Matjaz", "2003. 11. 18.")?  Day (or
 * year), month and year (or day), each after a period; a history of
 * such lines is no list. */
static int date_enumerator(ctx *c, size_t i) {
  const t2r_line_info *in = info(c, i);
  if (in->mark != T2R_MARK_ENUM || in->enum_seq != T2R_SEQ_ARABIC ||
      in->enum_format != T2R_ENUM_PERIOD)
    return 0;
  const char *p = text(c, i);
  size_t n = text_len(c, i), end;
  size_t first = in->mark_len - 1;
  size_t month = digits_at(p, n, skip_blanks(p, n, in->mark_len), &end);
  if (month < 1 || month > 2 || end >= n || p[end] != '.')
    return 0;
  size_t last = digits_at(p, n, skip_blanks(p, n, end + 1), &end);
  if (end < n && t2r_ascii_alnum((unsigned char)p[end]))
    return 0;
  return (first <= 2 && last == 4) || (first == 4 && last >= 1 && last <= 2);
}

/* Does line i open with a copyright sign ("(c) 2016  Eric Biederman",
 * "(C) Copyright 2007 Rodolfo Giometti"), which docutils reads as the
 * enumerator of an item lettered from c? */
static int copyright_sign(ctx *c, size_t i) {
  const t2r_line_info *in = info(c, i);
  if (in->mark != T2R_MARK_ENUM || in->enum_format != T2R_ENUM_PARENS ||
      in->mark_len != 3 || (text(c, i)[1] | 0x20) != 'c')
    return 0;
  const char *p = text(c, i);
  size_t n = text_len(c, i), end;
  size_t k = skip_blanks(p, n, in->mark_len);
  return digits_at(p, n, k, &end) == 4 ||
         (n - k >= 9 && !memcmp(p + k, "Copyright", 9));
}

/* Does line i open with text that docutils reads as an enumerator: a
 * date or a copyright sign?  No list starts there. */
static int text_enumerator(ctx *c, size_t i) {
  return date_enumerator(c, i) || copyright_sign(c, i);
}

/* Is the enumerator of view line j one of a list: the one before it in
 * the view, or the one after it, once past blank lines? */
static int enum_has_sibling(ctx *c, const view *v, size_t j) {
  const t2r_line_info *in = info(c, v->lines[j]);
  for (size_t k = 0; k < j; k++)
    if (info(c, v->lines[k])->mark == T2R_MARK_ENUM &&
        same_enum(info(c, v->lines[k]), in))
      return 1; /* the last item, under a lazily wrapped sibling */
  size_t next = next_nonblank(c, v->lines[j] + 1);
  return next < c->n && info(c, next)->mark == T2R_MARK_ENUM &&
         same_enum(in, info(c, next));
}

/* Does the enumerator of view line j continue the sentence of the text
 * line right above it ("... its count goes to" over "0. The count is
 * ...")?  A lone item, the last line of its chunk, glued under a line
 * of the same indentation that neither ends a sentence nor introduces a
 * list, is a wrapped line, as docutils reads it, when its own text ends
 * as a part of a sentence does or is only the number ("1990."): "1.
 * Overview" there may head a section. */
static int wrapped_enumerator(ctx *c, const view *v, size_t j) {
  size_t i = v->lines[j];
  if (j == 0 || j + 1 < v->n || v->lines[j - 1] + 1 != i ||
      v->ind[j - 1] != v->ind[j] || line(c, i - 1)->indent != line(c, i)->indent)
    return 0;
  const char *p = text(c, i - 1), *q = text(c, i);
  size_t n = text_len(c, i - 1), m = text_len(c, i), t = 0;
  if (info(c, i - 1)->cls != T2R_LINE_TEXT ||
      info(c, i - 1)->mark != T2R_MARK_NONE || !n ||
      !(has_word(p + n - 1, 1) || p[n - 1] == ','))
    return 0;
  while (t < m && q[t] != ' ' && q[t] != '\t')
    t++; /* past the enumerator: is there text after it? */
  return (t == m || strchr(".:,", q[m - 1])) && !enum_has_sibling(c, v, j);
}

/* Is line j of the view an option and nothing else ("--enable-digests")? */
static int lone_option(ctx *c, const view *v, size_t j) {
  const t2r_line_info *in = info(c, v->lines[j]);
  return in->mark == T2R_MARK_OPTION &&
         in->mark_len == text_len(c, v->lines[j]);
}

static unsigned numbering_depth(const char *p, size_t n);

/* Are view lines j and k at one column in the text as written?  (The
 * walk aligns an item's wrapped lines with its text as it goes.) */
static int written_level(ctx *c, const view *v, size_t j, size_t k) {
  return line(c, v->lines[j])->indent == line(c, v->lines[k])->indent;
}

/* Is view line k, right under line k - 1, a line of an item's text that
 * the writer did not indent: at line j's column, with no marker or
 * section number of its own, and not code? */
static int unindented_wrap(ctx *c, const view *v, size_t j, size_t k) {
  size_t i = v->lines[k];
  return written_level(c, v, j, k) && v->lines[k - 1] + 1 == i &&
         info(c, i)->mark == T2R_MARK_NONE &&
         info(c, i)->cls == T2R_LINE_TEXT &&
         !is_code(c, i) && !numbering_depth(text(c, i), text_len(c, i));
}

/* The view position of the next item of the list whose enumerated line j
 * starts, reached past its unindented wrapped lines ("1) kernel doesn't
 * guarantee ... So," over "it's up to userspace ..." over "2) Toggle
 * ..."), or 0.  Without a sibling to end them the lines are text after
 * an item; docutils, reading no item there, joins it all in one
 * paragraph. */
static size_t lazy_next_item(ctx *c, const view *v, size_t j) {
  const t2r_line_info *in = info(c, v->lines[j]);
  size_t k = j + 1;
  if (in->mark != T2R_MARK_ENUM || (j == 0 && v->first_is_body))
    return 0;
  while (k < v->n && k <= j + LAZY_ITEM_MAX_LINES &&
         unindented_wrap(c, v, j, k))
    k++;
  if (k == j + 1 || k >= v->n || !written_level(c, v, j, k) ||
      v->lines[k - 1] + 1 != v->lines[k])
    return 0;
  const t2r_line_info *at = info(c, v->lines[k]);
  return at->mark == T2R_MARK_ENUM && same_enum(in, at) ? k : 0;
}

/* Is enumerated line j the next item after a sibling wrapped as
 * lazy_next_item finds? */
static int after_lazy_item(ctx *c, const view *v, size_t j) {
  size_t k = j;
  if (info(c, v->lines[j])->mark != T2R_MARK_ENUM)
    return 0;
  while (k > 1 && j - k < LAZY_ITEM_MAX_LINES &&
         unindented_wrap(c, v, j, k - 1))
    k--;
  return k < j && k > 0 && lazy_next_item(c, v, k - 1) == j;
}

/* docutils takes an option alone on its line for an option list item
 * only over its indented description, which may follow blank lines.
 * Options stacked so, one a line, are one paragraph naming them all,
 * and the description under them belongs to them all: none is an item. */
static int option_item(ctx *c, const view *v, size_t j) {
  if (!lone_option(c, v, j))
    return 1;
  int stacked =
      (j > 0 && v->ind[j - 1] == v->ind[j] && lone_option(c, v, j - 1)) ||
      (j + 1 < v->n && v->ind[j + 1] == v->ind[j] && lone_option(c, v, j + 1));
  if (j + 1 < v->n)
    return !stacked && deeper(v, j + 1, j);
  size_t i = v->lines[j], next = next_nonblank(c, i + 1);
  return !stacked && next < c->n && indent(c, next) > indent(c, i);
}

static t2r_mark_kind mark_at(ctx *c, const view *v, size_t j) {
  if (j == 0 && v->first_is_body)
    return T2R_MARK_NONE;
  const t2r_line_info *in = info(c, v->lines[j]);
  if (in->mark == T2R_MARK_OPTION && !option_item(c, v, j))
    return T2R_MARK_NONE;
  if (in->mark == T2R_MARK_BULLET)
    return is_rst_bullet(in) || (c->flags[v->lines[j]] & LEGACY_ITEM)
               ? T2R_MARK_BULLET
               : T2R_MARK_NONE;
  if (c->flags[v->lines[j]] & LEGACY_ITEM)
    return T2R_MARK_BULLET;
  if (in->mark == T2R_MARK_ENUM) {
    if (text_enumerator(c, v->lines[j]))
      return T2R_MARK_NONE;
    int next_deeper = j + 1 < v->n && deeper(v, j + 1, j);
    int next_blank = j + 1 >= v->n;
    if ((next_blank || enum_starts_item(c, v->lines[j], next_deeper) ||
         lazy_next_item(c, v, j) || after_lazy_item(c, v, j)) &&
        !wrapped_enumerator(c, v, j))
      return T2R_MARK_ENUM;
    return T2R_MARK_NONE;
  }
  return in->mark;
}

/* Units of one list docutils continues without a blank line. */
static int same_list(ctx *c, const view *v, size_t j, size_t k) {
  const t2r_line_info *a = info(c, v->lines[j]), *b = info(c, v->lines[k]);
  if (v->ind[j] != v->ind[k] || mark_at(c, v, j) != mark_at(c, v, k))
    return 0;
  switch (mark_at(c, v, k)) {
  case T2R_MARK_BULLET:
    return a->bullet == b->bullet;
  case T2R_MARK_ENUM:
    return same_enum(a, b);
  case T2R_MARK_OPTION:
  case T2R_MARK_FIELD:
    return 1;
  default:
    return 0;
  }
}

/* The column of the text after item j's marker. */
static unsigned item_text_col(ctx *c, const view *v, size_t j) {
  return v->ind[j] +
         (info(c, v->lines[j])->text_col - line(c, v->lines[j])->indent);
}

/* docutils reads a bullet or enumerated item's continuation only when it
 * is indented to the item's text (get_known_indented); lines between the
 * marker and the text are padded to it.  A line there with a marker of
 * its own starts a list set in under the item ("1. Increased Memory Use"
 * over "  a. Each process now needs ..."), which padding would run into
 * the item's text: a blank line sets it apart instead, as a list of its
 * own. */
static void align_continuation(ctx *c, view *v, size_t j, size_t end) {
  const t2r_line_info *in = info(c, v->lines[j]);
  if (in->mark != T2R_MARK_BULLET && in->mark != T2R_MARK_ENUM)
    return;
  unsigned col = item_text_col(c, v, j);
  for (size_t k = j + 1; k < end; k++) {
    if (v->ind[k] >= col)
      continue;
    size_t i = v->lines[k];
    t2r_mark_kind sub = mark_at(c, v, k);
    if (sub == T2R_MARK_BULLET || sub == T2R_MARK_ENUM) {
      need_blank(c, i, "nested-list-blank",
                 "a list set in under an item's line is a list of its own, "
                 "set apart by a blank line");
      return;
    }
    const t2r_line *ln = line(c, i);
    t2r_buf pad;
    t2r_buf_init(&pad);
    t2r_buf_put(&pad, c->b->src->data + ln->beg, ln->text_beg - ln->beg);
    t2r_buf_fill(&pad, ' ', col - v->ind[k]);
    replace_tail(c, i, pad.ptr, pad.len, ln->text_beg);
    t2r_buf_release(&pad);
    edit_note(c, i, "item-continuation",
              "a list item's continuation line is aligned with its text");
    v->ind[k] = col;
  }
}

/* Where the text after line i's label starts, a label of a few words and
 * a colon ("Arguments:  Arg0 is", "1: Device insert"); 0 when the line
 * opens with none. */
static size_t label_text(ctx *c, size_t i) {
  const char *p = text(c, i);
  size_t n = text_len(c, i);
  const char *colon = memchr(p, ':', n);
  if (!colon || colon == p ||
      count_words(p, (size_t)(colon - p)) > LABEL_MAX_WORDS)
    return 0;
  size_t t = (size_t)(colon - p) + 1;
  while (t < n && t2r_blank_byte((unsigned char)p[t]))
    t++;
  return t < n && t > (size_t)(colon - p) + 1 ? t : 0;
}

/* Does line i open with a label whose colon is set off from its text by
 * a gap ("Arguments:  Arg0 is"), the text starting at line k's column?
 * Line k then hangs under the label's text: the label's line and k are a
 * term and its definition, not text and a quote.  (One space after the
 * colon is a sentence's: "Datasheet: Publicly available" over its URL is
 * text and a quote; but not after a number, a range or an address, a
 * register's or a bit's row: "1: Device insert event, used to" or "bit
 * 1: named crashloaded" over the rest of its text.) */
static int hangs_under_label(ctx *c, size_t i, size_t k) {
  const char *p = text(c, i);
  size_t t = label_text(c, i);
  if (!t)
    return 0;
  size_t gap = (size_t)((const char *)memchr(p, ':', t) - p) + 1;
  size_t last_word = gap - 1;
  while (last_word > 0 && p[last_word - 1] != ' ' && p[last_word - 1] != '\t')
    last_word--;
  int numbered = (p[0] >= '0' && p[0] <= '9') || p[0] == '[' ||
                 (p[last_word] >= '0' && p[last_word] <= '9');
  return (t - gap >= 2 || memchr(p + gap, '\t', t - gap) || numbered) &&
         indent(c, i) + t2r_display_width(p, t, indent(c, i)) == indent(c, k);
}

/* Twice the display column of the middle of line i's text. */
static unsigned middle2(ctx *c, size_t i) {
  return 2 * indent(c, i) + line(c, i)->width;
}

/* Is line i centred under or over line 'other' (a line of a centred
 * run): well off the margin, short (a paragraph's lines that hang under
 * a word, "[1] These are for little endian instruction encoding." over
 * "This must not be confused with data endianness.", may happen to
 * centre), of one column of words, its middle within two columns of the
 * other's and where a page's is? */
static int centred_with(ctx *c, size_t i, size_t other) {
  unsigned a = middle2(c, i), b = middle2(c, other);
  return !blank(c, i) && indent(c, i) >= CENTRED_MIN_INDENT &&
         line(c, i)->width <= CENTRED_MAX_WIDTH &&
         !info(c, i)->gaps && !is_code(c, i) &&
         info(c, i)->mark == T2R_MARK_NONE && (a > b ? a - b : b - a) <= 4 &&
         a >= 2 * CENTRED_MID_MIN && a <= 2 * CENTRED_MID_MAX;
}

/* Are line i and the deeper line k right under it lines of a centred
 * run set apart by blank lines, as a header's are ("Russell King
 * <rmk@...>" over "November 17, 2005")?  They are no term and
 * definition. */
static int centred_pair(ctx *c, size_t i, size_t k) {
  if (k != i + 1 || !centred_with(c, i, k) || !centred_with(c, k, i))
    return 0;
  size_t a = i, e = k + 1;
  while (a > 0 && e - a <= CENTRED_MAX_LINES && centred_with(c, a - 1, i))
    a--;
  while (e < c->n && e - a <= CENTRED_MAX_LINES && centred_with(c, e, i))
    e++;
  return e - a <= CENTRED_MAX_LINES && (a == 0 || blank(c, a - 1)) &&
         blank(c, e);
}

/* Does centred line k go on with the sentence of line i above it ("VIA
 * VT8623 chipset and its graphics core" over "(known as CastleRock")?
 * Line i ends in a word or a comma, line k opens with a lower-case word
 * or a parenthesis (an address or a link is none). */
static int centred_wrap(ctx *c, size_t i, size_t k) {
  unsigned char end = (unsigned char)text(c, i)[text_len(c, i) - 1];
  if (!(t2r_ascii_alnum(end) || end == ',') || !centred_pair(c, i, k))
    return 0;
  const char *p = text(c, k);
  size_t n = text_len(c, k), w = 0;
  while (w < n && t2r_ascii_letter((unsigned char)p[w]))
    w++;
  return p[0] == '(' ||
         (p[0] >= 'a' && p[0] <= 'z' && (w == n || p[w] == ' '));
}

/* Line k, one to three columns right of the paragraph line above it,
 * continues a long sentence: a ragged wrap, not a nested block.  A line
 * of options ("-ilname, -iname") under a line ending in ':' is what that
 * line introduces, even where it is no option list item; a line under a
 * label's text hangs under it. */
static int ragged(ctx *c, const view *v, size_t j, size_t k) {
  unsigned d = v->ind[k] - v->ind[j];
  size_t above = v->lines[k - 1];
  return v->ind[k] > v->ind[j] && mark_at(c, v, k) == T2R_MARK_NONE &&
         !(info(c, v->lines[k])->mark == T2R_MARK_OPTION &&
           info(c, above)->colon) &&
         !is_code(c, v->lines[k]) && !is_code(c, above) &&
         ((d <= 3 && line(c, above)->width >= RAGGED_MIN_WIDTH) ||
          centred_wrap(c, above, v->lines[k])) &&
         !hangs_under_label(c, above, v->lines[k]);
}

/* Aligns a ragged line with its paragraph. */
static void align_ragged(ctx *c, view *v, size_t j, size_t k) {
  const t2r_line *ln = line(c, v->lines[j]);
  replace_tail(c, v->lines[k], c->b->src->data + ln->beg,
               ln->text_beg - ln->beg, line(c, v->lines[k])->text_beg);
  edit_note(c, v->lines[k], "ragged-wrap",
            "a wrapped line of a paragraph is aligned with the paragraph");
  v->ind[k] = v->ind[j];
}

/* Line k at the column of an item's marker, right under the item,
 * continuing its unfinished sentence: in lower case, or after a line
 * filled up to a lower-case word ("... came with Intel optics or is an" /
 * "Intel(R) Ethernet ..."), a wrap that lost its indentation, not text
 * after the list.  In a list whose items were all wrapped so, every such
 * line up to the next item ('next', see lazy_next_item) is one, and after
 * the last item ('after_lazy', see after_lazy_item) every such line up to
 * a new sentence. */
static int lazy_wrap(ctx *c, const view *v, size_t j, size_t k, size_t next,
                     int after_lazy) {
  t2r_mark_kind m = info(c, v->lines[j])->mark;
  if (k >= v->n || v->ind[k] != v->ind[j] ||
      (m != T2R_MARK_BULLET && m != T2R_MARK_ENUM) ||
      mark_at(c, v, k) != T2R_MARK_NONE)
    return 0;
  if (next)
    return k < next;
  size_t above = v->lines[k - 1], i = v->lines[k];
  char end = text(c, above)[text_len(c, above) - 1];
  int new_sentence = strchr(".!?:", end) && text(c, i)[0] >= 'A' &&
                     text(c, i)[0] <= 'Z';
  if (after_lazy) /* the last item: up to a new sentence */
    return unindented_wrap(c, v, j, k) && !new_sentence;
  if (is_code(c, i))
    return 0;
  int full = line(c, above)->width >= WRAPPED_MIN_WIDTH && end >= 'a' &&
             end <= 'z';
  return (full || (v->ind[j] > 0 && !strchr(".:;!?", end))) &&
         ((text(c, i)[0] >= 'a' && text(c, i)[0] <= 'z') || full);
}

/* Does a list start at line k inside a paragraph?  Bullets and numbers
 * do; a lone "b." or "I." in running text is a word, unless the next
 * line carries the next enumerator. */
static int glued_list_at(ctx *c, const view *v, size_t k) {
  t2r_mark_kind m = mark_at(c, v, k);
  const t2r_line_info *in = info(c, v->lines[k]);
  if (m != T2R_MARK_ENUM || in->enum_seq == T2R_SEQ_ARABIC ||
      in->enum_seq == T2R_SEQ_AUTO)
    return m != T2R_MARK_NONE;
  return k + 1 < v->n && info(c, v->lines[k + 1])->mark == T2R_MARK_ENUM &&
         same_enum(in, info(c, v->lines[k + 1]));
}

/* The length of the number [p, p+n) starts with ("-1", "0x45b", "9-15"),
 * or 0 when it starts with none. */
static size_t number_key(const char *p, size_t n) {
  size_t k = p[0] == '-', digits;
  int hex = k + 2 < n && p[k] == '0' && (p[k + 1] | 0x20) == 'x';
  for (int part = 0; part < 2; part++) {
    for (k += hex ? 2 : 0, digits = k;
         k < n && (t2r_ascii_digit((unsigned char)p[k]) ||
                   (hex && strchr("abcdefABCDEF", p[k])));
         k++)
      ;
    if (k == digits)
      return 0;
    if (part || k + 1 >= n || p[k] != '-' ||
        !t2r_ascii_digit((unsigned char)p[k + 1]))
      return k;
    hex = 0, k++; /* a range goes on */
  }
  return k;
}

/* Does line i read "KEY - meaning" with a short key ("0 - disabled",
 * "not 0 - enabled"), or "NUMBER: meaning" ("1: Enable", "0x2 = off"),
 * a row of a list of values? */
static int value_line(ctx *c, size_t i) {
  const char *p = text(c, i);
  size_t n = text_len(c, i);
  if (info(c, i)->mark != T2R_MARK_NONE)
    return 0;
  for (size_t k = 1; k + 3 < n && k <= VALUE_KEY_MAX; k++)
    if (p[k] == ' ' && p[k + 1] == '-' && p[k + 2] == ' ')
      return count_words(p, k) <= VALUE_KEY_WORDS &&
             has_word(p + k + 3, n - k - 3); /* ".long (from) - ." */
  size_t k = number_key(p, n);
  if (k && k + 1 < n && p[k] == ' ' && p[k + 1] == '=')
    k++; /* "1 = Home mode" */
  return k && k + 2 < n && (p[k] == ':' || p[k] == '=') && p[k + 1] == ' ' &&
         !info(c, i)->gaps && !is_code(c, i);
}

/* Where lines of values glued under the line of text [j, end)
 * introducing them start ("Possible values:" over "0 - disabled", "1 -
 * enabled"), or 0: run on into its paragraph they would read as one
 * sentence. */
static size_t glued_values_at(ctx *c, const view *v, size_t j, size_t end) {
  if (end < j + 3 || (end < v->n && deeper(v, end, end - 1)))
    return 0; /* the last one's deeper lines: a term and its definition */
  size_t s = end;
  while (s > j && value_line(c, v->lines[s - 1]))
    s--;
  return s > j && end - s >= 2 && info(c, v->lines[s - 1])->colon == 1 ? s
                                                                       : 0;
}

static unit next_unit(ctx *c, view *v, size_t j) {
  unit u = {U_TEXT, j, j + 1};
  if (mark_at(c, v, j) != T2R_MARK_NONE) {
    u.kind = U_ITEM;
    /* whether a list's items are all wrapped at their marker's column
     * depends on the item alone: judged once, not for each line */
    size_t next = lazy_next_item(c, v, j);
    int after_lazy = after_lazy_item(c, v, j);
    /* one note an item, at its first such line; in a list of items all
     * wrapped so, on its first and last item only */
    int noted = next && after_lazy;
    while (u.end < v->n && (deeper(v, u.end, j) ||
                            lazy_wrap(c, v, j, u.end, next, after_lazy))) {
      if (!deeper(v, u.end, j) && !c->dry && !noted++)
        review(c, v->lines[u.end], "lazy-wrap",
               "lines at the item marker's column, from this one, were read "
               "as the item's wrapped text");
      u.end++;
    }
    return u;
  }
  if (info(c, v->lines[j])->cls == T2R_LINE_ADORNMENT &&
      !(j == 0 && v->first_is_body))
    return u; /* a separator line stands alone, never a term */
  for (; u.end < v->n; u.end++) {
    if (!(j == 0 && v->first_is_body) && ragged(c, v, j, u.end))
      align_ragged(c, v, j, u.end);
    if (v->ind[u.end] != v->ind[j] || glued_list_at(c, v, u.end) ||
        (v->depth == 0 && glued_title_at(c, v->lines[u.end], c->n)))
      break;
  }
  size_t values = glued_values_at(c, v, j, u.end);
  if (values) {
    u.end = values;
    return u;
  }
  /* a label whose text a deeper line hangs under is a term of its own */
  if (u.end > j + 1 && u.end < v->n && deeper(v, u.end, u.end - 1) &&
      hangs_under_label(c, v->lines[u.end - 1], v->lines[u.end]))
    u.end--;
  /* a line ending in ':' glued over a term and its deeper definition
   * ("Registers:" over "CTRL<TAB>0x1 - control reg.") introduces the
   * definition list the term starts */
  if (u.end == j + 2 && u.end < v->n && deeper(v, u.end, j + 1) &&
      info(c, v->lines[j])->colon == 1 && !(j == 0 && v->first_is_body))
    u.end = j + 1;
  /* "...:" over an indented list, or over options that are no list
   * item, introduces it; it is no term, unless it is one word naming
   * what the list holds ("Flavors:", "LM90:") */
  if (u.end == j + 1 && u.end < v->n && deeper(v, u.end, j) &&
      !centred_pair(c, v->lines[j], v->lines[u.end]) &&
      !(info(c, v->lines[j])->colon == 1 &&
        count_words(text(c, v->lines[j]), text_len(c, v->lines[j])) > 1 &&
        (mark_at(c, v, u.end) != T2R_MARK_NONE ||
         info(c, v->lines[u.end])->mark == T2R_MARK_OPTION))) {
    u.kind = U_DEF;
    while (u.end < v->n && deeper(v, u.end, j))
      u.end++;
  }
  return u;
}

static int needs_blank(ctx *c, const view *v, const unit *prev, const unit *u) {
  if (prev->kind == U_ITEM && u->kind == U_ITEM)
    return !same_list(c, v, prev->beg, u->beg);
  if (prev->kind == U_DEF && u->kind == U_DEF)
    return v->ind[prev->beg] != v->ind[u->beg];
  return 1;
}

static t2r_node_kind list_kind(t2r_mark_kind m) {
  switch (m) {
  case T2R_MARK_ENUM:
    return T2R_NODE_ENUM_LIST;
  case T2R_MARK_OPTION:
    return T2R_NODE_OPTION_LIST;
  case T2R_MARK_FIELD:
    return T2R_NODE_FIELD_LIST;
  default:
    return T2R_NODE_BULLET_LIST;
  }
}

static void walk_units(ctx *c, view *v);

/* The column docutils strips an item's body by: a bullet or enumerated
 * item's text column (get_known_indented), so that lines deeper than the
 * text make its first line a term; for a field, an option, or an item
 * with nothing after its marker, SMALLEST_INDENT: the smallest
 * indentation of the lines after the first (get_first_known_indented). */
static unsigned body_column(ctx *c, const view *v, size_t j) {
  const t2r_line_info *in = info(c, v->lines[j]);
  const t2r_line *ln = line(c, v->lines[j]);
  if ((in->mark != T2R_MARK_BULLET && in->mark != T2R_MARK_ENUM) ||
      ln->width <= in->text_col - ln->indent)
    return SMALLEST_INDENT;
  return item_text_col(c, v, j);
}

/* Walks the body of an item or definition: positions [beg, end) of 'v',
 * with 'lead' (the item's line, whose text is the body's first line, at
 * column 'lead_col', see body_column) first when it is not -1.
 * Indentation is only compared, never measured from the margin. */
static void walk_body(ctx *c, const view *v, long lead, unsigned lead_col,
                      size_t beg, size_t end) {
  if (v->depth >= MAX_DEPTH)
    return;
  size_t n = end - beg + 1;
  size_t *bl = t2r_xrealloc(NULL, n * sizeof *bl);
  unsigned *bi = t2r_xrealloc(NULL, n * sizeof *bi);
  unsigned m = ~0u;
  for (size_t k = beg; k < end; k++)
    if (v->ind[k] < m)
      m = v->ind[k];
  view body = {bl, bi, 0, lead >= 0, v->depth + 1};
  if (lead >= 0) {
    bl[0] = (size_t)lead;
    bi[0] = lead_col != SMALLEST_INDENT ? lead_col : m == ~0u ? 0 : m;
    body.n = 1;
  }
  for (size_t k = beg; k < end; k++) {
    bl[body.n] = v->lines[k];
    bi[body.n++] = v->ind[k];
  }
  walk_units(c, &body);
  free(bl);
  free(bi);
}

/* Escapes the first character of line i's text, or with 'after_marker'
 * of the text after its list marker, with a backslash (an enumerator
 * after its ordinal). */
static void escape_line_start(ctx *c, size_t i, int after_marker,
                              const char *rule, const char *why) {
  if (c->dry)
    return;
  /* the line as edited so far: a dedent made above stays */
  const t2r_line *ln = line(c, i);
  size_t n;
  const char *p = t2r_edits_content(c->b->edits, i, c->b->src->data + ln->beg,
                                    ln->end - ln->beg, &n);
  size_t lead = skip_blanks(p, n, 0);
  if (after_marker)
    lead = skip_blanks(p, n, lead + info(c, i)->mark_len);
  /* a backslash before a letter or digit reads as one typed in the text,
   * which the inline pass keeps: an enumerator ("A.", "2)") is broken
   * after its ordinal instead */
  while (lead < n && t2r_ascii_alnum((unsigned char)p[lead]))
    lead++;
  t2r_buf tmp;
  t2r_buf_init(&tmp);
  t2r_buf_put(&tmp, p, lead);
  /* a backslash before a rule of backslashes would lengthen the rule; an
   * escaped space breaks it and docutils drops it */
  t2r_buf_puts(&tmp, lead < n && p[lead] == '\\' ? "\\ " : "\\");
  t2r_buf_put(&tmp, p + lead, n - lead);
  t2r_edits_replace(c->b->edits, i, tmp.ptr, tmp.len);
  t2r_buf_release(&tmp);
  edit_note(c, i, rule, why);
}

/* Escapes the date or the copyright sign opening line i, if one does
 * (text_enumerator). */
static void escape_enumerator_text(ctx *c, size_t i) {
  if (date_enumerator(c, i))
    escape_line_start(c, i, 0, "date-escape",
                      "a date opening a line would read as a list item's "
                      "number: kept as text");
  else if (copyright_sign(c, i))
    escape_line_start(c, i, 0, "copyright-escape",
                      "a copyright sign opening a line would read as a list "
                      "item's letter: kept as text");
}

/* The admonition directives a legacy text's words name; the first
 * OPENING_NOTES of them may also title a note opening the document
 * (opening_note). */
static const char *const admonitions[] = {
    "note", "warning", "important", "caution", "attention",
    "tip",  "hint",    "danger"};
#define OPENING_NOTES 5

/* The directive among the first 'count' admonitions that [p, p+n) names,
 * in any case, or NULL. */
static const char *admonition_named(const char *p, size_t n, size_t count) {
  for (size_t k = 0; k < count; k++)
    if (strlen(admonitions[k]) == n && !strncasecmp(p, admonitions[k], n))
      return admonitions[k];
  return NULL;
}

/* The directive for a paragraph led by an upper-case "NOTE:" and the
 * like; the lead's length (word, colon, blanks) goes in '*lead'.  Mixed
 * case leads ("Note: ...") are often just prose and stay text. */
static const char *admonition_at(ctx *c, size_t i, size_t *lead) {
  if (!(info(c, i)->flags & T2R_TEXT_ADMONITION) || indent(c, i) != 0)
    return NULL;
  const char *p = text(c, i);
  size_t n = text_len(c, i), k = 0;
  while (k < n && p[k] >= 'A' && p[k] <= 'Z')
    k++;
  const char *name =
      admonition_named(p, k, sizeof admonitions / sizeof *admonitions);
  if (name) {
    size_t j = k;
    while (j < n && p[j] == ' ')
      j++;
    if (j >= n || p[j] != ':')
      return NULL;
    j++;
    while (j < n && (p[j] == ' ' || p[j] == '\t'))
      j++;
    *lead = j;
    return name;
  }
  return NULL;
}

/* Sets the text lines of [first, last] in under a directive's line. */
static void indent_under_directive(ctx *c, size_t first, size_t last) {
  for (size_t i = first; i <= last; i++)
    if (!blank(c, i))
      replace_tail(c, i, "   ", 3, line(c, i)->text_beg);
}

/* "NOTE: text ..." -> ".. note:: text ..." with the paragraph's other
 * lines indented under the directive. */
static void make_admonition(ctx *c, size_t first, size_t last,
                            const char *name, size_t lead) {
  t2r_buf head;
  t2r_buf_init(&head);
  t2r_buf_printf(&head, ".. %s:: ", name);
  replace_tail(c, first, head.ptr, head.len, line(c, first)->text_beg + lead);
  t2r_buf_release(&head);
  indent_under_directive(c, first + 1, last);
  edit_note(c, first, "admonition",
            "a paragraph led by an upper-case NOTE:-style word becomes the "
            "matching directive");
  add_block(c, T2R_NODE_ADMONITION, first, last, 0);
}

/* Is line i a name alone on its line ("Smart Array P212", "Owner
 * read"): a capital or a digit first, a few words, no sentence's
 * punctuation at its end, nothing of code, markup or columns in it? */
static int name_line(ctx *c, size_t i) {
  const char *p = text(c, i);
  size_t n = text_len(c, i);
  if (info(c, i)->mark != T2R_MARK_NONE || is_code(c, i) || is_prose(c, i) ||
      n > NAME_MAX_WIDTH || count_words(p, n) > NAME_MAX_WORDS ||
      !((p[0] >= 'A' && p[0] <= 'Z') || (p[0] >= '0' && p[0] <= '9')) ||
      strchr(".,;:!?(-~", p[n - 1]))
    return 0;
  for (size_t k = 0; k < n; k++) /* identifiers ("CPU_DOWN") are code */
    if (strchr("{}=;:<>|\t*`_\\", p[k]) ||
        (p[k] == ' ' && k + 1 < n && p[k + 1] == ' '))
      return 0;
  return 1;
}

/* Is line i a person's name and address ("Jean Delvare
 * <jdelvare@suse.de>"), a comma after it as a list of them may have? */
static int person_line(ctx *c, size_t i) {
  const char *p = text(c, i);
  size_t n = text_len(c, i);
  if (n > 1 && p[n - 1] == ',')
    n--;
  const char *lt = memchr(p, '<', n);
  size_t name = lt ? (size_t)(lt - p) : 0;
  return name > 0 && p[n - 1] == '>' && memchr(lt, '@', n - name) &&
         info(c, i)->mark == T2R_MARK_NONE && p[0] >= 'A' && p[0] <= 'Z' &&
         count_words(p, name) <= NAME_MAX_WORDS && !memchr(p, ':', name);
}

/* Is the unit a chunk of names a line ending in ':' introduces, a title's
 * or a paragraph's ("Supported devices:" over "Smart Array P212", "Smart
 * Array P410"...), which a paragraph would run together?  Names glued
 * under the line, deeper, are a chunk of their own once set apart. */
static int name_list(ctx *c, const view *v, const unit *u) {
  size_t first = v->lines[u->beg], last = v->lines[u->end - 1];
  long intro = prev_nonblank(c, first);
  if (u->end - u->beg < 2 || intro < 0 ||
      (last + 1 < c->n && !blank(c, last + 1)))
    return 0;
  size_t lead = (size_t)intro;
  /* in a body, only under its term, a line of its own ("Switching works
   * for the following models:" over "<TAB>L3800C", "<TAB>A2500H") */
  if (v->depth > 0 && (u->beg > 0 || lead + 1 != first ||
                       (lead > 0 && !blank(c, lead - 1))))
    return 0;
  if (c->role[lead] == LINE_ADORN && lead > 0 &&
      c->role[lead - 1] == LINE_TITLE)
    lead--; /* the title's text, over its underline */
  if ((c->role[lead] != LINE_TEXT && c->role[lead] != LINE_TITLE) ||
      info(c, lead)->colon != 1 ||
      (lead + 1 == first && indent(c, first) <= indent(c, lead)))
    return 0;
  size_t persons = 0;
  for (size_t k = u->beg; k < u->end; k++) {
    int person = person_line(c, v->lines[k]);
    if (!(person || name_line(c, v->lines[k])) ||
        indent(c, v->lines[k]) != indent(c, first))
      return 0;
    persons += (size_t)person;
  }
  /* two names may be a phrase wrapped; two with addresses are people */
  return persons > 0 || u->end - u->beg >= NAME_LIST_MIN;
}

/* Lines of values with their meanings, or names, which a paragraph would
 * run together, become the bullet list they read as; returns 0 when the
 * unit is no such list. */
static int value_list(ctx *c, const view *v, const unit *u) {
  size_t first = v->lines[u->beg];
  /* the body of a term ending in ':' ("where n:") glued under a
   * paragraph's line: they would become a list glued under it */
  if (u->end - u->beg < 2 || (u->beg == 0 && v->first_is_body) ||
      (u->beg == 0 && v->depth > 0 && first > 1 && !blank(c, first - 1) &&
       info(c, first - 1)->colon && !blank(c, first - 2)))
    return 0;
  size_t k = u->beg;
  while (k < u->end && value_line(c, v->lines[k]))
    k++;
  if (k < u->end && !name_list(c, v, u))
    return 0;
  t2r_buf lead;
  t2r_buf_init(&lead);
  for (k = u->beg; k < u->end; k++) {
    size_t i = v->lines[k];
    const t2r_line *ln = line(c, i);
    t2r_buf_reset(&lead);
    t2r_buf_put(&lead, c->b->src->data + ln->beg, ln->text_beg - ln->beg);
    t2r_buf_puts(&lead, "- ");
    replace_tail(c, i, lead.ptr, lead.len, ln->text_beg);
    mark_para(c, i, i);
  }
  t2r_buf_release(&lead);
  edit_note(c, first, "value-list",
            "lines of values with their meanings, or of names, become a "
            "bullet list, one item a line, as they read");
  if (v->depth == 0 && u->beg == 0)
    add_block(c, T2R_NODE_BULLET_LIST, first, v->lines[u->end - 1], 0);
  return 1;
}

/* The block a paragraph whose first line is 'first' makes at the top
 * level: set in, docutils reads a quote. */
static t2r_node_kind text_block_kind(ctx *c, size_t first) {
  return indent(c, first) ? T2R_NODE_BLOCK_QUOTE : T2R_NODE_PARAGRAPH;
}

/* Does line i start with a reference's number in brackets and a blank
 * ("[2] https://lwn.net/Articles/742164/")? */
static int reference_line(ctx *c, size_t i) {
  const char *p = text(c, i);
  size_t n = text_len(c, i), k = 1;
  if (n < 4 || p[0] != '[')
    return 0;
  while (k < n && k <= 3 && p[k] >= '0' && p[k] <= '9')
    k++;
  return k > 1 && k + 2 < n && p[k] == ']' &&
         (p[k + 1] == ' ' || p[k + 1] == '\t');
}

/* Lines of references, one a line ("[1] https://..." over "[2] ..."),
 * which a paragraph would run together, are set apart by blank lines, a
 * paragraph each; returns 0 when the unit is no such run. */
static int reference_lines(ctx *c, const view *v, const unit *u) {
  size_t first = v->lines[u->beg];
  if (u->end - u->beg < 2 || (u->beg == 0 && v->first_is_body))
    return 0;
  for (size_t k = u->beg; k < u->end; k++)
    if (!reference_line(c, v->lines[k]) || v->ind[k] != v->ind[u->beg])
      return 0;
  for (size_t k = u->beg; k < u->end; k++) {
    size_t i = v->lines[k];
    if (k > u->beg)
      need_blank(c, i, "reference-lines",
                 "lines of references, one a line, are set apart: a "
                 "paragraph would run them together");
    mark_para(c, i, i);
    if (v->depth == 0 && u->beg == 0)
      add_block(c, text_block_kind(c, first), i, i, 0);
  }
  return 1;
}

/* Is the text after line i's list marker four or more of one adornment
 * character (docutils' transition, "*  ------")? */
static int item_text_is_rule(ctx *c, size_t i) {
  const char *p = text(c, i);
  size_t n = text_len(c, i);
  size_t k = skip_blanks(p, n, info(c, i)->mark_len);
  return t2r_is_transition_text(p + k, n - k);
}

/* Does item u's text open with a list marker of its own ("+ * [master]
 * ...", "* A. Wilcox", "* --reject-file=FILE  is now ...") that docutils
 * would read as a list nested on the line, which the item's next line
 * breaks off without the blank line docutils wants?  A bullet or
 * enumerated list is broken by a line left of its text (a line at the
 * item's text is no enumerated list's at all: docutils wants the next
 * line indented or blank), an option list by a line at the option's
 * column that is no option. */
static int item_text_opens_list(ctx *c, const view *v, const unit *u) {
  if (u->end < u->beg + 2)
    return 0;
  size_t i = v->lines[u->beg];
  const char *p = text(c, i);
  size_t n = text_len(c, i), k = skip_blanks(p, n, info(c, i)->mark_len);
  if (k >= n)
    return 0;
  t2r_line_info inner;
  t2r_lex_marker(p + k, n - k, &inner);
  unsigned body = item_text_col(c, v, u->beg), next = v->ind[u->beg + 1];
  unsigned inner_text =
      body + (unsigned)skip_blanks(p + k, n - k, inner.mark_len);
  switch (inner.mark) {
  case T2R_MARK_BULLET:
    return is_rst_bullet(&inner) && next < inner_text;
  case T2R_MARK_ENUM:
    return next > body && next < inner_text;
  case T2R_MARK_OPTION:
    return next == body &&
           info(c, v->lines[u->beg + 1])->mark != T2R_MARK_OPTION;
  default:
    return 0;
  }
}

/* The first line of an item's body, its text after the marker: docutils
 * reads that text as blocks of its own. */
static void finish_item_text(ctx *c, const view *v, const unit *u) {
  size_t i = v->lines[u->beg];
  if (item_text_is_rule(c, i))
    escape_line_start(c, i, 1, "rule-line-escape",
                      "a list item's text that is a separator line, a "
                      "transition docutils allows no list to hold, is kept "
                      "as text");
}

/* Ends a unit of text: lines of values become a list; a paragraph led by
 * an upper-case NOTE: becomes an admonition, unless it introduces what
 * follows; lines that docutils would read as something else at the start
 * of a block (a separator, a line block, a comment) get a backslash that
 * keeps them text. */
static void finish_text(ctx *c, const view *v, const unit *u) {
  size_t first = v->lines[u->beg], last = v->lines[u->end - 1];
  size_t lead;
  if (value_list(c, v, u) || reference_lines(c, v, u))
    return;
  /* one ending in ':' introduces what follows, which would fall outside
   * the directive ("For example::" over a literal block) */
  int may_be_admonition = v->depth == 0 &&
                          !(u->beg == 0 && v->first_is_body) &&
                          !info(c, last)->colon;
  const char *admonition =
      may_be_admonition ? admonition_at(c, first, &lead) : NULL;
  if (admonition) {
    make_admonition(c, first, last, admonition, lead);
    mark_para(c, first, last);
    return;
  }
  for (size_t k = u->beg; k < u->end; k++) {
    size_t i = v->lines[k];
    if (k == 0 && v->first_is_body) {
      finish_item_text(c, v, u);
      continue;
    }
    /* under a paragraph's first line, a rule makes docutils read a title */
    if (rule_line(c, i) && (k <= u->beg + 1 || v->depth > 0))
      escape_line_start(c, i, 0, "rule-line-escape",
                        "a separator line where docutils allows no "
                        "transition is kept as text");
    else if (k == u->beg && text(c, i)[0] == '|' &&
             (text_len(c, i) == 1 || text(c, i)[1] == ' '))
      escape_line_start(c, i, 0, "line-block-escape",
                        "a leading '|' would start a line block");
    else if (k == u->beg && is_markup_start(c, i))
      escape_line_start(c, i, 0, "comment-escape",
                        "a leading '..' or '__ ' would hide the line as "
                        "markup");
    else if (k == u->beg)
      escape_enumerator_text(c, i);
  }
  mark_para(c, first, last);
  if (v->depth == 0 && u->beg == 0)
    add_block(c, text_block_kind(c, first), first, last, 0);
}

static void walk_units(ctx *c, view *v) {
  unit prev = {U_TEXT, 0, 0};
  int have_prev = 0;
  /* a dry run stops at its first split: the walk meets the lines in
   * order, so no later one is nearer */
  for (size_t j = 0; j < v->n && !(c->dry && c->dry_first != NO_LINE);) {
    unit u = next_unit(c, v, j);
    size_t first = v->lines[u.beg];
    if (have_prev && needs_blank(c, v, &prev, &u))
      need_blank(c, first, "blank-between-blocks",
                 "docutils needs a blank line where indentation or the "
                 "kind of block changes");
    if (u.kind == U_TEXT) {
      finish_text(c, v, &u);
    } else if (u.kind == U_ITEM) {
      if ((c->flags[first] & LEGACY_ITEM) && !(j == 0 && v->first_is_body))
        rewrite_legacy_bullet(c, first);
      align_continuation(c, v, j, u.end);
      if (item_text_opens_list(c, v, &u))
        escape_line_start(c, first, 1, "nested-list-escape",
                          "a list marker opening a list item's text would "
                          "start a list the item's next line breaks off: "
                          "kept as text");
      if (v->depth == 0 && (!have_prev || needs_blank(c, v, &prev, &u)))
        add_block(c, list_kind(mark_at(c, v, j)), first, first, 0);
      walk_body(c, v, (long)first, body_column(c, v, j), u.beg + 1, u.end);
    } else {
      if (v->depth == 0 && (!have_prev || prev.kind != U_DEF))
        add_block(c, T2R_NODE_DEFINITION_LIST, first, first, 0);
      escape_enumerator_text(c, first);
      mark_para(c, first, first);
      walk_body(c, v, -1, SMALLEST_INDENT, u.beg + 1, u.end);
    }
    prev = u;
    have_prev = 1;
    j = u.end;
  }
}

/* ------------------------------------------------------------- chunks */

/* The top-level view of the chunk [a, e), in the ctx's scratch arrays. */
static view chunk_view(ctx *c, size_t a, size_t e) {
  if (e - a > c->scap) {
    c->scap = e - a;
    c->slines = t2r_xrealloc(c->slines, c->scap * sizeof *c->slines);
    c->sind = t2r_xrealloc(c->sind, c->scap * sizeof *c->sind);
  }
  view v = {c->slines, c->sind, e - a, 0, 0};
  for (size_t i = a; i < e; i++) {
    c->slines[i - a] = i;
    c->sind[i - a] = indent(c, i);
  }
  return v;
}

static void walk_lines(ctx *c, size_t a, size_t e) {
  if (a >= e)
    return;
  view v = chunk_view(c, a, e);
  walk_units(c, &v);
}

/* The first line of [a, e) that its units, at any depth, set apart with
 * a blank line, or e; '*rule' and '*why' get the rule and reason that
 * set it apart.  What follows it is a chunk of its own once the blank is
 * in, and is decided as one, so that a second conversion of the output
 * decides alike. */
static size_t first_split(ctx *c, size_t a, size_t e, const char **rule,
                          const char **why) {
  c->dry = 1;
  c->dry_first = NO_LINE;
  walk_lines(c, a, e);
  c->dry = 0;
  *rule = c->dry_rule;
  *why = c->dry_why;
  return c->dry_first < e ? c->dry_first : e;
}

/* Is line a one more of the labelled rows above it, at its indentation
 * past deeper lines ("2-7: reserved" under "1: Device insert event,
 * used" and its hanging text)?  A paragraph's first line is no row. */
static int row_after_deeper(ctx *c, size_t a) {
  if (!label_text(c, a))
    return 0;
  size_t i = a, deeper = 0;
  while (i > 0 && (blank(c, i - 1) || indent(c, i - 1) > indent(c, a)))
    deeper += !blank(c, --i);
  return i > 0 && deeper > 0 && indent(c, i - 1) == indent(c, a) &&
         label_text(c, i - 1);
}

/* A first line indented deeper than the uniform rest of its paragraph is
 * an old typewriter habit, by a tab at most (further in, the line is
 * centred, a page number, the end of a drawing's staircase); docutils
 * would split it off as a quote.  Is
 * the chunk [a, e) such a paragraph?  A numbered first line ("  0. This
 * License applies ...") is one, too, when no line under it carries a
 * marker: at the rest's column it reads as a paragraph to docutils, as
 * it does to a reader, where an item would part it from its sentence. */
static int first_line_overhangs(ctx *c, size_t a, size_t e) {
  t2r_mark_kind m = info(c, a)->mark;
  if (e - a < 2 || indent(c, a) <= indent(c, a + 1) ||
      indent(c, a) > indent(c, a + 1) + PARA_INDENT_MAX ||
      (m != T2R_MARK_NONE && m != T2R_MARK_ENUM) ||
      info(c, a)->cls != T2R_LINE_TEXT ||
      is_code(c, a) || row_after_deeper(c, a) ||
      (a > 0 && !blank(c, a - 1) && info(c, a - 1)->colon == 1))
    return 0; /* set in under "e.g.:" it is the example */
  for (size_t i = a + 1; i < e; i++) {
    /* a title further down is set apart from the paragraph; a rule
     * right under the first line makes the chunk no paragraph */
    if (i > a + 1 && glued_title_at(c, i, e))
      break;
    if (indent(c, i) != indent(c, a + 1) ||
        info(c, i)->cls == T2R_LINE_ADORNMENT ||
        (m != T2R_MARK_NONE && info(c, i)->mark != T2R_MARK_NONE))
      return 0;
  }
  return 1;
}

/* The indentation the chunk starting at line a will have once edited: a
 * title moves to the margin, an overhanging first line aligns with the
 * rest. */
static unsigned chunk_indent(ctx *c, size_t a) {
  size_t e = a;
  while (e < c->n && !blank(c, e))
    e++;
  if (title_at(c, a, e))
    return 0;
  return first_line_overhangs(c, a, e) ? indent(c, a + 1) : indent(c, a);
}

static void fix_first_line_indent(ctx *c, size_t a, size_t e) {
  if (!first_line_overhangs(c, a, e))
    return;
  const t2r_line *nx = line(c, a + 1);
  if (t2r_edits_of(c->b->edits, a)->replaced)
    return;
  replace_tail(c, a, c->b->src->data + nx->beg, nx->text_beg - nx->beg,
               line(c, a)->text_beg);
  c->ind[a] = c->ind[a + 1];
  edit_note(c, a, "first-line-indent",
            "the paragraph's indented first line is aligned with the rest");
}

/* "/" "*" opening a C comment: at the start or after a blank or a
 * delimiter, followed by a blank, '*' or the end; a path glob such as
 * "kernel/" "*" is none. */
static int comment_opens(const char *p, size_t n, size_t i) {
  if (i > 0 && !strchr(" \t;{}()", p[i - 1]))
    return 0;
  return i + 2 >= n || strchr(" \t*", p[i + 2]);
}

/* Tracks C braces and comments over a line ([p, p+n)). */
static void count_code(const char *p, size_t n, int *depth, int *comment) {
  char quote = 0;
  for (size_t i = 0; i < n; i++) {
    char ch = p[i], next = i + 1 < n ? p[i + 1] : 0;
    if (*comment) {
      if (ch == '*' && next == '/')
        *comment = 0, i++;
    } else if (quote) {
      if (ch == '\\')
        i++;
      else if (ch == quote)
        quote = 0;
    } else if (ch == '/' && next == '*' && comment_opens(p, n, i)) {
      *comment = 1, i++;
    } else if (ch == '/' && next == '/') {
      return;
    } else if (ch == '"') {
      quote = ch;
    } else if (ch == '{') {
      ++*depth;
    } else if (ch == '}') {
      --*depth;
    }
  }
}

/* Code that opens a C block or comment and leaves it open at the end of
 * its chunk goes on, across blank lines, to where it closes: returns the
 * end of the chunk holding the close, or e when it does not close within
 * CODE_REGION_MAX lines or a title comes first. */
static size_t code_region_end(ctx *c, size_t a, size_t e) {
  int depth = 0, comment = 0;
  for (size_t i = a; i < e; i++)
    count_code(text(c, i), text_len(c, i), &depth, &comment);
  if (depth <= 0 && !comment)
    return e;
  for (size_t i = e; i < c->n && i < e + CODE_REGION_MAX; i++) {
    if (blank(c, i))
      continue;
    if (blank(c, i - 1) && title_at(c, i, c->n))
      return e;
    if (!comment && is_prose(c, i) && indent(c, i) <= indent(c, a))
      return e; /* running text outside a comment: not code after all */
    count_code(text(c, i), text_len(c, i), &depth, &comment);
    if (depth <= 0 && !comment) {
      while (i < c->n && !blank(c, i))
        i++;
      return i;
    }
  }
  return e;
}

/* Does line i start as a sentence does, a capital and a small letter
 * ("The boot image", "Espeakup should")? */
static int starts_sentence(ctx *c, size_t i) {
  const char *p = text(c, i);
  return text_len(c, i) > 1 && p[0] >= 'A' && p[0] <= 'Z' && p[1] >= 'a' &&
         p[1] <= 'z';
}

/* Does line i read as a sentence, however short: a capital and a small
 * letter first, a period last ("That is not good.")? */
static int sentence_line(ctx *c, size_t i) {
  return starts_sentence(c, i) && text(c, i)[text_len(c, i) - 1] == '.';
}

/* Is line q of a tail starting at p a short sentence ending in a period
 * right after code, no deeper than it ("Espeakup should start speaking."
 * under the command it speaks of)?  It is text again, too short to read
 * as prose; deeper, it is a comment in the code. */
static int said_after_code(ctx *c, size_t p, size_t q) {
  return q > p && is_code(c, q - 1) && !is_code(c, q) &&
         indent(c, q) <= indent(c, q - 1) && sentence_line(c, q);
}

/* Is the last line of the chunk [a, e), whose first is code, a short
 * sentence ending in a period set left of that code and of the line
 * above it ("That is not good." under "  $ ls -l /bin/ping" and its
 * output)?  It is text again, the literal block ends above it. */
static int said_left_of_code(ctx *c, size_t a, size_t e) {
  size_t q = e - 1;
  return q > a && is_code(c, a) && !is_code(c, q) &&
         indent(c, q) < indent(c, q - 1) && indent(c, q) < indent(c, a) &&
         sentence_line(c, q);
}

/* Is the chunk's first line a, a few words from a capital to a letter, a
 * phrase saying what to do with the lines of code [p, e) under it, two
 * or more ("To enable, run" over two systemctl commands), which a colon
 * would introduce?  A sentence wrapped onto a line that reads as code
 * ("... to create" over "bridge devices.") is longer; a line with a gap
 * is a table's header ("PCI ID<TAB>OEM<TAB>Product"). */
static int said_before_code(ctx *c, size_t a, size_t p, size_t e) {
  const char *t = text(c, a);
  size_t n = text_len(c, a);
  if (p != a + 1 || e < p + 2 || info(c, a)->gaps > 0 ||
      info(c, a)->mark != T2R_MARK_NONE || !(t[0] >= 'A' && t[0] <= 'Z') ||
      !t2r_ascii_letter((unsigned char)t[n - 1]) ||
      count_words(t, n) > SAID_MAX_WORDS)
    return 0;
  for (size_t i = p; i < e; i++)
    if (!is_code(c, i) || indent(c, i) != indent(c, a))
      return 0;
  return 1;
}

/* Is line p of the chunk ending at e a list item of text with a deeper
 * line under it ("1. Start Vim with the -D argument:" over its command)? */
static int item_over_body(ctx *c, size_t p, size_t e) {
  return info(c, p)->mark != T2R_MARK_NONE && !is_code(c, p) &&
         !is_columns(c, p) && p + 1 < e && indent(c, p + 1) > indent(c, p);
}

/* Finds a literal tail [*lp, *lq) in the chunk [a, e): lines after a line
 * ending in ':', or lines deeper than the text of the chunk's first (an
 * item's wrapped text is not deeper), that read as code.  A list item
 * of text with deeper lines under it after the ':' starts the list the
 * line introduces: what is under it is the item's.  Returns 0 when there
 * is none. */
static int literal_tail(ctx *c, size_t a, size_t e, size_t *lp, size_t *lq) {
  for (size_t p = a + 1; p < e; p++) {
    int intro = (info(c, p - 1)->colon == 1 || said_before_code(c, a, p, e)) &&
                !is_code(c, p - 1) && !item_over_body(c, p, e);
    int indented = indent(c, p) > para_indent(c, a);
    if (!intro && !indented)
      continue;
    size_t q = p;
    /* rows in columns to the chunk's end, some of them prose-like */
    int rows = !indented && aligned_rows(c, p, e);
    if (indented)
      while (q < e && indent(c, q) > indent(c, a))
        q++;
    else if (rows)
      q = e;
    else
      while (q < e && !is_prose(c, q) && !said_after_code(c, p, q))
        q++;
    if (q > p && (rows || preformatted(c, p, q))) {
      *lp = p;
      *lq = q;
      return 1;
    }
    if (q > p + 1)
      p = q - 1; /* a later start inside [p, q) sees the same lines */
  }
  return 0;
}

/* A code line opening a C block or comment it does not close:
 * "struct foo {", "/" "* TERMS AND CONDITIONS". */
static int opens_region(ctx *c, size_t i) {
  int depth = 0, comment = 0;
  if (!is_code(c, i))
    return 0;
  count_code(text(c, i), text_len(c, i), &depth, &comment);
  return depth > 0 || comment;
}

/* A table's border: "=====  =====" (simple) or "+-----+-----+" (grid). */
static int is_table_border(ctx *c, size_t i) {
  const char *p = text(c, i);
  size_t n = text_len(c, i);
  if (p[0] == '=')
    return t2r_is_simple_border(c->b->src, i);
  if (n <= 3 || p[0] != '+')
    return 0;
  for (size_t k = 0; k < n; k++)
    if (!strchr("+-=", p[k]))
      return 0;
  return 1;
}

static int has_double_colon(const char *p, size_t n) {
  for (size_t i = 0; i + 1 < n; i++)
    if (p[i] == ':' && p[i + 1] == ':')
      return 1;
  return 0;
}

/* Depth of a heading number "1", "2.3", "4.1.2" ending in '.', ')' or a
 * blank and followed by a word, or 0; where that word starts goes to
 * *words.  A part with a leading zero after the first is a version's
 * ("1.07<TAB>Fix test failures"), never a section's. */
static unsigned numbering_of(const char *p, size_t n, size_t *words) {
  unsigned depth = 0;
  *words = 0;
  size_t i = 0;
  while (i < n && p[i] >= '0' && p[i] <= '9') {
    size_t d = i;
    while (i < n && p[i] >= '0' && p[i] <= '9' && i - d < 3)
      i++;
    if (depth && p[d] == '0' && i - d > 1)
      return 0;
    depth++;
    if (i < n && p[i] == '.' && i + 1 < n && p[i + 1] >= '0' && p[i + 1] <= '9')
      i++;
    else
      break;
  }
  if (!depth)
    return 0;
  if (i < n && (p[i] == '.' || p[i] == ')'))
    i++;
  if (i >= n || (p[i] != ' ' && p[i] != '\t'))
    return 0;
  while (i < n && (p[i] == ' ' || p[i] == '\t'))
    i++;
  /* a part's number may be set off by a dash ("6.1 - Asymmetric CPU
   * topology"); after a whole number one reads as a value's ("0 - off") */
  if (depth >= 2 && i + 2 < n && p[i] == '-' && p[i + 1] == ' ')
    for (i++; i < n && p[i] == ' ';)
      i++;
  *words = i;
  return i < n && ((p[i] >= 'A' && p[i] <= 'Z') || (p[i] >= 'a' && p[i] <= 'z'))
             ? depth : 0;
}

static unsigned numbering_depth(const char *p, size_t n) {
  size_t words;
  return numbering_of(p, n, &words);
}

/* The number of a heading numbered in capital roman numerals, I to
 * XXXIX, then '.', a blank and a word ("IV. Version History"), or 0.
 * The period is required: "I WANT" and "X Video" are words. */
static unsigned roman_number(const char *p, size_t n) {
  static const char *const units[] = {"", "I", "II", "III", "IV",
                                      "V", "VI", "VII", "VIII", "IX"};
  size_t i = 0;
  unsigned tens = 0;
  while (i < n && p[i] == 'X' && tens < 3)
    i++, tens++;
  unsigned ones = 9;
  size_t len = 0;
  for (; ones > 0; ones--) { /* the one spelled out up to a non-numeral */
    len = strlen(units[ones]);
    if (i + len <= n && !memcmp(p + i, units[ones], len) &&
        (i + len == n || !strchr("IVX", p[i + len])))
      break;
  }
  i += ones ? len : 0;
  if ((!tens && !ones) || i + 1 >= n || p[i] != '.' ||
      (p[i + 1] != ' ' && p[i + 1] != '\t'))
    return 0;
  for (i++; i < n && (p[i] == ' ' || p[i] == '\t'); i++)
    ;
  return i < n && ((p[i] >= 'A' && p[i] <= 'Z') || (p[i] >= 'a' && p[i] <= 'z'))
             ? tens * 10 + ones
             : 0;
}

/* The text line of the last title, among the last few, in which
 * 'numbering' (numbering_depth, roman_number) finds a number, or NO_LINE:
 * the title whose count a numbered line may continue. */
static size_t last_numbered_title(ctx *c,
                                  unsigned (*numbering)(const char *, size_t)) {
  for (size_t k = c->ntitles; k > 0 && c->ntitles - k < 32; k--) {
    size_t t = c->titles[k - 1].text;
    if (numbering(text(c, t), text_len(c, t)))
      return t;
  }
  return NO_LINE;
}

/* Is the last title numbered in roman numerals (among the last few) the
 * one before 'number' ("II. Known problems" after "I. Overview" and its
 * subsections)?  Then the line numbered 'number' heads the next section,
 * whatever lies under it. */
static int continues_roman(ctx *c, unsigned number) {
  size_t t = number > 1 ? last_numbered_title(c, roman_number) : NO_LINE;
  return t != NO_LINE && roman_number(text(c, t), text_len(c, t)) == number - 1;
}

/* The number 'numbering' reads in line i (roman_number, letter_number),
 * 0 past the end or for a blank line. */
static unsigned number_at(ctx *c, size_t i,
                          unsigned (*numbering)(const char *, size_t)) {
  return i < c->n && !blank(c, i) ? numbering(text(c, i), text_len(c, i)) : 0;
}

/* The place in the alphabet of the letter numbering [p, p+n) as an
 * outline's part, a capital and a period before a capitalised phrase
 * ("A. Introduction", "B.  Features"); 0 when it is none. */
static unsigned letter_number(const char *p, size_t n) {
  if (n < 4 || p[0] < 'A' || p[0] > 'Z' || p[1] != '.' ||
      (p[2] != ' ' && p[2] != '\t'))
    return 0;
  size_t i = 2;
  while (i < n && (p[i] == ' ' || p[i] == '\t'))
    i++;
  return i < n && p[i] >= 'A' && p[i] <= 'Z' ? (unsigned)(p[0] - 'A' + 1) : 0;
}

/* Is line i a numbered line of 'depth' alone in its chunk?  A run of
 * them is a list with blank lines between items, not headings. */
static int alone_in_chunk(ctx *c, size_t i) {
  return i < c->n && !blank(c, i) && blank(c, i + 1) &&
         (i == 0 || blank(c, i - 1));
}

/* The last number of a numbering: 1 for "2.1 Locking", 2 for "2. Usage". */
static unsigned last_number(const char *p, size_t n) {
  unsigned value = 0;
  for (size_t i = 0; i < n && value < 100000; i++) {
    if (p[i] >= '0' && p[i] <= '9')
      value = value * 10 + (unsigned)(p[i] - '0');
    else if (p[i] == '.' && i + 1 < n && p[i + 1] >= '0' && p[i + 1] <= '9')
      value = 0;
    else
      break;
  }
  return value;
}

/* Is line i numbered 'number' at 'depth'? */
static int numbered(ctx *c, size_t i, unsigned depth, unsigned number) {
  return numbering_depth(text(c, i), text_len(c, i)) == depth &&
         last_number(text(c, i), text_len(c, i)) == number;
}

/* Is line i, alone in its chunk, the previous item of the list the line
 * numbered 'number' at 'depth' belongs to (numbered one less, or alike)? */
static int lone_numbered(ctx *c, size_t i, unsigned depth, unsigned number) {
  return alone_in_chunk(c, i) && (numbered(c, i, depth, number - 1) ||
                                  numbered(c, i, depth, number));
}

/* Does the chunk from line i start with the next item of the list the
 * line numbered 'number' at 'depth' belongs to, alone or with its wrapped
 * lines (as a conversion sets items apart)?  An item numbered alike
 * ("2." under "2.") is one, too: headings count on. */
static int next_numbered(ctx *c, size_t i, unsigned depth, unsigned number) {
  return i < c->n && !blank(c, i) &&
         (numbered(c, i, depth, number + 1) || numbered(c, i, depth, number));
}

/* Is line a, numbered 'number' at 'depth', right under a title numbered
 * alike or higher at its depth ("1. Install" under "2. Setup")?  Then it
 * starts the section's list; the count of headings does not go back. */
static int under_later_title(ctx *c, size_t a, unsigned depth,
                             unsigned number) {
  if (!c->ntitles)
    return 0;
  const title_rec *t = &c->titles[c->ntitles - 1];
  size_t last = t->under != NO_LINE ? t->under : t->text;
  const char *p = text(c, t->text);
  size_t n = text_len(c, t->text);
  return prev_nonblank(c, a) == (long)last &&
         numbering_depth(p, n) == depth && last_number(p, n) >= number;
}

/* Is the title at line i (an overline's or its text's) numbered lower
 * than 'number' at 'depth' ("1. What is it" under "9. Rationale")?  Then
 * the line over it ends a list of contents, as no section holds one
 * numbered before it. */
static int over_earlier_title(ctx *c, size_t i, unsigned depth,
                              unsigned number) {
  int len = i < c->n ? title_at(c, i, c->n) : 0;
  size_t t = len == 3 ? i + 1 : i;
  return len && numbering_depth(text(c, t), text_len(c, t)) == depth &&
         last_number(text(c, t), text_len(c, t)) < number;
}

/* Does line a, numbered at 'depth', end a list of contents: the title at
 * line 'next' under it is named by the list's first entry ("3) A final
 * note" over "TCM Userspace Design", which "1) TCM Userspace Design"
 * opened the list with)?  The first section follows its contents. */
static int ends_contents(ctx *c, size_t a, size_t next, unsigned depth) {
  int len = depth ? title_at(c, next, c->n) : 0;
  if (len < 2)
    return 0;
  size_t t = len == 3 ? next + 1 : next;
  for (size_t i = a; i-- > 0 && a - i <= CONTENTS_MAX_LINES;) {
    const char *p = text(c, i);
    size_t n = text_len(c, i), k;
    if (blank(c, i) || indent(c, i) > indent(c, a))
      continue;
    if (indent(c, i) < indent(c, a) || numbering_of(p, n, &k) != depth)
      return 0;
    if (last_number(p, n) == 1)
      return n - k <= text_len(c, t) &&
             !strncasecmp(p + k, text(c, t), n - k);
  }
  return 0;
}

/* Does line a, numbered at depth 2 or more, number a part of the last
 * numbered title's section or of its parent ("3.1" or "3.2" after "3.
 * Usage" or "3.1 Setup")?  No enumerator docutils knows reads "3.1", so
 * the line heads a section, whatever ends it or lies under it. */
static int continues_numbering(ctx *c, size_t a, unsigned depth) {
  if (depth < 2 || !c->ntitles)
    return 0;
  const char *p = text(c, a);
  size_t n = text_len(c, a), parent = 0;
  for (size_t i = 0; i < n && ((p[i] >= '0' && p[i] <= '9') || p[i] == '.'); i++)
    if (p[i] == '.' && i + 1 < n && p[i + 1] >= '0' && p[i + 1] <= '9')
      parent = i; /* "3.1.2": the parent is "3.1" */
  /* unnumbered titles may stand between ("ISA board" under "3.1") */
  size_t t = last_numbered_title(c, numbering_depth);
  if (t == NO_LINE)
    return 0;
  const char *tp = text(c, t);
  size_t tn = text_len(c, t);
  return parent && tn > parent &&
         !memcmp(tp, p, parent) && !(tp[parent] >= '0' && tp[parent] <= '9');
}

/* Is line a, glued over more text, numbered as a part of the last
 * title's section (see continues_numbering) and worded as a whole
 * heading: no sentence's end, no parenthesis left open for the next line
 * to close, and no numbered line under it, as in a list of contents? */
static int glued_part(ctx *c, size_t a) {
  const char *p = text(c, a);
  size_t n = text_len(c, a);
  unsigned depth = numbering_depth(p, n);
  long open = 0;
  for (size_t k = 0; k < n; k++)
    open += (p[k] == '(') - (p[k] == ')');
  return depth >= 2 && p[n - 1] != '.' && open <= 0 &&
         continues_numbering(c, a, depth) && !blank(c, a + 1) &&
         !numbering_depth(text(c, a + 1), text_len(c, a + 1));
}

/* First line of the chunk before the one starting at a, or c->n. */
static size_t prev_chunk_start(ctx *c, size_t a) {
  long p = prev_nonblank(c, a);
  if (p < 0)
    return c->n;
  while (p > 0 && !blank(c, (size_t)p - 1))
    p--;
  return (size_t)p;
}

/* Is line a, numbered 'number' in roman numerals, an item of a list: the
 * chunk after it ('next') starts with the same number or the next one,
 * or the chunk before it is the line numbered one less, alone ("I. one
 * step" over "II. two steps")? */
static int roman_list_item(ctx *c, size_t a, size_t next, unsigned number) {
  unsigned after = number_at(c, next, roman_number);
  if (after == number || after == number + 1)
    return 1;
  size_t before = prev_chunk_start(c, a);
  return number > 1 && alone_in_chunk(c, before) &&
         number_at(c, before, roman_number) == number - 1;
}

/* Does line a, lettered 'number', head a part of an outline: the last
 * lettered title is the one before it, or it is "A." and the next line
 * lettered alone at its column is "B.", past the chunk under it (right
 * under it, the two would be a list's items)? */
static int letter_part(ctx *c, size_t a, unsigned number) {
  if (number > 1) {
    size_t t = last_numbered_title(c, letter_number);
    return t != NO_LINE &&
           letter_number(text(c, t), text_len(c, t)) == number - 1;
  }
  size_t next = next_nonblank(c, a + 1);
  if (next >= c->n || number_at(c, next, letter_number))
    return 0;
  for (size_t i = next; i < c->n; i++) {
    unsigned letter = number_at(c, i, letter_number);
    if (letter && alone_in_chunk(c, i) && indent(c, i) == indent(c, a))
      return letter == 2;
  }
  return 0;
}

/* Is p an ALL-CAPS heading: letters all upper case, two words or one of
 * five letters, and no identifier ('_') or sentence in it?  A label of
 * two words or more ending in ':' ("SUPPORTED HARDWARE:") heads what
 * follows too; one word so ("WARNING:", "TODO:") leads a paragraph, and
 * a list of names ("ADT7461, NCT1008:") is a term. */
static int caps_heading(const char *p, size_t n) {
  int label = n > 1 && p[n - 1] == ':';
  size_t words = n - (size_t)label;
  unsigned upper = 0;
  for (size_t i = 0; i < words; i++) {
    if ((p[i] >= 'a' && p[i] <= 'z') || p[i] == '_' || p[i] == ':' ||
        (unsigned char)p[i] >= 0x80)
      return 0;
    upper += p[i] >= 'A' && p[i] <= 'Z';
  }
  if (label)
    return upper >= 2 && count_words(p, words) >= 2 && !memchr(p, ',', words);
  return upper >= 5 || (upper >= 2 && count_words(p, n) >= 2);
}

/* Is line i a CAPS line alone in its chunk, and no title already?  A run
 * of them is a list of names, not headings. */
static int lone_caps(ctx *c, size_t i) {
  return alone_in_chunk(c, i) && c->role[i] != LINE_TITLE &&
         caps_heading(text(c, i), text_len(c, i));
}

/* Is line i a separator line docutils may read as a transition ("-----"
 * at the left edge)? */
static int separator_line(ctx *c, size_t i) {
  return rule_line(c, i) && indent(c, i) == 0;
}

/* Is line a set apart from what is above it as legacy text sets sections
 * apart: by two blank lines, or by a separator line with a blank line
 * above it, and one below it or not?  1 for the blank lines, 2 for the
 * separator.  (A separator right over the line counts as one a blank
 * line sets apart: a first reading puts one there, and what the next
 * reading makes of it is made at once.) */
static int set_apart(ctx *c, size_t a) {
  if (a >= 1 && separator_line(c, a - 1))
    return a == 1 || blank(c, a - 2) ? 2 : 0;
  if (a < 2 || !blank(c, a - 1))
    return 0;
  if (blank(c, a - 2))
    return 1;
  return separator_line(c, a - 2) && (a == 2 || blank(c, a - 3)) ? 2 : 0;
}

/* Does line a under a separator head a section: no setting or command
 * (a path or a quoted string: "ScriptAlias /cgi-bin/ "/var/www/...""
 * between delimiter lines of a listing), over text that is no code and
 * goes on past one last line (vim's "Next chapter: |usr_02.txt|" over
 * its copyright line closes a file)? */
static int separated_section(ctx *c, size_t a, size_t next) {
  const char *p = text(c, a);
  size_t n = text_len(c, a);
  for (size_t k = 0; k < n; k++)
    if (p[k] == '"' || (p[k] == '/' && (k == 0 || p[k - 1] == ' ')))
      return 0;
  return !is_code(c, next) &&
         !(alone_in_chunk(c, next) && next_nonblank(c, next + 1) >= c->n);
}

/* Is line a a heading set off as legacy text sets sections apart
 * (set_apart), a capital first, a few words and no closing punctuation
 * ("Example 1: softirq Suicide")?  Under a separator, over anything but
 * code, a label in lower case heads its section, too ("acct:" in a list
 * of sysctl files).  What follows must be a paragraph, not another such
 * line: a run of them is a list of names. */
static int spaced_heading(ctx *c, size_t a, size_t next) {
  const char *p = text(c, a);
  size_t n = text_len(c, a);
  int apart = set_apart(c, a);
  /* a label ("Usage examples:") over a paragraph of prose at its column
   * heads it too (under a separator, over any text but code), one over
   * a list, a table or code introduces it; "Written for: 2.6.31" is a
   * field */
  int label = p[n - 1] == ':' && !memchr(p, ':', n - 1) &&
              chunk_indent(c, next) == indent(c, a) &&
              info(c, next)->mark == T2R_MARK_NONE &&
              (is_prose(c, next) || (apart == 2 && !is_code(c, next)));
  int capital = p[0] >= 'A' && p[0] <= 'Z';
  int lower = p[0] >= 'a' && p[0] <= 'z';
  if (!apart || !(capital || (apart == 2 && lower && label)) ||
      (apart == 2 && !separated_section(c, a, next)) ||
      (strchr(":!?0123456789", p[n - 1]) && !label) ||
      count_words(p, n) > SPACED_MAX_WORDS || a + 1 >= c->n ||
      !blank(c, a + 1))
    return 0;
  if (info(c, next)->cls == T2R_LINE_ADORNMENT ||
      (next + 1 < c->n && info(c, next + 1)->cls == T2R_LINE_ADORNMENT))
    return 0; /* a title follows: it is what the section is about */
  if (info(c, next)->mark != T2R_MARK_NONE)
    return 0; /* a line over a list introduces it (once set apart by a
                 blank line, as a conversion does, too) */
  /* under a separator, a label heads the section up to the next one,
   * whatever stands first in it ("acct:" over "highwater lowwater
   * frequency", the values' names) */
  return (apart == 2 && label) || !alone_in_chunk(c, next) ||
         strchr(".:!?", text(c, next)[text_len(c, next) - 1]);
}

/* Is line a, of two words or more, set apart by two blank lines over
 * prose indented under it ("PocketPC PDA Driver" over "  This driver
 * can be used...")?  A term stands over its definition with no blank
 * line left above it; a line so set apart heads a section, whose text
 * the writer indented.  A key and a gap ("CDROMREADALL<TAB>read all")
 * is a term still, as its neighbours over code are. */
static int spaced_over_prose(ctx *c, size_t a, size_t next) {
  return set_apart(c, a) == 1 &&
         count_words(text(c, a), text_len(c, a)) >= 2 && !key_column(c, a) &&
         is_prose(c, next);
}

/* Does line a, numbered 'number' at depth 1, head the section after the
 * last title numbered so, one less ("2. Version History" after "1.
 * Supported Hardware" and its text)?  Only if no line numbered at depth
 * 1 stands at its column between the two: "2." after a list's "1." is
 * the list's next item. */
static int continues_top_number(ctx *c, size_t a, unsigned depth,
                                 unsigned number) {
  if (depth != 1 || number < 2)
    return 0;
  size_t last = last_numbered_title(c, numbering_depth);
  if (last == NO_LINE || indent(c, last) != indent(c, a) ||
      numbering_depth(text(c, last), text_len(c, last)) != 1 ||
      last_number(text(c, last), text_len(c, last)) != number - 1)
    return 0;
  for (size_t i = a; i-- > last + 1;) /* rows of a literal block aside */
    if (c->role[i] == LINE_TEXT && !blank(c, i) &&
        indent(c, i) == indent(c, a) &&
        numbering_depth(text(c, i), text_len(c, i)) == 1)
      return 0;
  return 1;
}

/* Markers on each side of the wiki-style heading at line i ("== Title
 * =="): returns how many lead it, 0 if it is none, with the title text
 * at [*b, *e) of the line's text. */
static unsigned wiki_markers(ctx *c, size_t i, size_t *b, size_t *e) {
  const char *p = text(c, i);
  size_t n = text_len(c, i), k = 0;
  /* markers are punctuation: a rule's \s may have matched a no-break
   * space ahead of them, which is text */
  if (!(info(c, i)->flags & T2R_TEXT_HEADING) ||
      !t2r_is_adornment_char((unsigned char)p[0]))
    return 0;
  while (k < n && p[k] == p[0])
    k++;
  unsigned markers = (unsigned)k;
  while (k < n && (p[k] == ' ' || p[k] == '\t'))
    k++;
  size_t end = n;
  while (end > k && p[end - 1] == p[0])
    end--;
  while (end > k && (p[end - 1] == ' ' || p[end - 1] == '\t'))
    end--;
  *b = k;
  *e = end;
  return end > k ? markers : 0;
}

/* The pseudo style of headings marked by 'markers' of 'ch': as with
 * adornments, another character or count of them is another style
 * ("=== 1 Overview" over "--- 1.1 Goals").  A character outside
 * WIKI_MARKERS (a rules file may mark headings with any) shares the
 * styles of the first. */
static unsigned char wiki_style(unsigned char ch, unsigned markers) {
  const char *kind = strchr(WIKI_MARKERS, ch);
  size_t k = kind && ch ? (size_t)(kind - WIKI_MARKERS) : 0;
  if (markers < WIKI_MIN_MARKERS)
    markers = WIKI_MIN_MARKERS;
  if (markers > WIKI_MAX_MARKERS)
    markers = WIKI_MAX_MARKERS;
  return (unsigned char)(BARE_WIKI +
                         k * (WIKI_MAX_MARKERS - WIKI_MIN_MARKERS + 1) +
                         markers - WIKI_MIN_MARKERS);
}

/* Does the text [b, e) of line a, its markers gone, read as a title's
 * (title_text_ok)?  The next reading judges the title by it alone:
 * "*** |hs ***" or "=== - item ===" would be titles it refuses. */
static int marked_text_ok(ctx *c, size_t a, size_t b, size_t e) {
  const t2r_line *ln = line(c, a);
  t2r_line bare = *ln;
  bare.beg = bare.text_beg = ln->text_beg + (t2r_offset)b;
  bare.end = bare.text_end = ln->text_beg + (t2r_offset)e;
  bare.indent = 0;
  t2r_line_info in;
  t2r_lex_line(c->b->src->data, &bare, &in);
  return reads_as_title(&in, text(c, a) + b, e - b);
}

/* Is line a, set in and led by 'markers' marks, closed by as many and
 * alone between blank lines, a heading centred on the page ("<TAB>    ***
 * STRUCTURES USED BY THE FRAME BUFFER DEVICE API ***")?  An uneven
 * count ("======= END OF DOCUMENT ========") or fewer than three marks
 * ("** CAUTION **" in an item) is no such heading. */
static int centred_markers(ctx *c, size_t a, unsigned markers) {
  const char *p = text(c, a);
  size_t n = text_len(c, a), k = n;
  while (k > 0 && p[k - 1] == p[0])
    k--;
  return markers >= 3 && n - k == markers && alone_in_chunk(c, a);
}

/* Pseudo style of a wiki-style heading standing alone, not over code,
 * or 0.  Over a rule line it is a heading too: a rule next to a title
 * is dropped, and the next reading finds the heading over what followed
 * the rule. */
static unsigned char wiki_heading(ctx *c, size_t a, size_t next) {
  size_t b, e;
  unsigned markers = wiki_markers(c, a, &b, &e);
  if (!markers || (indent(c, a) > 0 && !centred_markers(c, a, markers)) ||
      is_code(c, next) ||
      count_words(text(c, a) + b, e - b) > HEADING_MAX_WORDS ||
      !has_word(text(c, a) + b, e - b))
    return 0; /* "=== cut here ===" over code is a cut mark; a table's
                 border ("======  ====  ====") has no word between */
  return marked_text_ok(c, a, b, e)
             ? wiki_style((unsigned char)text(c, a)[0], markers)
             : 0;
}

/* Is line i a heading's text set off by a '*' as a list's item is, "*
 * Signal handling", with its text at [*b, *e) of the line's text? */
static int star_markers(ctx *c, size_t i, size_t *b, size_t *e) {
  const t2r_line_info *in = info(c, i);
  size_t n = text_len(c, i);
  if (in->mark != T2R_MARK_BULLET || in->bullet != '*' || indent(c, i) > 0 ||
      in->text_col != 2 || n < 3)
    return 0;
  *b = 2;
  *e = n;
  return 1;
}

/* The text of heading line i without the markers setting it off ("==
 * Usage ==", "* Usage") at [*b, *e) of the line's text; 0 when it has
 * none. */
static int heading_markers(ctx *c, size_t i, size_t *b, size_t *e) {
  return wiki_markers(c, i, b, e) || star_markers(c, i, b, e);
}

/* Pseudo style of a phrase set off by a '*', alone between blank lines
 * ("* Signal handling", "* How to write an fsyscall handler"), over
 * text at its column that is no item ('counting': star_heads), or 0.
 * Such a phrase heads a section where a document has two or more, its
 * text under it as a heading's is, not in the item; the document's
 * first line alone may be one ("* Freescale i.MX UART controller", as
 * device tree bindings are titled), over text at any indentation.  A
 * phrase a sentence ends (".", ",", ";") or a label with its value is
 * an item. */
static unsigned char star_heading(ctx *c, size_t a, size_t e, size_t next,
                                  int counting) {
  size_t b, end;
  if (e != a + 1 || next >= c->n || !star_markers(c, a, &b, &end) ||
      info(c, next)->mark != T2R_MARK_NONE)
    return 0;
  const char *p = text(c, a) + b;
  size_t n = end - b;
  const char *colon = memchr(p, ':', n);
  if (!((p[0] >= 'A' && p[0] <= 'Z') || t2r_ascii_digit((unsigned char)p[0])) ||
      strchr(".,;", p[n - 1]) || (colon && colon != p + n - 1) ||
      count_words(p, n) > HEADING_MAX_WORDS || !has_word(p, n))
    return 0;
  int first = !counting && nothing_before(c, a);
  if (!first && (indent(c, next) > indent(c, a) ||
                 (!counting && c->star_heads < 2)))
    return 0;
  return marked_text_ok(c, a, b, end) ? wiki_style('*', 1) : 0;
}

/* Are the few lines [a, e) right under the line 'title' its credits
 * ("Intel 810/815 Framebuffer driver" over "<TAB>Tony Daplas
 * <adaplas@pol.net>")?  A document's first line over them is its title,
 * as a lone first line is.  At the title's indentation or left of it,
 * as a HOWTO's header sets them ("EQL Driver: ..." over "Simon Janes,
 * simon@ncm.com" and "v1.1, February 27, 1995"), the first must start as
 * a line of its own does, not as the rest of a sentence ("from ...
 * <x@y.org>"). */
static int credits_under(ctx *c, size_t title, size_t a, size_t e) {
  /* credits indented less than a title set in further are a header's
   * too ("     Kernel level exception handling" over "  Commentary by
   * Joerg Pommnitz <...>"); at the left edge they start the text */
  if (a >= e || e - a > CREDIT_MAX_LINES ||
      (indent(c, a) < indent(c, title) && indent(c, a) == 0))
    return 0;
  unsigned char first = (unsigned char)text(c, a)[0];
  if (indent(c, a) <= indent(c, title) && !(first >= 'A' && first <= 'Z') &&
      !t2r_ascii_digit(first) && first != '(')
    return 0;
  for (size_t i = a; i < e; i++)
    if (indent(c, i) < indent(c, a) ||
        !credit_text(text(c, i), text_len(c, i)))
      return 0;
  return 1;
}

/* Does [p, p+n) say something of its subject, as a sentence does ("The
 * HUW_WEBPANEL is a product of ...") or a remark in brackets does, by
 * the rules' test?  Such a first line is no document title. */
static int says_something(ctx *c, const char *p, size_t n) {
  return t2r_rules_test(c->b->tests, T2R_TEST_STATEMENT, p, n);
}

/* Does [p, p+n) name a part any document has ("Introduction",
 * "OVERVIEW", "Description:"), by the rules' test? */
static int names_common_part(ctx *c, const char *p, size_t n) {
  return t2r_rules_test(c->b->tests, T2R_TEST_COMMON_PART, p, n);
}

/* Does [p, p+n), a first line ending in a period, name the document's
 * subject rather than say something of it ("IDE ATAPI streaming tape
 * driver.", "On atomic bitops.")?  Three words to nine ("Intro text."
 * stands for a paragraph) in one clause, none of the words a first
 * sentence says something with: a verb ("The driver supports ..."), a
 * pointer ("This file describes ...", "See ..."). */
static int names_subject(ctx *c, const char *p, size_t n) {
  unsigned words = count_words(p, n);
  if (words < 3 || words > HEADING_MAX_WORDS - 1 || memchr(p, ',', n) ||
      memchr(p, ';', n) || memmem(p, n, ". ", 2) ||
      (n >= 3 && !memcmp(p + n - 3, "etc", 3)))
    return 0; /* "manual pages etc." ends a list of things */
  return !t2r_rules_test(c->b->tests, T2R_TEST_SENTENCE_WORD, p, n);
}

/* Is line i a line of a comment of '#' lines ("#", "# Copyright ...")? */
static int hash_comment_line(ctx *c, size_t i) {
  const char *p = text(c, i);
  size_t n = text_len(c, i);
  return !blank(c, i) && p[0] == '#' && (n == 1 || p[1] == ' ' || p[1] == '\t');
}

/* Is everything above line a a comment heading the file, kept as a
 * literal block: a C comment (a slash-star line over a copyright and a
 * licence, maybe under an SPDX line) or two or more '#' lines, as make
 * and shell files start ("#" over "# SPDX-License-Identifier: GPL-2.0+")?
 * Returns the comment's first line, or NO_LINE. */
static size_t heading_comment(ctx *c, size_t a) {
  size_t first = 0, i;
  while (first < a && (blank(c, first) || c->role[first] == LINE_MARKUP))
    first++; /* a licence tag made a comment (spdx_heads) stays first */
  i = first;
  int hashed = i + 1 < a && hash_comment_line(c, i) &&
               hash_comment_line(c, i + 1);
  if (i == a ||
      (!hashed && (text_len(c, i) < 2 || memcmp(text(c, i), "/*", 2))))
    return NO_LINE;
  for (i = first; i < a; i++) {
    const char *p = text(c, i);
    size_t n = text_len(c, i);
    if (!blank(c, i) && c->role[i] != LINE_LITERAL)
      return NO_LINE;
    if (hashed ? blank(c, i + 1)
               : n >= 2 && p[n - 2] == '*' && p[n - 1] == '/')
      break;
    if (hashed && !hash_comment_line(c, i + 1))
      return NO_LINE;
  }
  while (++i < a)
    if (!blank(c, i))
      return NO_LINE;
  return first;
}

/* Is [p, p+n) numbered as a heading is, with periods ("2. Usage", "2.1
 * Locking"), not as an item ("2) Usage")? */
static int numbered_period(const char *p, size_t n) {
  if (!numbering_depth(p, n))
    return 0;
  size_t i = 0;
  while (i < n && ((p[i] >= '0' && p[i] <= '9') || p[i] == '.'))
    i++;
  return i > 0 && p[i - 1] == '.';
}

/* Does line a read as a heading of a text laid out as an outline: alone
 * in its chunk at the left edge, in words, numbered with periods or
 * starting with a capital?  A key ("CDROMGETSPINDOWN", "debug_level"), a
 * label ("Syntax: mem=<size>"), a question or a line ending in
 * punctuation does not. */
static int outline_shape(ctx *c, size_t a) {
  const char *p = text(c, a);
  size_t n = text_len(c, a);
  const t2r_line_info *in = info(c, a);
  if (!alone_in_chunk(c, a) || indent(c, a) > c->margin ||
      in->cls != T2R_LINE_TEXT || in->gaps ||
      (in->mark != T2R_MARK_NONE && !numbered_period(p, n)) ||
      is_code(c, a) || n > HEADING_MAX_WIDTH || strchr(".,;:?!", p[n - 1]) ||
      !((p[0] >= 'A' && p[0] <= 'Z') ||
        (p[0] >= '0' && p[0] <= '9' && numbering_depth(p, n))))
    return 0;
  for (size_t i = 0; i < n; i++)
    if (strchr("=<>@*`|_", p[i]) || (p[i] == ':' && i + 1 < n))
      return 0;
  unsigned words = count_words(p, n);
  if (words > HEADING_MAX_WORDS)
    return 0;
  if (words == 1) /* a word of letters, capitalised: "Introduction" */
    for (size_t i = 1; i < n; i++)
      if (p[i] < 'a' || p[i] > 'z')
        return 0;
  return 1;
}

/* Is line a a heading of an outline over an indented body of prose
 * ("Configuration with configfs" over "<TAB>Instead of adding fake
 * platform devices")?  A text laid out as an outline indents all its
 * prose under such headings; taken only when a document has two over
 * paragraphs ('counting': outline_heads).  A heading of such a document
 * may head whatever is set in under it: a list ("Bugs" over "- DO NOT
 * use glide"), options ("Rebooting" over "   reboot=warm"), code. */
static int outline_head(ctx *c, size_t a, int counting) {
  size_t next = next_nonblank(c, a + 1);
  return next < c->n && indent(c, next) > indent(c, a) &&
         (!counting || (is_prose(c, next) && !info(c, next)->gaps &&
                        info(c, next)->mark == T2R_MARK_NONE)) &&
         outline_shape(c, a);
}

/* Is the chunk from line a on a paragraph: prose, and no code in it?
 * One line may not read as a sentence on its own ("The LM93 can monitor
 * two #PROCHOT signals.  The results are found in the"), the next does. */
static int prose_chunk(ctx *c, size_t a) {
  int prose = 0;
  if (key_column(c, a))
    return 0; /* "ypan  Enable display panning": a table's row */
  for (size_t i = a; i < c->n && !blank(c, i); i++) {
    if (is_code(c, i) || indent(c, i) != indent(c, a))
      return 0;
    prose |= is_prose(c, i);
  }
  return prose;
}

/* Is line a alone in its chunk at the left edge, a line of text over a
 * paragraph of prose at its column? */
static int heads_prose(ctx *c, size_t a) {
  if (!alone_in_chunk(c, a) || indent(c, a) > c->margin ||
      info(c, a)->cls != T2R_LINE_TEXT ||
      info(c, a)->mark != T2R_MARK_NONE || is_code(c, a))
    return 0;
  size_t next = next_nonblank(c, a + 1);
  return next < c->n && indent(c, next) == indent(c, a) &&
         info(c, next)->mark == T2R_MARK_NONE && prose_chunk(c, next);
}

/* Is line a a label ("Background:", "TCP variables:", "#PROCHOT:") over
 * a paragraph of prose (heads_prose)?  A document that heads two or more
 * paragraphs so (label_heads) sets its sections apart with them; one
 * such line alone may as well introduce its paragraph ("Note:"), and
 * stays text. */
static int label_head(ctx *c, size_t a) {
  const char *p = text(c, a);
  size_t n = text_len(c, a);
  /* asked of every line: the line's last byte and its place first */
  if (n < 2 || p[n - 1] != ':' || !alone_in_chunk(c, a))
    return 0;
  unsigned words = count_words(p, n);
  return !memchr(p, ':', n - 1) &&
         ((p[0] >= 'A' && p[0] <= 'Z') || p[0] == '#' ||
          (p[0] >= 'a' && p[0] <= 'z' && words >= 2)) &&
         words <= LABEL_HEAD_MAX_WORDS &&
         !t2r_rules_test(c->b->tests, T2R_TEST_INTRODUCES, p, n) &&
         heads_prose(c, a);
}

/* Is line a a phrase ("High throughput", "The iterator interface",
 * "How does this work?", "[Using configfs]") over a paragraph of prose
 * (heads_prose), a capital first, two words to a few (one may be a name,
 * "SGMII", or an identifier) and no mark a sentence, a label, a credit or
 * a setting holds, and no verb a sentence says something with?  One
 * under a lone name is the next in a list of names.  PHRASE_PLAIN or, in brackets, PHRASE_BRACKETED; else
 * 0.  Two or more of a kind in a document (phrase_heads) head its
 * sections, set apart by one blank line as titles are; one alone may be
 * a remark ("[Some paragraphs taken from the above URL]") or a name, and
 * stays text.  A sentence ending in ':' over it introduces it. */
enum { PHRASE_PLAIN = 1, PHRASE_BRACKETED };

/* Is line i text alone in its chunk with no mark a sentence ends with
 * ("RGMII" over "SGMII")? */
static int lone_name(ctx *c, size_t i) {
  return alone_in_chunk(c, i) && info(c, i)->cls == T2R_LINE_TEXT &&
         !strchr(".!?:)", text(c, i)[text_len(c, i) - 1]);
}

static unsigned phrase_head(ctx *c, size_t a) {
  const char *p = text(c, a);
  size_t n = text_len(c, a);
  /* asked of every line: its place first */
  if (n == 0 || !alone_in_chunk(c, a))
    return 0;
  long before = prev_nonblank(c, a);
  int bracketed = n > 2 && p[0] == '[' && p[n - 1] == ']';
  if (bracketed) {
    p++; /* "[Using configfs]": the brackets set the phrase apart */
    n -= 2;
  }
  unsigned words = count_words(p, n);
  if (!(p[0] >= 'A' && p[0] <= 'Z') || strchr(".!,;0123456789", p[n - 1]) ||
      words < 2 || words > SPACED_MAX_WORDS || says_something(c, p, n) ||
      (before >= 0 && (info(c, (size_t)before)->colon ||
                       lone_name(c, (size_t)before))))
    return 0;
  for (size_t k = 0; k < n; k++)
    if (strchr(":<>@=[]\t", p[k]))
      return 0;
  size_t next = next_nonblank(c, a + 1);
  if (next + 1 < c->n && info(c, next + 1)->cls == T2R_LINE_ADORNMENT)
    return 0; /* over a title, it would need a level of its own */
  return heads_prose(c, a) ? PHRASE_PLAIN + bracketed : 0;
}

/* Does [p, p+n) name things as identifiers do, "cap_last_cap",
 * "threads-max", "msg_next_id, sem_next_id, and shm_next_id:": words
 * of lower-case letters, digits, '_', '-' and '.' (a lower-case letter
 * or '_' first), joined by ", ", " and " or "/", a ':' after them? */
static int names_identifiers(const char *p, size_t n) {
  if (n && p[n - 1] == ':')
    n--;
  for (size_t k = 0; k < n;) {
    if (!((p[k] >= 'a' && p[k] <= 'z') || p[k] == '_'))
      return 0;
    while (k < n && ((p[k] >= 'a' && p[k] <= 'z') ||
                     t2r_ascii_digit((unsigned char)p[k]) ||
                     (p[k] && strchr("_-.", p[k]))))
      k++;
    if (k == n)
      return 1;
    static const char *const joins[] = {", and ", ", ", " and ", "/"};
    size_t j = 0;
    while (j < sizeof joins / sizeof *joins &&
           (n - k < strlen(joins[j]) ||
            memcmp(p + k, joins[j], strlen(joins[j]))))
      j++;
    if (j == sizeof joins / sizeof *joins)
      return 0;
    k += strlen(joins[j]);
  }
  return 0;
}

/* Is line a alone in its chunk, after a separator standing alone (no
 * title's underline) and a blank line, a name of identifiers
 * (names_identifiers) over text at its column: the entry a document of
 * entries parted by separators starts with ("==========" over
 * "threads-max" over "This value controls ...", as sysctl's documents
 * are written)?  Taken where a document has SEPARATED_NAMES_MIN or more
 * (separated_names): one or two may be values or commands. */
static int separated_name(ctx *c, size_t a) {
  /* asked of every line: its place and its words first */
  if (!alone_in_chunk(c, a) || indent(c, a) != 0 ||
      !names_identifiers(text(c, a), text_len(c, a)))
    return 0;
  long before = prev_nonblank(c, a);
  size_t next = next_nonblank(c, a + 1);
  return before >= 0 && (size_t)before + 1 < a &&
         rule_line(c, (size_t)before) && alone_in_chunk(c, (size_t)before) &&
         next < c->n && indent(c, next) == 0 &&
         info(c, next)->cls == T2R_LINE_TEXT;
}

/* Is line a a phrase alone right over a title ("Environment variables"
 * over "KCPPFLAGS" underlined), not one of its kind ("Bank 0x24 PWM
 * outputs (R)" over "Bank 0x25 PWM outputs (W)": one title of two
 * lines, set apart)? */
static int over_title(ctx *c, size_t a) {
  if (!alone_in_chunk(c, a) || !outline_shape(c, a))
    return 0;
  size_t next = next_nonblank(c, a + 1);
  int len = next < c->n ? title_at(c, next, c->n) : 0;
  if (len < 2)
    return 0;
  size_t t = len == 3 ? next + 1 : next;
  const char *p = text(c, a), *q = text(c, t);
  size_t w = word_end(p, text_len(c, a), 0);
  return word_end(q, text_len(c, t), 0) != w || memcmp(p, q, w);
}

/* Marks PART_HEAD the phrases over titles (over_title) that head two
 * titles or more before the next such phrase: the parts of a document
 * whose sections are titled under them, a level of headings above the
 * titles, counted in part_heads.  A phrase over one title is rather
 * that title's first line ("Bank 0x22 Settings (R)" over "Bank 0x23
 * Settings (W)" underlined). */
static void count_parts(ctx *c) {
  size_t part = NO_LINE;
  unsigned titles = 0;
  for (size_t i = 0; i <= c->n; i++) {
    int head = i < c->n && over_title(c, i);
    if ((head || i == c->n) && part != NO_LINE && titles >= 2) {
      c->flags[part] |= PART_HEAD;
      c->part_heads++;
    }
    if (head) {
      part = i;
      titles = 0;
    } else if (part != NO_LINE && i < c->n && !blank(c, i)) {
      int len = title_at(c, i, c->n);
      titles += len >= 2;
      if (len >= 2)
        i += (size_t)len - 1;
    }
  }
}

/* Counts the outline's, the labels' and the phrases' headings, and
 * finds whether a numbered line at the left edge reads as an item ("2.
 * How can I make bash 8-bit clean" over its wrapped rest): then no
 * numbered line is a heading. */
static void count_outline_heads(ctx *c) {
  for (size_t i = 0; i < c->n; i++) {
    c->outline_heads += outline_head(c, i, 1) != 0;
    c->label_heads += label_head(c, i);
    c->separated_names += separated_name(c, i);
    if (alone_in_chunk(c, i))
      c->star_heads +=
          star_heading(c, i, i + 1, next_nonblank(c, i + 1), 1) != 0;
    unsigned phrase = phrase_head(c, i);
    if (phrase)
      c->phrase_heads[phrase - PHRASE_PLAIN]++;
    if (!blank(c, i) && (i == 0 || blank(c, i - 1)) &&
        indent(c, i) <= c->margin && info(c, i)->mark == T2R_MARK_ENUM &&
        numbered_period(text(c, i), text_len(c, i)) && !outline_shape(c, i))
      c->outline_items = 1;
  }
}

/* A line alone in its chunk that reads as a heading: the document's first
 * line (also over its credits, or under a comment heading the file), an
 * ALL-CAPS line ("CHECKSUM OFFLOADING"), a numbered heading ("2.1
 * Locking", "II. Known problems") or a spaced one (spaced_heading),
 * followed by text at its indentation.  Returns its pseudo style, or 0. */
static unsigned char bare_heading(ctx *c, size_t a, size_t e) {
  const t2r_line_info *in = info(c, a);
  const char *p = text(c, a);
  size_t n = text_len(c, a), next = next_nonblank(c, e);
  /* a bare "::" (one this tool may have added, or escaped for want of a
   * literal block) introduces what follows */
  if (next < c->n && text_len(c, next) == info(c, next)->colon &&
      info(c, next)->colon >= 2)
    next = next_nonblank(c, next + 1);
  /* glued over its text, a marked heading heads it all the same
   * ("------ dentry_operations ------" over "prototypes:"), unless that
   * text starts with its mark: then it is a box's side ("= Adaptec
   * Ultra320 =" over "= README for =") */
  size_t under = e == a + 1 ? next : a + 1;
  unsigned char wiki =
      under < c->n && (e == a + 1 || text(c, under)[0] != p[0])
          ? wiki_heading(c, a, under)
          : 0;
  if (wiki)
    return wiki;
  unsigned char star = star_heading(c, a, e, next, 0);
  if (star)
    return star;
  /* a part of the last title's section, numbered so, glued over its text
   * ("3.1 General format of the API:" over "struct ..."), heads it: no
   * enumerator docutils knows reads "3.1" */
  unsigned depth = numbering_depth(p, n), number = last_number(p, n);
  unsigned roman = depth ? 0 : roman_number(p, n);
  unsigned letter = depth || roman ? 0 : letter_number(p, n);
  /* a lettered part glued over its indented text ("A. Introduction" over
   * "<TAB>This is a framebuffer driver") heads it as well */
  int lettered = letter && (e == a + 1 || indent(c, a + 1) > indent(c, a)) &&
                 letter_part(c, a, letter);
  int glued = e != a + 1 && (glued_part(c, a) || lettered);
  if (glued)
    next = a + 1;
  if ((e != a + 1 && !glued && !credits_under(c, a, a + 1, e)) ||
      next >= c->n || ends_contents(c, a, next, depth) ||
      in->cls != T2R_LINE_TEXT ||
      is_code(c, a) || (in->flags & T2R_TEXT_FIELD) || is_markup_start(c, a) ||
      !line(c, a)->width || /* nothing an adornment could underline */
      line(c, a)->width > HEADING_MAX_WIDTH || strchr(",;", p[n - 1]) ||
      memchr(p, '@', n) || (in->flags & T2R_TEXT_DATE) ||
      c->ntitles >= 1 << 20)
    return 0;
  /* a final period ends a sentence, not a heading, unless the line
   * numbers a part of a numbered section */
  int part = continues_numbering(c, a, depth) ||
             continues_top_number(c, a, depth, number) ||
             continues_roman(c, roman) || lettered;
  int doc_title = !c->ntitles && in->mark == T2R_MARK_NONE &&
                  in->colon == 0 && !depth && !roman &&
                  !says_something(c, p, n) &&
                  (nothing_before(c, a) || heading_comment(c, a) != NO_LINE);
  if (p[n - 1] == '.' && !part && !(doc_title && names_subject(c, p, n - 1)))
    return 0;
  /* a line this tool escaped ("\\.. CONTENTS") was markup or a list
   * item when it was read first, so never a heading; nor is a line an
   * adorned title could not be (title_text_ok) */
  if (!has_word(p, n) || p[0] == '\\' || !title_text_ok(c, a))
    return 0;
  if (c->part_heads >= 2 && (c->flags[a] & PART_HEAD))
    return BARE_PART;
  /* a first line naming a common part ("INTRODUCTION") heads the first
   * section, at the level of the other headings of its kind */
  if (doc_title && caps_heading(p, n) && names_common_part(c, p, n))
    return BARE_CAPS;
  if (doc_title)
    return BARE_DOC_TITLE;
  if (e != a + 1 && !glued)
    return 0;
  /* what a paragraph ending in ':' introduces is its content; a title
   * ending in one ("2. Usage:", taken as a bare heading just now)
   * introduces nothing, as it will not once it is adorned */
  long before = prev_nonblank(c, a);
  /* text indented under a line is its content, unless the line is a
   * heading of a few CAPS words ("CREATING DEVICE NODES"): one CAPS word
   * over indented text is a term ("CDROMGETSPINDOWN") */
  int outline = c->outline_heads >= 2 && outline_head(c, a, 0) &&
                (in->mark == T2R_MARK_NONE || !c->outline_items);
  /* a separator drawn right over a numbered line ("-----" over "3.
   * Installation") parts a section off: the line heads it, however deep
   * its text is set in, and is no list's item */
  int ruled = depth && a > 0 && rule_line(c, a - 1) &&
              (a < 2 || blank(c, a - 2));
  int indented_body = chunk_indent(c, next) > indent(c, a) &&
                      !spaced_over_prose(c, a, next) && !outline && !ruled;
  /* a heading stands at the text's left edge: column 0, or the margin of
   * a text indented throughout (as sgml2txt writes HOWTOs); its number
   * is no word of it */
  if ((indent(c, a) > c->margin && !(part && depth >= 2)) ||
      count_words(p, n) > HEADING_MAX_WORDS + (depth ? 1 : 0) ||
      (indented_body && !part && (depth || roman || count_words(p, n) < 2 ||
                                  !caps_heading(p, n))) ||
      (before >= 0 && !part && info(c, (size_t)before)->colon == 1 &&
       c->role[before] != LINE_TITLE))
    return 0;
  /* the next heading may be overlined: its number is between the lines;
   * a separator alone ("---") is no text for a heading to head */
  size_t next_text = title_at(c, next, c->n) == 3 ? next + 1 : next;
  if (!has_word(text(c, next_text), text_len(c, next_text)) &&
      (next_text + 1 >= c->n || blank(c, next_text + 1)))
    return 0;
  if (depth && depth <= 4 && !next_numbered(c, next_text, depth, number) &&
      !(number && lone_numbered(c, prev_chunk_start(c, a), depth, number)) &&
      !under_later_title(c, a, depth, number) &&
      !over_earlier_title(c, next, depth, number))
    return (unsigned char)(BARE_NUMBERED + depth - 1);
  if (roman && !roman_list_item(c, a, next_text, roman))
    return BARE_ROMAN;
  if (lettered)
    return BARE_LETTER;
  if (!depth && caps_heading(p, n) && in->mark == T2R_MARK_NONE &&
      !lone_caps(c, next) && !lone_caps(c, prev_chunk_start(c, a)))
    return BARE_CAPS;
  if (outline) /* one style for all, however set apart */
    return BARE_OUTLINE;
  if (!depth && in->mark == T2R_MARK_NONE && spaced_heading(c, a, next))
    return BARE_SPACED;
  /* headings set apart by one blank line less; a phrase is asked only
   * where the document heads two sections so */
  unsigned phrase = c->phrase_heads[0] >= 2 || c->phrase_heads[1] >= 2
                        ? phrase_head(c, a)
                        : 0;
  if ((c->label_heads >= 2 && label_head(c, a)) ||
      (phrase && c->phrase_heads[phrase - PHRASE_PLAIN] >= 2) ||
      (c->separated_names >= SEPARATED_NAMES_MIN && separated_name(c, a)))
    return BARE_SPACED;
  return 0;
}

/* Does the target text [p, p+n) after ".. _" end its name where docutils
 * wants it, at a colon (not escaped) followed by a blank or the line's
 * end?  ".. __:x" and ".. _name" are malformed. */
static int target_name_ends(const char *p, size_t n) {
  for (size_t k = 1; k < n; k++)
    if (p[k] == ':' && !t2r_lex_escaped(p, k) &&
        (k + 1 == n || p[k + 1] == ' ' || p[k + 1] == '\t'))
      return 1;
  return 0;
}

/* Does [p, p+n) read as a link's target: one word ("README.html#top"),
 * words around a URI ("https://...", "mailto:..."), or a reference to
 * another target ("`Other section`_")? */
static int link_target(const char *p, size_t n) {
  if (n > 1 && p[n - 2] == '`' && p[n - 1] == '_')
    return 1;
  if (memmem(p, n, "://", 3) || memmem(p, n, "mailto:", 7))
    return 1;
  for (size_t k = 0; k < n; k++)
    if (t2r_blank_byte((unsigned char)p[k]))
      return 0;
  return 1;
}

/* Is the first line after the blank lines past line e deeper than line
 * a?  docutils takes it into a comment at a, alone in its chunk. */
static int deeper_after_blanks(ctx *c, size_t a, size_t e) {
  size_t i = next_nonblank(c, e);
  return i > e && i < c->n && indent(c, i) > indent(c, a);
}

/* Is line a (in the chunk ending at e) explicit markup the writer meant
 * by itself: a directive, target, substitution or footnote, a comment
 * with an indented block under it (also past a blank line: ".. Contents:"
 * hiding the list of contents set in under it), or a comment heading the
 * file (".. SPDX-...", a version stamp)? */
static int markup_meant_alone(ctx *c, size_t a, size_t e) {
  const char *p = text(c, a);
  size_t n = text_len(c, a);
  if (p[0] == '_') /* "__ https://...": an anonymous target */
    return is_markup_start(c, a) && n > 3 && link_target(p + 3, n - 3);
  return is_markup_start(c, a) && n > 3 &&
         (has_double_colon(p, n) ||
          (p[3] == '_' && target_name_ends(p + 3, n - 3)) || p[3] == '|' ||
          p[3] == '[' || (a + 1 < e && indent(c, a + 1) > indent(c, a)) ||
          (a + 1 == e && deeper_after_blanks(c, a, e)) ||
          (n - 3 >= sizeof spdx_tag - 1 &&
           !memcmp(p + 3, spdx_tag, sizeof spdx_tag - 1)) ||
          (a < HEADER_LINES && nothing_before(c, a)));
}

/* As markup_meant_alone, or a comment heading a run of markup lines that
 * is (".. Links" over ".. _name: URL" lines).  Other ".." lines are text,
 * escaped. */
static int markup_meant(ctx *c, size_t a, size_t e) {
  if (markup_meant_alone(c, a, e))
    return 1;
  for (size_t k = a + 1; k < e && k <= a + MARKUP_RUN_LOOKAHEAD &&
                         is_markup_start(c, k) && indent(c, k) == indent(c, a);
       k++)
    if (markup_meant_alone(c, k, e))
      return is_markup_start(c, a);
  return 0;
}

/* The licence tag in [p, p+n), bare or in a comment of its own ("#
 * SPDX-License-Identifier: GPL-2.0+", "/" "* ... *" "/"): its offset,
 * and its length to *len; -1 when the line is no such tag. */
static long spdx_in(const char *p, size_t n, size_t *len) {
  static const char *const leaders[] = {"", "# ", "// ", "/* "};
  for (size_t k = 0; k < sizeof leaders / sizeof *leaders; k++) {
    size_t lead = strlen(leaders[k]), end = n;
    if (n <= lead + sizeof spdx_tag - 1 || memcmp(p, leaders[k], lead) ||
        memcmp(p + lead, spdx_tag, sizeof spdx_tag - 1))
      continue;
    if (k == 3) { /* the comment closes on its line */
      if (n < lead + sizeof spdx_tag + 2 || memcmp(p + n - 2, "*/", 2))
        return -1;
      for (end = n - 2; p[end - 1] == ' ' || p[end - 1] == '\t'; end--)
        ;
    }
    *len = end - lead;
    return (long)lead;
  }
  return -1;
}

/* Is line a a licence tag at the head of the file, alone or over a C
 * comment ("SPDX-License-Identifier: GPL-2.0+", "# SPDX-License-Identifier:
 * GPL-2.0+")?  It becomes the comment the kernel's .rst files start
 * with, not the document's title or a literal block.  The tag's offset
 * and length go to *at and *len. */
static int spdx_heads(ctx *c, size_t a, size_t e, long *at, size_t *len) {
  if ((e != a + 1 && !(text_len(c, a + 1) >= 2 &&
                       !memcmp(text(c, a + 1), "/*", 2))) ||
      indent(c, a) != 0 || !nothing_before(c, a))
    return 0;
  *at = spdx_in(text(c, a), text_len(c, a), len);
  return *at >= 0;
}

/* A title, transition candidate or explicit markup at line a; returns the
 * first line after it, or a when there is none. */
static size_t special_start(ctx *c, size_t a, size_t e) {
  long spdx;
  size_t spdx_len;
  if (spdx_heads(c, a, e, &spdx, &spdx_len)) {
    t2r_buf tag;
    t2r_buf_init(&tag);
    t2r_buf_puts(&tag, ".. ");
    t2r_buf_put(&tag, text(c, a) + spdx, spdx_len);
    t2r_edits_replace(c->b->edits, a, tag.ptr, tag.len);
    t2r_buf_release(&tag);
    edit_note(c, a, "spdx-comment",
              "a licence tag heading the file becomes the comment the "
              "kernel's .rst files start with");
    c->role[a] = LINE_MARKUP;
    add_block(c, T2R_NODE_MARKUP, a, a, 0);
    return a + 1;
  }
  int t = title_at(c, a, e);
  unsigned char bare = t ? 0 : bare_heading(c, a, e);
  if (t || bare) {
    if (bare && a + 1 < e) /* its credits */
      need_blank(c, a + 1, "title-blank", "a title needs a blank line below");
    record_title(c, a, t ? t : 1, bare);
    c->lit_indent = -1;
    return a + (size_t)(t ? t : 1);
  }
  if (markup_meant(c, a, e)) {
    size_t k = a + 1;
    while (k < e && indent(c, k) > indent(c, a))
      k++;
    for (size_t i = a; i < k; i++)
      c->role[i] = LINE_MARKUP;
    add_block(c, T2R_NODE_MARKUP, a, k - 1, 0);
    /* content after the chunk stays with the directive if indented */
    c->lit_indent = (long)indent(c, a);
    c->lit_shift = 0;
    c->lit_guessed = 0;
    return k;
  }
  if (separator_line(c, a)) {
    c->role[a] = LINE_ADORN;
    add_block(c, T2R_NODE_TRANSITION, a, a, 0);
    return a + 1;
  }
  return a;
}

/* Lines deeper than the open literal block's paragraph are the block's;
 * returns where ordinary text resumes.  When the block's code was moved
 * right (flush-left code indented, or under an item's text aligned), they
 * are shifted as the code was: to stay in the block, and to keep their
 * indentation relative to it ("foo = {" over its deeper body). */
static size_t continue_literal(ctx *c, size_t a, size_t e) {
  /* a paragraph whose first line alone is indented (" If you need
   * certain options enabled every time" over "you can put:") is text
   * after the block, not more of it */
  if (a > 0 && blank(c, a - 1) && a + 1 < e && is_prose(c, a) &&
      indent(c, a + 1) <= (unsigned)c->lit_indent) {
    c->lit_indent = -1;
    return a;
  }
  size_t k = a;
  while (k < e && indent(c, k) > (unsigned)c->lit_indent)
    c->role[k++] = LINE_LITERAL;
  if (k > a && c->lit_shift)
    shift_lines(c, a, k, c->lit_shift);
  if (k > a)
    add_block(c, T2R_NODE_LITERAL, a, k - 1, 0);
  if (k < e) {
    need_blank(c, k, "literal-end", "a blank line ends a literal block");
    c->lit_indent = -1;
  }
  return k;
}

/* Does [a, e) hold a drawing line (boxes, arrows, a tree)? */
static int has_art(ctx *c, size_t a, size_t e) {
  for (size_t i = a; i < e; i++)
    if (info(c, i)->flags & T2R_TEXT_ART)
      return 1;
  return 0;
}

/* Is line i, under rows in columns from line a, a cell's continuation:
 * deeper than the rows, in no columns ("changed (chmod,chown)")? */
static int cell_continuation(ctx *c, size_t a, size_t i) {
  return indent(c, i) > indent(c, a) && !is_columns(c, i);
}

/* Is line i a row in columns?  Under a header over a rule the header
 * vouches for the columns, and a row needs only a gap in it: "Intel
 * DH87RL<TAB>NCT6683D EC firmware version 1.0" reads as prose alone. */
static int row_in_columns(ctx *c, size_t i, int under_header) {
  if (!under_header)
    return is_columns(c, i);
  return info(c, i)->gaps > 0 && info(c, i)->mark != T2R_MARK_FIELD;
}

/* How many words of [p, p+n) are letters only ("local", not "Bus=01"). */
static unsigned letter_words(const char *p, size_t n) {
  unsigned words = 0;
  for (size_t k = 0, e; k < n; k = e + 1) {
    e = word_end(p, n, k);
    size_t i = k;
    while (i < e && t2r_ascii_letter((unsigned char)p[i]))
      i++;
    words += i == e && e > k;
  }
  return words;
}

/* Is line a a header over a rule ("Error Type Value<TAB>Error
 * Description" over "=====<TAB>=====", "-----"), its names parted by a
 * gap?
 * Its words may read as a sentence; the rule under them says they name
 * columns. */
static int header_row(ctx *c, size_t a, size_t e) {
  return a + 2 < e && info(c, a)->gaps > 0 &&
         info(c, a)->mark == T2R_MARK_NONE && !is_code(c, a) &&
         t2r_table_rule_line(c->b->src, a + 1);
}

/* Where the second column of rows [a, e) starts, from their
 * indentation, when a row's first word fills its column, parted from the
 * second by one blank, and another row's leaves a gap there
 * ("temp1_max_alarm ro" under "temp1_max       rw"), and most rows
 * describe their key in words; else 0.  Rows whose first words are all
 * parted by one blank ("Ci Co   Control") hold a cell of two words;
 * rows of values ("T:  Bus=01 Lev=00", "txdelay 36") are a dump. */
static unsigned known_split(ctx *c, size_t a, size_t e) {
  if (!aligned_rows(c, a, e))
    return 0;
  unsigned col = second_piece(c, a);
  int tight = 0, gapped = 0;
  size_t rows = 0, worded = 0;
  for (size_t i = a; i < e; i++) {
    const char *p = text(c, i);
    size_t n = text_len(c, i), w = word_end(p, n, 0);
    if (blank(c, i) || second_piece(c, i) != col)
      continue;
    unsigned end = indent(c, i) + t2r_display_width(p, w, indent(c, i));
    tight |= end + 1 == col;
    gapped |= end + 1 < col;
    rows++;
    worded += letter_words(p + w, n - w) >= 2;
  }
  return tight && gapped && 2 * worded > rows ? col - indent(c, a) : 0;
}

/* Are [a, e) rows of a table in columns at indentation 'left': lines in
 * columns or deeper continuations, no code?  (A rule may underline a
 * header of a line or two, and close the rows: t2r_column_rules.) */
static int column_rows(ctx *c, size_t a, size_t e, unsigned left,
                       int under_header) {
  int header = header_row(c, a, e);
  if (indent(c, a) != left || !(is_columns(c, a) || header))
    return 0;
  int parted = -1; /* rows parted by a blank (known_split), asked once */
  for (size_t i = a + 2 * (size_t)header; i < e; i++) {
    if (cell_continuation(c, a, i))
      continue;
    int may_be_rule = i == a + 1 || i == a + 2 || i + 1 == e;
    if (code_in_row(c, i))
      return 0;
    if (row_in_columns(c, i, under_header) ||
        (may_be_rule && info(c, i)->cls == T2R_LINE_ADORNMENT))
      continue;
    if (parted < 0)
      parted = known_split(c, a, e) != 0;
    if (!parted)
      return 0;
  }
  return 1;
}

/* A table made of lines from a: a blank line over it, then its top
 * border. */
static void open_table(ctx *c, size_t a, const t2r_buf *border) {
  need_blank(c, a, "table-blank", "a table follows a blank line");
  t2r_edits_insert(c->b->edits, a, border->ptr, border->len);
}

/* The table of lines [a, e), its bottom border in place: a blank line
 * under it, its note, and its lines kept as markup. */
static void close_table(ctx *c, size_t a, size_t e, const char *rule,
                        const char *why) {
  if (!blank(c, e))
    need_blank(c, e, "table-end", "a blank line ends a table");
  edit_note(c, a, rule, why);
  for (size_t i = a; i < e; i++)
    c->role[i] = LINE_MARKUP;
  add_block(c, T2R_NODE_TABLE, a, e - 1, 0);
}

/* The chunk [a, e) of rows in aligned columns becomes a simple table, as
 * the kernel's own conversions did: a border above and below, the rows
 * as written.  Following chunks in the same columns join it.  Returns
 * its end, or 0 when docutils would not read it as a table. */
static size_t columns_table(ctx *c, size_t a, size_t e, int under_header) {
  /* a cell's last lines, deeper than the rows, may have been split off
   * as a block of their own: the table takes them back */
  while (!blank(c, e) && cell_continuation(c, a, e))
    e++;
  t2r_buf border, wider;
  t2r_buf_init(&border);
  t2r_column_rules rules, wider_rules;
  unsigned split = known_split(c, a, e);
  int rows = column_rows(c, a, e, indent(c, a), under_header) &&
             t2r_columns_border(c->b->src, c->b->info, a, e, split, c->in,
                                &border, &rules);
  if (!rows) {
    t2r_buf_release(&border);
    return 0;
  }
  for (;;) {
    size_t na = next_nonblank(c, e), ne = na;
    while (ne < c->n && !blank(c, ne))
      ne++;
    t2r_buf_init(&wider);
    if (rules.closing || na >= c->n ||
        !column_rows(c, na, ne, indent(c, a), under_header) ||
        !t2r_columns_border(c->b->src, c->b->info, a, ne, split, c->in,
                            &wider, &wider_rules) ||
        wider_rules.header != rules.header) {
      t2r_buf_release(&wider);
      break;
    }
    t2r_buf_release(&border);
    border = wider;
    rules = wider_rules;
    e = ne;
  }
  open_table(c, a, &border);
  if (rules.header)
    t2r_edits_replace(c->b->edits, rules.header, border.ptr, border.len);
  if (rules.closing)
    t2r_edits_replace(c->b->edits, e - 1, border.ptr, border.len);
  else
    t2r_edits_insert(c->b->edits, e, border.ptr, border.len);
  t2r_buf_release(&border);
  close_table(c, a, e, "columns-table",
              "rows in aligned columns become a simple table");
  return e;
}

/* Is line a a table's header: in columns, over a rule of '-' or '='
 * ("Value<TAB>Effect" over "------"), with rows in its columns under it?
 * docutils would read a title there and the rows as a paragraph. */
static int header_over_rows(ctx *c, size_t a, size_t e) {
  return header_row(c, a, e) && row_in_columns(c, a + 2, 1) &&
         t2r_rows_under_header(c->b->src, a, e);
}

/* Is the chunk [a, e) two or more rows in columns whose cells go on in
 * deeper lines ("inX_min<TAB>Minimum voltage." over "<TAB><TAB>From
 * VIN_UV_WARN")?  Read as text, it would be split where the lines go
 * deeper.  Items of a list set off by a tab ("1.<TAB>Don't use") are a
 * list; one row alone is a term and its definition; a deeper line in
 * columns ("<TAB>pro:<TAB>* fast") is a cell's own layout, which the
 * text reading would set apart, and a next reading take for rows. */
static int rows_with_continuations(ctx *c, size_t a, size_t e) {
  if (!column_rows(c, a, e, indent(c, a), 0))
    return 0;
  size_t rows = 0, deeper = 0;
  for (size_t i = a; i < e; i++) {
    if (cell_continuation(c, a, i))
      deeper++;
    else if (indent(c, i) != indent(c, a) ||
             info(c, i)->mark != T2R_MARK_NONE || !named_key(c, i))
      return 0;
    else
      rows++;
  }
  return rows >= 2 && deeper > 0;
}

/* The table that rows in columns from line a make, up to a title glued
 * under them (a header over a rule, or rows with deeper continuations);
 * its end, or 0. */
static size_t rows_table(ctx *c, size_t a, size_t e) {
  size_t rows_end = a + 2 < e ? a + 2 : e;
  while (rows_end < e && !glued_title_at(c, rows_end, e))
    rows_end++;
  int header = header_over_rows(c, a, rows_end);
  if (!header && !rows_with_continuations(c, a, rows_end))
    return 0;
  return columns_table(c, a, rows_end, header);
}

/* Does line i describe a key after a dash ("noaccel  - do not use
 * acceleration engine."): up to DASH_KEY_WORDS words with a letter or a
 * digit, blanks, '-', blanks, text?  The key's length and the offset of
 * its description go to *key and *desc. */
static int dash_row(ctx *c, size_t i, size_t *key, size_t *desc) {
  const char *p = text(c, i);
  size_t n = text_len(c, i), k = 0, d;
  if (info(c, i)->mark != T2R_MARK_NONE || !memchr(p, '-', n))
    return 0;
  for (unsigned words = 1;; words++) {
    k = word_end(p, n, k);
    for (d = k; d < n && (p[d] == ' ' || p[d] == '\t'); d++)
      ;
    /* a word after one blank goes on with the key ("media transport"),
     * a sign does not ("kernel.pty.max = 4096" sets a value) */
    if (d != k + 1 || p[k] != ' ' || d >= n || p[d] == '-' ||
        words == DASH_KEY_WORDS || !word_named(p + d, n - d))
      break;
    k = d;
  }
  if (d == k || d + 2 >= n || p[d] != '-' ||
      (p[d + 1] != ' ' && p[d + 1] != '\t'))
    return 0;
  for (d++; p[d] == ' ' || p[d] == '\t'; d++)
    ;
  *key = k;
  *desc = d;
  return named_key(c, i);
}

/* The display column of the dash on line i, a row with a key of 'key'
 * bytes. */
static unsigned dash_column(ctx *c, size_t i, size_t key) {
  const char *dash = memchr(text(c, i) + key, '-', text_len(c, i) - key);
  return t2r_display_width(text(c, i), (size_t)(dash - text(c, i)),
                           indent(c, i)) + indent(c, i);
}

/* The end of the rows of keys after dashes from line a in [a, e): each
 * row at a's indentation, the lines it wraps onto deeper, at one column.
 * A row whose lines go deeper still has a layout of its own (a
 * nested table of values) and ends the rows before it.  Their count goes
 * to *rows, 0 unless the rows are laid out as a table: a key padded to
 * align the dashes, or a row wrapped (one-line rows of "0 - disabled"
 * are a list of values, value_list), and the dashes in one column when
 * a key has words. */
static size_t dash_rows_end(ctx *c, size_t a, size_t e, size_t *rows) {
  size_t end = a, key, desc;
  int laid_out = 0, worded = 0, aligned = 1;
  unsigned column = 0;
  *rows = 0;
  while (end < e && indent(c, end) == indent(c, a) &&
         dash_row(c, end, &key, &desc)) {
    /* wrapped lines start no further right than the description: text
     * hanging further in ("0400 - 041f : vga ioports" over "word access")
     * has another label */
    unsigned dash = dash_column(c, end, key);
    unsigned text_at = t2r_display_width(text(c, end), desc, indent(c, end)) +
                       indent(c, end);
    size_t j = end + 1;
    while (j < e && indent(c, j) > indent(c, a) && indent(c, j) <= text_at &&
           indent(c, j) == indent(c, end + 1) &&
           info(c, j)->cls == T2R_LINE_TEXT)
      j++;
    if (j < e && indent(c, j) > indent(c, a))
      break;
    laid_out |= j > end + 1 || text(c, end)[key + 1] != '-';
    worded |= memchr(text(c, end), ' ', key) != NULL;
    aligned &= end == a || dash == column;
    column = dash;
    ++*rows;
    end = j;
  }
  if (!laid_out || (worded && !aligned))
    *rows = 0;
  return end;
}

/* Appends to 'cell' the escaped text of the row at line r, its
 * description and the lines it wraps onto up to 'next', joined by '\n';
 * 0 when the cell cannot be made valid. */
static int dash_cell(ctx *c, size_t r, size_t next, size_t desc, t2r_buf *cell) {
  t2r_buf raw;
  t2r_buf_init(&raw);
  t2r_buf_put(&raw, text(c, r) + desc, text_len(c, r) - desc);
  for (size_t j = r + 1; j < next; j++) {
    t2r_buf_putc(&raw, '\n');
    t2r_buf_put(&raw, text(c, j), text_len(c, j));
  }
  int ok = t2r_cell_escaped(c->in, raw.ptr, raw.len, cell);
  t2r_buf_release(&raw);
  return ok;
}

/* The display width of the widest of the lines in 'b' (joined by '\n'). */
static unsigned widest_line(const t2r_buf *b) {
  unsigned widest = 0;
  for (const char *p = b->ptr, *stop = b->ptr + b->len; p < stop;) {
    const char *nl = memchr(p, '\n', (size_t)(stop - p));
    size_t n = nl ? (size_t)(nl - p) : (size_t)(stop - p);
    unsigned w = t2r_display_width(p, n, 0);
    widest = w > widest ? w : widest;
    p += n + 1;
  }
  return widest;
}

/* Writes the row at line r as a line of the table: its key, escaped, in
 * a column 'width' wide, the description two blanks after it, and each
 * wrapped line under the description.  'cell' holds the escaped
 * description and wrapped lines. */
static void put_dash_row(ctx *c, size_t r, const t2r_buf *key,
                         const t2r_buf *cell, unsigned width) {
  const t2r_line *ln = line(c, r);
  size_t lead = ln->text_beg - ln->beg;
  unsigned pad = width + 2 - t2r_display_width(key->ptr, key->len, 0);
  t2r_buf out;
  t2r_buf_init(&out);
  const char *p = cell->ptr, *stop = cell->ptr + cell->len;
  for (size_t i = r; p <= stop; i++) {
    const char *nl = memchr(p, '\n', (size_t)(stop - p));
    size_t n = nl ? (size_t)(nl - p) : (size_t)(stop - p);
    t2r_buf_reset(&out);
    t2r_buf_put(&out, c->b->src->data + ln->beg, lead);
    if (i == r)
      t2r_buf_put(&out, key->ptr, key->len);
    t2r_buf_fill(&out, ' ', i == r ? pad : width + 2);
    t2r_buf_put(&out, p, n);
    t2r_edits_replace(c->b->edits, i, out.ptr, out.len);
    p += n + 1;
  }
  t2r_buf_release(&out);
}

/* The first line of rows of keys after dashes that fill the rest of
 * [a, e) under a sentence introducing them ("The module adds three new
 * commands." over "fsload  - load binary file"), or a when there is
 * none: a paragraph that a blank line sets apart from its table. */
static size_t rows_under_sentence(ctx *c, size_t a, size_t e) {
  size_t r = a, key, desc, rows;
  if (!is_prose(c, a))
    return a;
  while (r < e && r - a <= INTRO_MAX_LINES && !dash_row(c, r, &key, &desc))
    r++;
  if (r == a || r == e || r - a > INTRO_MAX_LINES || !is_prose(c, r - 1) ||
      !strchr(".:", text(c, r - 1)[text_len(c, r - 1) - 1]))
    return a;
  for (size_t i = a; i < r; i++)
    if (indent(c, i) > indent(c, r))
      return a;
  return dash_rows_end(c, r, e, &rows) == e && rows >= 2 ? r : a;
}

/* Keys described after dashes, each row's description wrapped onto
 * deeper lines, become a simple table as the kernel's own conversions
 * made them: the key in one column, the description in the next, without
 * the dash, the wrapped lines moved under it.  Read as text, the rows run
 * into a paragraph, the first wrapped line starts a definition, and the
 * lines wrapped at a tab's column fall out of it.  Returns the table's
 * end, or 0. */
static size_t dash_table(ctx *c, size_t a, size_t e) {
  /* rows glued under a line belong to its block, unless it introduces
   * them from further left ("Members of interest:") */
  if (a > 0 && !blank_above(c, a) && indent(c, a - 1) <= indent(c, a) &&
      !(indent(c, a - 1) < indent(c, a) && info(c, a - 1)->colon == 1))
    return 0;
  size_t rows, end = dash_rows_end(c, a, e, &rows), key, desc;
  /* the chunk goes on in another shape, which may hold the rows: only a
   * row with a layout of its own may end them */
  if (rows < 2 || (end < e && !dash_row(c, end, &key, &desc)))
    return 0;
  for (size_t i = end; i < e; i++) /* a sum under a rule ("---") */
    if (info(c, i)->cls == T2R_LINE_ADORNMENT)
      return 0;
  size_t nrows = 0, *starts = t2r_xrealloc(NULL, rows * sizeof *starts);
  t2r_buf *keys = t2r_xrealloc(NULL, 2 * rows * sizeof *keys);
  t2r_buf *cells = keys + rows;
  unsigned width = 0, last = 1;
  int ok = 1;
  for (size_t r = a; r < end && ok; nrows++) {
    size_t next = r + 1;
    while (next < end && indent(c, next) > indent(c, a))
      next++;
    dash_row(c, r, &key, &desc);
    starts[nrows] = r;
    t2r_buf_init(&keys[nrows]);
    t2r_buf_init(&cells[nrows]);
    ok = t2r_cell_escaped(c->in, text(c, r), key, &keys[nrows]) &&
         dash_cell(c, r, next, desc, &cells[nrows]);
    unsigned w = t2r_display_width(keys[nrows].ptr, keys[nrows].len, 0);
    width = w > width ? w : width;
    w = widest_line(&cells[nrows]);
    last = w > last ? w : last;
    r = next;
  }
  if (ok) {
    t2r_buf border;
    t2r_buf_init(&border);
    t2r_buf_put(&border, c->b->src->data + line(c, a)->beg,
                line(c, a)->text_beg - line(c, a)->beg);
    t2r_buf_fill(&border, '=', width);
    t2r_buf_fill(&border, ' ', 2);
    t2r_buf_fill(&border, '=', last);
    open_table(c, a, &border);
    for (size_t k = 0; k < nrows; k++)
      put_dash_row(c, starts[k], &keys[k], &cells[k], width);
    t2r_edits_insert(c->b->edits, end, border.ptr, border.len);
    t2r_buf_release(&border);
    close_table(c, a, end, "dash-table",
                "keys described after dashes become a simple table");
  }
  for (size_t k = 0; k < nrows; k++) {
    t2r_buf_release(&keys[k]);
    t2r_buf_release(&cells[k]);
  }
  free(keys);
  free(starts);
  return ok ? end : 0;
}

/* Is the path [p, p+n) one that text links: a web address without its
 * scheme ("www.intel.com/support/"), or a kernel document
 * ("Documentation/ABI/testing/sysfs-class-pktcdvd"), which the kernel's
 * Sphinx links where it stands in text? */
static int linked_path(const char *p, size_t n) {
  static const char docs[] = "Documentation/";
  const char *slash = memchr(p, '/', n);
  if (n >= sizeof docs - 1 && !memcmp(p, docs, sizeof docs - 1))
    return 1;
  return slash && p[0] != '.' && memchr(p, '.', (size_t)(slash - p));
}

/* What line i names alone: an identifier (1, "CONFIG_DEBUG_FS", a '_'
 * joining words counting 2), a path (3, "tools/acpi/acpidbg", none that
 * text links), or nothing (0).  A URL's ':' makes it nothing. */
static int named_alone(ctx *c, size_t i) {
  const char *p = text(c, i);
  size_t n = text_len(c, i);
  int joined = 0, slash = 0, marks = 0;
  if (info(c, i)->mark != T2R_MARK_NONE)
    return 0;
  for (size_t k = 0; k < n; k++) {
    unsigned char b = (unsigned char)p[k];
    slash |= b == '/';
    joined |= b == '_' && k > 0 && k + 1 < n;
    if (!t2r_ascii_alnum(b) && b != '_') {
      if (!memchr("./~+-", b, 5))
        return 0;
      marks = 1;
    }
  }
  if (slash)
    return linked_path(p, n) ? 0 : 3;
  if (!t2r_ascii_letter((unsigned char)p[0]) || marks)
    return 0;
  return joined ? 2 : 1;
}

/* Is the line before line a, blank lines aside, a paragraph's last line
 * ending in one ':'?  Returns it, or -1. */
static long colon_intro(ctx *c, size_t a) {
  long intro = prev_nonblank(c, a);
  if (intro < 0 || c->role[intro] != LINE_TEXT ||
      info(c, (size_t)intro)->colon != 1)
    return -1;
  return intro;
}

/* Does the chunk [a, e), introduced by a paragraph ending in ':', hold
 * lines fenced by two like rules at the margin ("..." over "-----",
 * "START <name>", "[PASSED|FAILED]", "-----" and "...": a sample of a log
 * or a file) at the introduction's column, and no prose?  As text, the
 * first rule would be a transition and the second an underline. */
static int fenced_chunk(ctx *c, size_t a, size_t e) {
  long intro = colon_intro(c, a);
  if (intro < 0 || indent(c, a) != indent(c, (size_t)intro))
    return 0;
  size_t rule = NO_LINE;
  int fenced = 0;
  for (size_t i = a; i < e; i++) {
    if (is_prose(c, i) || is_columns(c, i))
      return 0; /* columns under a rule are a table's rows */
    if (!separator_line(c, i))
      continue;
    fenced |= rule != NO_LINE && i > rule + 1 &&
              text_len(c, i) == text_len(c, rule) &&
              !memcmp(text(c, i), text(c, rule), text_len(c, i));
    rule = i;
  }
  return fenced;
}

/* Is [a, e) a column of identifiers one a line ("CONFIG_DEBUG_FS" over
 * "CONFIG_ACPI_APEI"), or paths ("tools/acpi/power/acpi/acpidbg"), under
 * a line that introduces them with a ':'?  As a paragraph the names
 * would run into one line, and a path is code the kernel's own
 * conversions set literal.  Bare words ("DOWN", "UP") may be anything. */
static int identifier_lines(ctx *c, size_t a, size_t e) {
  if (colon_intro(c, a) < 0)
    return 0;
  int best = 0;
  for (size_t i = a; i < e; i++) {
    int kind = named_alone(c, i);
    if (!kind || indent(c, i) != indent(c, a))
      return 0;
    best = kind > best ? kind : best;
  }
  return best == 3 || (best == 2 && e - a >= 2);
}

/* Is [a, e), under a table border at line a, drawn as a table: a grid's
 * every line a row or border from the border's first column to its last
 * (a simple table's rows at its indentation)?  A drawing ("base ->" left
 * of a box, arrows under it, a label beside it) is no table a reviewer
 * could make of it. */
static int table_shaped(ctx *c, size_t a, size_t e) {
  int grid = text(c, a)[0] == '+';
  unsigned left = indent(c, a), right = left + line(c, a)->width;
  for (size_t i = a; i < e; i++) {
    const char *p = text(c, i);
    size_t n = text_len(c, i), at = left - indent(c, i);
    if (blank(c, i))
      continue;
    if (!grid) {
      if (indent(c, i) != left)
        return 0;
      continue;
    }
    /* marks in a margin left of the rows ("I  | ACCESS |") are allowed */
    if (indent(c, i) > left || indent(c, i) + line(c, i)->width != right ||
        memchr(p, '\t', n) || at >= n || !strchr("+|", p[at]) ||
        !strchr("+|", p[n - 1]))
      return 0;
  }
  return 1;
}

/* Is [a, e) a table of contents, every line a heading numbered with
 * periods ("8.  Control commands", "8.1  Set wide size")?  Its columns
 * are no table for a reviewer; rows keyed by plain numbers ("0<TAB>ISA
 * <TAB>100Hz timer") may be. */
static int contents_lines(ctx *c, size_t a, size_t e) {
  for (size_t i = a; i < e; i++) {
    const char *p = text(c, i);
    size_t n = text_len(c, i), k = 0;
    while (k < n && p[k] >= '0' && p[k] <= '9')
      k++;
    if (!blank(c, i) && (k == 0 || k == n || p[k] != '.' ||
                         !numbering_depth(p, n)))
      return 0;
  }
  return 1;
}

/* Makes [p, q) literal, extended over a C block left open; returns the
 * end of what became literal (or a table, for rows in columns). */
static size_t literal_region(ctx *c, size_t p, size_t q, size_t e, long intro) {
  size_t end = q == e ? code_region_end(c, p, q) : q;
  size_t code = p;
  while (code < end && !(code_in_row(c, code) &&
                         !(is_columns(c, p) && cell_continuation(c, p, code))))
    code++;
  if (code == end && !is_table_border(c, p)) {
    size_t table = q == e ? columns_table(c, p, e, 0) : 0;
    if (table)
      return table;
    if (!has_art(c, p, end) && !contents_lines(c, p, end) &&
        c->kinds[end].pre > c->kinds[p].pre) /* samples alone are no table */
      review(c, p, "columns-literal",
             "text in aligned columns kept as a literal block; a simple table "
             "may suit it better");
  }
  make_literal(c, p, end, intro);
  return end;
}

/* Is the value of header line i ("License:  =====") a rule line, which
 * docutils would read as a transition no field may hold? */
static int field_value_is_rule(ctx *c, size_t i) {
  const char *p = text(c, i);
  size_t n = text_len(c, i);
  const char *colon = memchr(p, ':', n);
  size_t k = colon ? skip_blanks(p, n, (size_t)(colon - p) + 1) : n;
  return t2r_is_transition_text(p + k, n - k);
}

/* The header line [p, p+n) read as a field: its name's length to *key
 * and the offset of its value, after the ':' ("Author: Jane") or the
 * name ("Copyright (C) 2016" names itself); 0 when it is no field (a
 * rule of the user's may flag any line). */
static size_t field_value(const char *p, size_t n, size_t *key) {
  static const char copyright[] = "Copyright";
  const char *colon = memchr(p, ':', n);
  size_t k = sizeof copyright - 1, after = k;
  while (after < n && p[after] == ' ')
    after++;
  /* "Copyright holder: FSF" is a label of words like any other */
  int words = colon != NULL;
  for (const char *q = p; words && q < colon; q++)
    words = t2r_ascii_letter((unsigned char)*q) || *q == ' ';
  if (n > after && !memcmp(p, copyright, k) && p[after] != ':' && !words) {
    *key = k;
    return k;
  }
  if (!colon || colon == p)
    return 0;
  for (k = (size_t)(colon - p); k > 0 && p[k - 1] == ' '; k--)
    ;
  *key = k;
  return (size_t)(colon - p) + 1;
}

/* The display column the text of field line i starts at once a ':' is
 * put before its name. */
static unsigned field_text_column(ctx *c, size_t i) {
  const char *p = text(c, i);
  size_t n = text_len(c, i), key, value = field_value(p, n, &key);
  return indent(c, i) + 1 +
         t2r_display_width(p, skip_blanks(p, n, value), indent(c, i));
}

/* Gives continuation line j the indentation [pad, pad+n). */
static void indent_continuation(ctx *c, size_t j, const char *pad, size_t n,
                                unsigned column) {
  replace_tail(c, j, pad, n, line(c, j)->text_beg);
  c->ind[j] = column;
  edit_note(c, j, "field-continuation",
            "a field's continuation line is aligned with the one above");
}

/* Aligns the continuation lines [i+1, end) of field line i with the
 * first of them, so that the body reads as one paragraph; with 'hang',
 * a body hanging deeper than its field's text ("Valid Range:   0,1,3,4
 * (0=off," over "<35 blanks>4=simplified") goes to that text's column,
 * where a reading of the output takes it for the same paragraph. */
static void align_field_body(ctx *c, size_t i, size_t end, int hang) {
  if (end == i + 1)
    return;
  unsigned column = field_text_column(c, i);
  const t2r_line *first = line(c, i + 1);
  if (hang && indent(c, i + 1) > column) {
    t2r_buf pad;
    t2r_buf_init(&pad);
    t2r_buf_fill(&pad, ' ', column);
    for (size_t j = i + 1; j < end; j++)
      indent_continuation(c, j, pad.ptr, pad.len, column);
    t2r_buf_release(&pad);
    return;
  }
  for (size_t j = i + 2; j < end; j++)
    if (line(c, j)->indent != first->indent)
      indent_continuation(c, j, c->b->src->data + first->beg,
                          first->text_beg - first->beg, c->ind[i + 1]);
}

/* Makes the chunk [a, e) a field list: each line that 'is_field' takes
 * gets its name between colons, the lines under it are its body, aligned
 * with each other so that the body reads as one paragraph. */
static void make_fields(ctx *c, size_t a, size_t e,
                        int (*is_field)(ctx *c, size_t i), int hang,
                        const char *rule, const char *why) {
  for (size_t i = a; i < e;) {
    size_t end = i + 1;
    while (end < e && !is_field(c, end))
      end++;
    const char *p = text(c, i);
    size_t n = text_len(c, i), key, value = field_value(p, n, &key);
    const t2r_line *ln = line(c, i);
    t2r_buf field;
    t2r_buf_init(&field);
    t2r_buf_put(&field, c->b->src->data + ln->beg, ln->text_beg - ln->beg);
    t2r_buf_putc(&field, ':');
    t2r_buf_put(&field, p, key);
    t2r_buf_putc(&field, ':');
    /* a value opening with "(C)" would be an enumerated list, which a
     * bibliographic field cannot hold: its '(' is escaped */
    while (value < n && p[value] == ' ')
      t2r_buf_putc(&field, p[value++]);
    if (t2r_lex_opens_item(p + value, n - value))
      t2r_buf_putc(&field, '\\');
    replace_tail(c, i, field.ptr, field.len, ln->text_beg + value);
    t2r_buf_release(&field);
    edit_note(c, i, rule, why);
    align_field_body(c, i, end, hang);
    mark_para(c, i, end - 1);
    i = end;
  }
  add_block(c, T2R_NODE_FIELD_LIST, a, e - 1, 0);
}

static int header_field(ctx *c, size_t i) {
  return (info(c, i)->flags & T2R_TEXT_FIELD) != 0;
}

/* A chunk right under the document title made of "Author: ..." lines
 * (and their indented continuations, which are text) becomes a field
 * list. */
static int header_fields(ctx *c, size_t a, size_t e) {
  size_t name;
  if (c->ntitles != 1 || c->nblocks != 1 || !header_field(c, a))
    return 0;
  /* a copyright notice alone is a line of text */
  if (e == a + 1 && field_value(text(c, a), text_len(c, a), &name) == name)
    return 0;
  /* the bodies are taken as paragraphs: list items in them are not */
  for (size_t i = a; i < e; i++) {
    int field = header_field(c, i);
    if (field && (field_value_is_rule(c, i) ||
                  !field_value(text(c, i), text_len(c, i), &name)))
      return 0;
    if (i > a &&
        ((!field && (indent(c, i) <= indent(c, a) ||
                     info(c, i)->mark != T2R_MARK_NONE)) ||
         is_code(c, i) || info(c, i)->cls == T2R_LINE_ADORNMENT))
      return 0;
  }
  make_fields(c, a, e, header_field, 0, "header-field",
              "a header line under the title becomes a field list entry");
  return 1;
}

/* Is line i a label and its value ("Valid Range:   0-65535 (0=off)"):
 * a capital first, up to LABEL_FIELD_MAX_WORDS words of letters, digits
 * and "-/()", a ':' and blanks, then the value? */
static int label_field(ctx *c, size_t i) {
  const char *p = text(c, i);
  size_t n = text_len(c, i), k = 0;
  if (!(p[0] >= 'A' && p[0] <= 'Z') || info(c, i)->mark != T2R_MARK_NONE ||
      (info(c, i)->flags & T2R_TEXT_ADMONITION))
    return 0;
  unsigned blanks = 0; /* a few words: a sentence's line is no label */
  while (k < n && blanks < LABEL_FIELD_MAX_WORDS &&
         (t2r_ascii_alnum((unsigned char)p[k]) ||
          (p[k] && strchr(" -/()", p[k]))))
    blanks += p[k++] == ' ';
  /* one letter is a FAQ's question or answer ("Q: ...", "A: ..."), no
   * name of a field */
  return k + 2 < n && k > 1 && p[k] == ':' && p[k - 1] != ' ' &&
         (p[k + 1] == ' ' || p[k + 1] == '\t') &&
         count_words(p, k) <= LABEL_FIELD_MAX_WORDS &&
         has_word(p + k + 1, n - k - 1);
}

/* Does line i go on with the line above it: that one ends in no mark
 * ending a statement, or line i starts in lower case or with a digit?
 * "On Controller 2 set slew rate to 8." under "On Controller 0 set slew
 * rate to 1." is a line of its own. */
static int wraps_on(ctx *c, size_t i) {
  unsigned char last = (unsigned char)text(c, i - 1)[text_len(c, i - 1) - 1];
  unsigned char first = (unsigned char)text(c, i)[0];
  return !strchr(".!?}", last) || (first >= 'a' && first <= 'z') ||
         t2r_ascii_digit(first);
}

/* Weighs the lines [a, e) as labels with their values (label_field) at
 * a's indentation and lines deeper that wrap the values, at one column
 * under each label: how many of each to *labels and *wrapped, 0 when a
 * line is neither.  A value ending in ':' introduces the lines under it
 * ("Machines: ... environments:" over one a line), which wrap nothing;
 * lines set in under others ("On Controller 0" over "  enables read
 * streaming"), or lines of their own (wraps_on), have a layout a
 * paragraph would lose. */
static int label_lines(ctx *c, size_t a, size_t e, unsigned *labels,
                       unsigned *wrapped) {
  *labels = *wrapped = 0;
  int above = 0; /* does the line above read as a label, at any column? */
  for (size_t i = a; i < e; i++) {
    int reads = label_field(c, i);
    int label = reads && indent(c, i) == indent(c, a);
    if (!label &&
        (i == a || indent(c, i) <= indent(c, a) ||
         (above && info(c, i - 1)->colon) ||
         info(c, i)->mark != T2R_MARK_NONE ||
         info(c, i)->cls != T2R_LINE_TEXT ||
         (!above && indent(c, i) != indent(c, i - 1)) || !wraps_on(c, i)))
      return 0; /* lines set in further have a layout of their own */
    *labels += (unsigned)label;
    *wrapped += (unsigned)!label;
    above = reads;
  }
  return 1;
}

/* Is the chunk from line a, at indentation 'column', one label with its
 * value (label_lines)?  Its wrapped lines are added to *wrapped and the
 * chunk's end goes to *end. */
static int label_chunk(ctx *c, size_t a, unsigned column, size_t *end,
                       unsigned *wrapped) {
  unsigned labels, w;
  for (*end = a; *end < c->n && !blank(c, *end);)
    ++*end;
  if (a >= c->n || indent(c, a) != column ||
      !label_lines(c, a, *end, &labels, &w) || labels != 1)
    return 0;
  *wrapped += w;
  return 1;
}

/* Is the chunk [a, e) labels with values (label_lines) where a value
 * wraps onto lines hanging deeper ("Valid Range: 0,1,3,4 (0=off," over
 * "               4=simplified balancing)" over "Default Value: 3")?  As
 * text, a wrapped value would be a term's definition, and the label
 * under it text docutils ends the list with, so the labels become a
 * field list.  So do the labels of a run of chunks of one label each,
 * parted by blank lines ("Bit 0:      Dirty bit.  If this bit is set
 * ..." over its wrapped rest, "Bits 2-63:  Reserved"), where one wraps.
 * Labels on one line each stay a paragraph: it holds them. */
static int label_fields(ctx *c, size_t a, size_t e) {
  unsigned labels, wrapped;
  if (!label_lines(c, a, e, &labels, &wrapped))
    return 0;
  if (labels == 1) {
    unsigned run = 1, column = indent(c, a);
    size_t end;
    for (size_t p = prev_chunk_start(c, a), k = 0;
         k < LABEL_RUN_LOOKAROUND && label_chunk(c, p, column, &end, &wrapped);
         p = prev_chunk_start(c, p), k++)
      run++;
    for (size_t q = next_nonblank(c, e), k = 0;
         k < LABEL_RUN_LOOKAROUND && label_chunk(c, q, column, &end, &wrapped);
         q = next_nonblank(c, end), k++)
      run++;
    if (run < 2 || !wrapped)
      return 0;
  } else if (!wrapped) {
    return 0;
  }
  make_fields(c, a, e, label_field, 1, "label-fields",
              "labels with values wrapped onto deeper lines become a field "
              "list");
  return 1;
}

/* A simple table docutils accepts stays as written: its lines are kept
 * verbatim, set off from the text around it.  Returns its end. */
static size_t keep_table(ctx *c, size_t a, size_t end) {
  need_blank(c, a, "table-blank", "a table follows a blank line");
  for (size_t i = a; i < end; i++)
    c->role[i] = LINE_MARKUP;
  if (end < c->n && !blank(c, end))
    need_blank(c, end, "table-blank", "a blank line must follow a table");
  add_block(c, T2R_NODE_TABLE, a, end - 1, 0);
  return end;
}

/* The last directive (".. list-table::") inside the chunk [a, e) below
 * its first line, as a definition holds one; -1 when none. */
static long last_directive(ctx *c, size_t a, size_t e) {
  for (size_t i = e; i-- > a + 1;)
    if (is_markup_start(c, i) && has_double_colon(text(c, i), text_len(c, i)))
      return (long)i;
  return -1;
}

/* Is the chunk head [a, p) what a paragraph ending in one ':' before it
 * introduces, not an introduction itself ("For reading:") nor list
 * items? */
static int introduced_head(ctx *c, size_t a, size_t p) {
  long intro = colon_intro(c, a);
  if (intro < 0 || (size_t)intro + 1 >= a || info(c, a)->colon)
    return 0;
  for (size_t i = a; i < p; i++)
    if (info(c, i)->mark != T2R_MARK_NONE)
      return 0;
  return 1;
}

/* Do the lines of the chunk [a, e) after its first stand no left of it,
 * and is none of them a rule line?  A command's output does not; the
 * text after an example, or the fence closing it ("-----"), may. */
static int output_under(ctx *c, size_t a, size_t e) {
  for (size_t i = a + 1; i < e; i++)
    if (indent(c, i) < indent(c, a) || rule_line(c, i))
      return 0;
  return 1;
}

/* Are all the lines of the chunk [a, e) after its first deeper than it,
 * none code, one starting as a sentence does ("BOOT_IMAGE=<file>" over
 * "<TAB>The boot image which was loaded")?  Then the first is a term,
 * the rest its description; a command's continuation lines
 * ("cpu/event=0x8,...") and a call chain's arrows are no description. */
static int described_below(ctx *c, size_t a, size_t e) {
  int sentence = 0;
  for (size_t i = a + 1; i < e; i++) {
    if (indent(c, i) <= indent(c, a) || is_code(c, i))
      return 0;
    sentence |= starts_sentence(c, i);
  }
  return sentence;
}

/* Is the chunk [a, e) commands and what they printed, no list in it?
 * Two commands at a prompt or more ("# echo 1 > pids.max" over "sh: fork:
 * Resource temporarily unavailable" and the next command) make a
 * transcript, their output read as sentences or not, unless those
 * outnumber the commands.  One line of code over lines that read as
 * nothing ("# cat /proc/x" over "foo") needs a paragraph ending in ':' to
 * introduce it (above it, or glued and split from it); code in columns
 * there heads a table's row instead ("-count={n}<TAB>The count"), and
 * code over deeper lines only is a term over its description. */
static int transcript(ctx *c, size_t a, size_t e) {
  if (e <= a + 1 || !is_code(c, a))
    return 0;
  unsigned prompts = 0, prose = c->kinds[e].prose - c->kinds[a].prose;
  for (size_t i = a; i < e; i++) {
    if (info(c, i)->mark != T2R_MARK_NONE)
      return 0;
    prompts += (info(c, i)->flags & T2R_TEXT_PROMPT) != 0;
  }
  if ((info(c, a)->flags & T2R_TEXT_PROMPT) && prompts >= 2 &&
      prose <= prompts && output_under(c, a, e))
    return 1;
  return !is_columns(c, a) && !prose && colon_intro(c, a) >= 0 &&
         !described_below(c, a, e);
}

/* Does [p, p+n) read as a sample of what a machine reads or prints, not
 * a name or a phrase: a mark no name holds ("<module_name>-y := ...",
 * "ibm/hotkey HKEY 00000080"), or a word in lower case first ("fis
 * free", "enum pkey_hash_algo")?  An address ('@') is a name's, and a
 * URL or a web host a link, which a literal block would make dead. */
static int sample_text(const char *p, size_t n) {
  if (memchr(p, '@', n) || memmem(p, n, "://", 3) || memmem(p, n, "www.", 4))
    return 0;
  if (p[0] >= 'a' && p[0] <= 'z')
    return 1;
  for (size_t k = 0; k < n; k++)
    if (strchr("/_=<>{}[]\"$#%|\\", p[k]))
      return 1;
  return 0;
}

/* Is the chunk [a, e) a few samples indented under a sentence ending in
 * ':' ("The driver will report HKEY events in the following format:"
 * over "<TAB>ibm/hotkey HKEY 00000080 0000xxxx"), all at one column
 * (deeper lines describe a term: "BOOT_IMAGE=<file>" over "<TAB>The boot
 * image ..."), no line of it prose nor an item?  The writer set them apart as things to type or read
 * verbatim; as a quote, "<src1>.o" and "0x0202 + byte" would be read as
 * markup. */
static int introduced_sample(ctx *c, size_t a, size_t e) {
  long intro = colon_intro(c, a);
  if (intro < 0 ||
      c->kinds[intro + 1].prose == c->kinds[prev_chunk_start(c, a)].prose ||
      indent(c, a) <= para_indent(c, (size_t)intro) ||
      c->kinds[e].prose != c->kinds[a].prose)
    return 0;
  size_t next = next_nonblank(c, e);
  if (next < c->n && indent(c, next) >= indent(c, a))
    return 0; /* the text goes on at the samples' column: they are its */
  for (size_t i = a; i < e; i++)
    if (indent(c, i) != indent(c, a) || info(c, i)->mark != T2R_MARK_NONE ||
        info(c, i)->colon || is_columns(c, i) ||
        !sample_text(text(c, i), text_len(c, i)))
      return 0;
  return 1;
}

/* Is the chunk [a, e) one line over prose indented deeper ("/sys/kernel/
 * fadump_enabled" over "    This is used to display...")?  Then it names
 * what the prose describes; a literal block made of it would take the
 * description in.  A line left of the text ending in ':' before it is
 * code set flush left, and the text after it goes on at its own column;
 * text one column deeper is a transcript's sloppy margin. */
static int term_over_prose(ctx *c, size_t a, size_t e) {
  size_t next = next_nonblank(c, e);
  long before = prev_nonblank(c, a);
  return e == a + 1 && next < c->n && indent(c, next) >= indent(c, a) + 2 &&
         is_prose(c, next) &&
         !(before >= 0 && info(c, (size_t)before)->colon == 1 &&
           indent(c, a) < indent(c, (size_t)before));
}

static size_t walk_chunk(ctx *c, size_t a, size_t e);

/* Walks [a, at) as a chunk of its own and sets line 'at' apart from it
 * with a blank line; returns 'at', or where the walk got to when a block
 * of the head took in lines past it. */
static size_t walk_head(ctx *c, size_t a, size_t at, const char *rule,
                        const char *why) {
  size_t end = walk_chunk(c, a, at);
  if (end > at)
    return end;
  need_blank(c, at, rule, why);
  return at;
}

/* The first line from 'from' on, in the chunk ending at e, that a title
 * is glued under text at (glued_title_at), or e.  A chunk split at each
 * change of indentation asks again from each split; the last answer
 * holds for any start up to it, since glued_title_at weighs the line and
 * the chunk's end alone. */
static size_t glued_title_after(ctx *c, size_t from, size_t e) {
  if (e == c->glued_end && from >= c->glued_from && from <= c->glued_found)
    return c->glued_found;
  size_t i = from;
  while (i < e && !glued_title_at(c, i, e))
    i++;
  if (i > from) { /* a line's own chunk, walked in between, keeps it */
    c->glued_from = from;
    c->glued_end = e;
    c->glued_found = i;
  }
  return i;
}

/* Walks the chunk [a, e); returns where the document walk resumes, past e
 * when a literal block took lines of later chunks. */
static size_t walk_chunk(ctx *c, size_t a, size_t e) {
  while (a < e) {
    /* a literal block made above in this chunk goes on while deeper */
    if (c->lit_indent >= 0 && indent(c, a) > (unsigned)c->lit_indent) {
      a = continue_literal(c, a, e);
      continue;
    }
    c->lit_indent = -1;
    /* a bare "::" glued to the lines it introduces (not a title's
     * overline): they are its block */
    if (text_len(c, a) == 2 && info(c, a)->colon == 2 && a + 1 < e &&
        !is_markup_start(c, a + 1) && !title_at(c, a, e)) {
      c->role[a] = LINE_TEXT;
      mark_para(c, a, a);
      make_literal(c, a + 1, e, (long)a);
      return e;
    }
    size_t rows = rows_under_sentence(c, a, e);
    if (rows > a) {
      a = walk_head(c, a, rows, "table-blank", "a table follows a blank line");
      if (a > rows)
        return a;
      continue;
    }
    size_t table = dash_table(c, a, e);
    if (!table && (is_columns(c, a) || header_row(c, a, e)))
      table = rows_table(c, a, e);
    if (table)
      return table;
    if (fenced_chunk(c, a, e)) {
      make_literal(c, a, e, prev_nonblank(c, a));
      return e;
    }
    size_t next = special_start(c, a, e);
    if (next != a) {
      /* another explicit markup block may follow without a blank */
      if (next < e && c->role[a] == LINE_MARKUP && !markup_meant(c, next, e))
        need_blank(c, next, "markup-end", "explicit markup ends at a blank line");
      a = next;
      continue;
    }
    if (header_fields(c, a, e))
      return e;
    size_t p = e, q = e;
    /* prose introducing code in the same chunk: split, don't freeze it,
     * unless a paragraph ending in ':' introduced the chunk as a whole
     * ("Message from dmesg:" over a log with its backtrace) */
    int tail = !is_code(c, a) && literal_tail(c, a, e, &p, &q) &&
               !preformatted(c, a, p) &&
               !(introduced_head(c, a, p) && preformatted(c, a, e));
    if (t2r_is_simple_border(c->b->src, a)) {
      size_t end = t2r_simple_table_end(c->b->src, c->b->info, a, c->in);
      if (end)
        return keep_table(c, a, end);
    } else if (is_table_border(c, a) && text(c, a)[0] == '+') {
      size_t k = a + 1;
      while (k < e && (text(c, k)[0] == '+' || text(c, k)[0] == '|'))
        k++;
      if (t2r_grid_table_end(c->b->src, a, k, c->in)) {
        a = keep_table(c, a, k);
        continue;
      }
    }
    if (identifier_lines(c, a, e) || fraction(c, a)) {
      make_literal(c, a, e, prev_nonblank(c, a));
      return e;
    }
    /* items of a list are text, however code-like ("o) void
     * post_reloc(ulong offset);") */
    int boxed = is_table_border(c, a) || opens_region(c, a);
    size_t code_end = !boxed && said_left_of_code(c, a, e) ? e - 1 : e;
    if (boxed || (!tail &&
                  (preformatted(c, a, code_end) || transcript(c, a, code_end) ||
                   aligned_rows(c, a, code_end) ||
                   introduced_sample(c, a, code_end)) &&
                  !term_over_prose(c, a, code_end) &&
                  !listed_items(c, a, code_end))) {
      if (is_table_border(c, a) && table_shaped(c, a, e))
        review(c, a, "table-literal",
               "table kept as a literal block; check whether a simple or "
               "grid table would suit");
      size_t end =
          literal_region(c, a, code_end, code_end, prev_nonblank(c, a));
      if (end >= e)
        return end;
      a = end;
      continue;
    }
    if (label_fields(c, a, e))
      return e;
    /* a title glued under text ends the text there */
    size_t glued = glued_title_after(c, a + 1, e);
    if (glued < e) {
      a = walk_head(c, a, glued, "title-blank",
                    "a title needs a blank line above");
      if (a > glued)
        return a;
      continue;
    }
    fix_first_line_indent(c, a, e);
    if (!tail)
      literal_tail(c, a, e, &p, &q);
    const char *rule, *why;
    size_t split = first_split(c, a, p, &rule, &why);
    if (split < p) {
      size_t end = walk_chunk(c, a, split);
      if (end > split)
        return end;
      if (!continues_literal(c, split))
        need_blank(c, split, rule, why);
      a = split;
      continue;
    }
    if (p < e) {
      /* the text before the literal tail is a chunk of its own */
      size_t end = walk_chunk(c, a, p);
      if (end > p)
        return end;
      end = literal_region(c, p, q, e, (long)p - 1);
      if (end >= e)
        return end;
      a = end;
      continue;
    }
    walk_lines(c, a, e);
    long directive = last_directive(c, a, e);
    if (directive >= 0) { /* its content may follow after blank lines */
      c->lit_indent = (long)indent(c, (size_t)directive);
      c->lit_shift = 0;
      c->lit_guessed = 0;
    } else if (info(c, e - 1)->colon == 2 && c->role[e - 1] == LINE_TEXT) {
      c->lit_indent = (long)para_indent(c, e - 1);
      c->lit_shift = 0;
      c->lit_guessed = 0;
    }
    return e;
  }
  return e;
}

/* Is the chunk at line a an underlined title in words ("Put Video
 * Requests", "4. Details"), not code ("1|2" over "---")? */
static int worded_title(ctx *c, size_t a, size_t e) {
  const char *p = text(c, a);
  return title_at(c, a, e) == 2 && !is_code(c, a) &&
         (t2r_ascii_letter((unsigned char)p[0]) ||
          numbering_depth(p, text_len(c, a)));
}

static int chunk_after_double_colon(ctx *c, size_t a) {
  long p = prev_nonblank(c, a);
  return p >= 0 && c->role[p] == LINE_TEXT && info(c, p)->colon == 2;
}

/* Does the chunk [a, e) after flush-left code that this tool indented read
 * as text, no line of it code ("  name: the name of the filesystem type"
 * under a struct that ends the block)?  The writer indented it under the
 * code, not into it. */
static int text_under_code(ctx *c, size_t a, size_t e) {
  if (!c->lit_guessed || !c->lit_shift || c->lit_code_at || c->lit_indent ||
      !is_code(c, (size_t)prev_nonblank(c, a)))
    return 0;
  /* a line alone may be a drawing's caption; an item is none */
  if (!(e > a + 1 && is_prose(c, a)) && !(c->flags[a] & LEGACY_ITEM) &&
      info(c, a)->mark == T2R_MARK_NONE)
    return 0;
  for (size_t i = a; i < e; i++)
    if (is_code(c, i) || indent(c, i) == 0)
      return 0;
  return 1;
}

/* Moves the lines from a up to the next one at the literal block's
 * paragraph's indentation left by their least indentation: indented, they
 * would go on in the block. */
static void dedent_after_literal(ctx *c, size_t a) {
  size_t r = a;
  while (r < c->n && (blank(c, r) || indent(c, r) > (unsigned)c->lit_indent))
    r++;
  unsigned m = min_indent(c, a, r) - (unsigned)c->lit_indent;
  t2r_buf pad;
  t2r_buf_init(&pad);
  for (size_t i = a; i < r; i++) {
    if (blank(c, i) || t2r_edits_of(c->b->edits, i)->replaced)
      continue;
    c->ind[i] -= m;
    pad.len = 0;
    t2r_buf_fill(&pad, ' ', c->ind[i]);
    replace_tail(c, i, pad.ptr, pad.len, line(c, i)->text_beg);
  }
  t2r_buf_release(&pad);
  edit_note(c, a, "literal-dedent",
            "text indented under flush-left code is moved left: indented, "
            "it would go on in the code's literal block");
}

static void walk_document(ctx *c) {
  c->lit_indent = -1;
  for (size_t a = 0; a < c->n;) {
    if (blank(c, a)) {
      a++;
      continue;
    }
    size_t e = a;
    while (e < c->n && !blank(c, e))
      e++;
    if (c->lit_indent >= 0) {
      /* deeper lines go on in the block, unless the block was a guess
       * and they are an underlined title */
      if (indent(c, a) > (unsigned)c->lit_indent && text_under_code(c, a, e)) {
        dedent_after_literal(c, a);
        c->lit_indent = -1;
        continue;
      }
      if (indent(c, a) > (unsigned)c->lit_indent &&
          !(c->lit_guessed && worded_title(c, a, e))) {
        a = continue_literal(c, a, e);
        continue;
      }
      /* "text::" with nothing indented after it: docutils warns */
      if (chunk_after_double_colon(c, a) && !c->lit_shift &&
          (is_table_border(c, a) || preformatted(c, a, e))) {
        c->lit_shift = 0;
        make_literal(c, a, e, prev_nonblank(c, a));
        a = e;
        continue;
      }
      c->lit_indent = -1;
    }
    a = walk_chunk(c, a, e);
  }
}

/* --------------------------------------------------------- title styles */

static const style kernel_order[] = {{'=', 0}, {'-', 0}, {'~', 0}, {'^', 0},
                                     {'"', 0}, {'\'', 0}, {'+', 0}, {'*', 0},
                                     {'#', 0}, {'.', 0}, {':', 0}};

static int style_eq(style a, style b) { return a.ch == b.ch && a.over == b.over; }

/* The first line of title t: its overline, or its text. */
static size_t title_top(const title_rec *t) {
  return t->over >= 0 ? (size_t)t->over : t->text;
}

/* Does the first title name a document: neither a number, a part
 * heading titles of its own (count_parts) nor a common part's name? */
static int first_names_document(ctx *c) {
  if (!c->ntitles)
    return 0;
  size_t t = c->titles[0].text, b, e;
  if (!heading_markers(c, t, &b, &e))
    b = 0, e = text_len(c, t);
  /* "1. Introduction" or "== General ==" is the first section, not the
   * title: the writer's title is missing, as the file name stands in */
  if (numbering_depth(text(c, t), text_len(c, t)) ||
      c->titles[0].st.ch == BARE_PART ||
      names_common_part(c, text(c, t) + b, e - b))
    return 0;
  return 1;
}

/* Is the first title the document title: one naming a document, with
 * nothing but markup above it? */
static int first_is_doc_title(ctx *c) {
  return first_names_document(c) &&
         nothing_before(c, title_top(&c->titles[0]));
}

static void set_adornment(ctx *c, size_t i, unsigned char ch, unsigned len,
                          const char *why) {
  int kept = info(c, i)->adorn == ch && line(c, i)->indent == 0;
  if (kept && adorn_len(c, i) == len && line(c, i)->text_end == line(c, i)->end)
    return;
  if (kept && adorn_len(c, i) >= len)
    return;
  t2r_buf tmp;
  t2r_buf_init(&tmp);
  t2r_buf_fill(&tmp, (char)ch, len);
  t2r_edits_replace(c->b->edits, i, tmp.ptr, tmp.len);
  t2r_buf_release(&tmp);
  edit_note(c, i, "title-adornment", why);
}

/* Drops the markers of a wiki-style heading ("== Usage ==", "* Usage")
 * from its line; returns the title's width as it then reads. */
static unsigned strip_wiki_markers(ctx *c, const title_rec *t) {
  size_t b, e;
  if (t->st.ch < BARE_WIKI || !heading_markers(c, t->text, &b, &e))
    return t->width;
  t2r_edits_replace(c->b->edits, t->text, text(c, t->text) + b, e - b);
  edit_note(c, t->text, "wiki-heading",
            "a wiki-style heading loses its markers for an RST adornment");
  return t2r_display_width(text(c, t->text) + b, e - b, 0);
}

/* Adds the adornment an unadorned heading lacks. */
static void adorn_heading(ctx *c, const title_rec *t, style out) {
  unsigned width = strip_wiki_markers(c, t);
  t2r_buf tmp;
  t2r_buf_init(&tmp);
  t2r_buf_fill(&tmp, (char)out.ch, width);
  if (out.over)
    t2r_edits_insert(c->b->edits, t->text, tmp.ptr, tmp.len);
  t2r_edits_prepend(c->b->edits, t->text + 1, tmp.ptr, tmp.len);
  t2r_buf_release(&tmp);
  edit_note(c, t->text, "heading-adorn",
            "a heading standing alone gets the adornment of its level");
}

static void fix_title(ctx *c, const title_rec *t, style out) {
  if (t->under == NO_LINE) {
    adorn_heading(c, t, out);
    return;
  }
  unsigned w = t->width;
  unsigned len = adorn_len(c, t->under);
  if (t->over >= 0 && adorn_len(c, (size_t)t->over) > len)
    len = adorn_len(c, (size_t)t->over);
  if (len < w)
    len = w;
  set_adornment(c, t->under, out.ch, len,
                "the underline is as long as the title, in the level's style");
  if (out.over && t->over >= 0) {
    if (adorn_len(c, (size_t)t->over) != len ||
        info(c, (size_t)t->over)->adorn != out.ch ||
        line(c, (size_t)t->over)->indent)
      set_adornment(c, (size_t)t->over, out.ch, len,
                    "overline and underline must match");
    if (adorn_len(c, t->under) != len)
      set_adornment(c, t->under, out.ch, len, "overline and underline must match");
  } else if (out.over) {
    t2r_buf tmp;
    t2r_buf_init(&tmp);
    t2r_buf_fill(&tmp, (char)out.ch, len);
    t2r_edits_insert(c->b->edits, t->text, tmp.ptr, tmp.len);
    t2r_buf_release(&tmp);
    edit_note(c, t->text, "doc-title",
              "the document title gets an overline, as the kernel wants");
  } else if (t->over >= 0) {
    t2r_edits_drop(c->b->edits, (size_t)t->over);
    edit_note(c, (size_t)t->over, "title-adornment",
              "this level's style has no overline");
  }
}

/* Levels as docutils gives them, by the order styles are first used,
 * to titles from 'first' on, below 'base' levels. */
static void style_levels(ctx *c, size_t first, unsigned base) {
  c->nstyles = 0;
  c->cur_level = base;
  for (size_t t = first; t < c->ntitles; t++)
    c->titles[t].level = assign_level(c, c->titles[t].st, base);
}

/* Levels as docutils gives them, except that a title beside the document
 * title, in its style, and the titles under it go a level down: the
 * document title stands alone above them ("Part Two / ========" and its
 * "Sub B / -----" after the title's own "Sub A / -----"). */
static void parts_below_doc(ctx *c) {
  style_levels(c, 0, 0);
  unsigned down = 0;
  for (size_t t = 1; t < c->ntitles; t++) {
    down |= c->titles[t].level == 1;
    c->titles[t].level += down;
  }
}

/* Length of the section number "2.4.1" that line i starts with, without
 * the ".0" that numbers a chapter as a whole ("1.0 OVERVIEW" above "1.1"). */
static size_t number_len(ctx *c, size_t i) {
  const char *p = text(c, i);
  size_t n = text_len(c, i), k = 0;
  while (k < n && ((p[k] >= '0' && p[k] <= '9') ||
                   (p[k] == '.' && k + 1 < n && p[k + 1] >= '0' &&
                    p[k + 1] <= '9')))
    k++;
  while (k > 2 && p[k - 1] == '0' && p[k - 2] == '.')
    k -= 2;
  return k;
}

/* Depth of that number: "2.4.1" is 3 deep, "1.0" 1. */
static unsigned number_depth(ctx *c, size_t i) {
  size_t n = number_len(c, i);
  unsigned depth = 1;
  for (size_t k = 0; k < n; k++)
    depth += text(c, i)[k] == '.';
  return depth;
}

/* Is the title at line child numbered one below the one at line parent
 * ("1.4.1" under "1.4")? */
static int numbered_under(ctx *c, size_t parent, size_t child) {
  size_t np = number_len(c, parent), nc = number_len(c, child);
  const char *pc = text(c, child);
  return np && nc > np + 1 && pc[np] == '.' &&
         !memcmp(text(c, parent), pc, np) &&
         !memchr(pc + np + 1, '.', nc - np - 1);
}

/* Is the title at line next numbered right after the one at line prev
 * ("4." after "3.", "2.3" after "2.2")? */
static int numbered_after(ctx *c, size_t prev, size_t next) {
  size_t np = number_len(c, prev), nn = number_len(c, next);
  const char *pp = text(c, prev), *pn = text(c, next);
  size_t stem = np;
  while (stem > 0 && pp[stem - 1] != '.')
    stem--;
  return nn > stem && !memcmp(pp, pn, stem) &&
         !memchr(pn + stem, '.', nn - stem) &&
         last_number(pp, np) + 1 == last_number(pn, nn);
}

/* Numbered titles say their depth where adornments contradict it: "1.4.1"
 * goes below the "1.4" before it, and "5." beside "4.", whatever styles
 * made docutils put them.  Titles numbered deeper but adorned alike were
 * kept level by their writer, and stay so.  With 'fix' 0, only counts the
 * titles it would move. */
static size_t number_levels(ctx *c, int fix) {
  size_t last[MAX_NUMBER_DEPTH + 1], moved = 0;
  for (unsigned d = 0; d <= MAX_NUMBER_DEPTH; d++)
    last[d] = NO_LINE;
  for (size_t t = 0; t < c->ntitles; t++) {
    title_rec *r = &c->titles[t];
    if (!numbering_depth(text(c, r->text), text_len(c, r->text)))
      continue;
    unsigned depth = number_depth(c, r->text);
    if (depth > MAX_NUMBER_DEPTH)
      continue;
    const title_rec *up = depth > 1 && last[depth - 1] != NO_LINE
                              ? &c->titles[last[depth - 1]] : NULL;
    const title_rec *prev =
        last[depth] != NO_LINE ? &c->titles[last[depth]] : NULL;
    unsigned level = r->level;
    size_t kin = NO_LINE;
    unsigned below = 0;
    if (up && !style_eq(up->st, r->st) && numbered_under(c, up->text, r->text)) {
      level = up->level + 1;
      kin = last[depth - 1];
      below = 1;
    } else if (prev && numbered_after(c, prev->text, r->text)) {
      level = prev->level;
      kin = last[depth];
    }
    moved += level != r->level;
    if (fix) {
      r->level = level;
      r->kin = kin;
      r->below = below;
    }
    last[depth] = t;
    for (unsigned d = depth + 1; d <= MAX_NUMBER_DEPTH; d++)
      last[d] = NO_LINE;
  }
  return moved;
}

/* Levels below a document title whose style later titles reuse.  Mostly
 * that style is the sections' ("Title / =====" over "1. Intro / ====="),
 * but some writers reuse it a level further down ("1.1 What / -------"
 * under "1. Cpusets / ==========" in a "CPUSETS / -------" document): the
 * reading the section numbers contradict less is taken. */
static void levels_below_doc(ctx *c) {
  parts_below_doc(c);
  size_t as_sections = number_levels(c, 0);
  if (!as_sections)
    return;
  c->titles[0].level = 1;
  style_levels(c, 1, 1);
  if (number_levels(c, 0) >= as_sections)
    parts_below_doc(c);
}

/* No title may be more than one level below the title before it, as
 * docutils demands: a deeper one is raised, and the titles numbered by
 * it follow it - "2." stays beside "1.", "1.4" under "1.", as a reading
 * of the output would put them.  Returns the deepest level. */
static unsigned clamp_levels(ctx *c) {
  unsigned cur = 0, deepest = 0;
  for (size_t t = 0; t < c->ntitles; t++) {
    title_rec *r = &c->titles[t];
    unsigned level =
        r->kin != NO_LINE ? c->titles[r->kin].level + r->below : r->level;
    if (level > cur + 1)
      level = cur + 1;
    r->level = cur = level;
    if (level > deepest)
      deepest = level;
  }
  return deepest;
}

/* Final levels: by style, except that a document title whose style later
 * titles reuse stands alone above them, and numbered titles go by their
 * numbers; then clamped to docutils' steps.  Returns the deepest level. */
static unsigned relevel_titles(ctx *c, int doc) {
  int reused = 0;
  for (size_t t = 1; doc && t < c->ntitles; t++)
    reused |= style_eq(c->titles[t].st, c->titles[0].st);
  if (reused)
    levels_below_doc(c);
  else
    style_levels(c, 0, 0);
  number_levels(c, 1);
  return clamp_levels(c);
}

static int style_taken(const style *out, unsigned n, style st) {
  for (unsigned k = 0; k < n; k++)
    if (style_eq(out[k], st))
      return 1;
  return 0;
}

/* The style most titles of 'level' already have (the first seen among
 * equals), if no shallower level took it; else the first free one in the
 * configured order, then in the kernel's.  Counted per style, not per
 * pair of titles: a long document has thousands. */
static style pick_style(ctx *c, const style *out, unsigned level) {
  size_t count[2][256] = {{0}};
  for (size_t t = 0; t < c->ntitles; t++)
    if (c->titles[t].level == level)
      count[c->titles[t].st.over != 0][c->titles[t].st.ch]++;
  style best = {0, 0};
  size_t best_count = 0;
  for (size_t t = 0; t < c->ntitles; t++) {
    style st = c->titles[t].st;
    size_t n = count[st.over != 0][st.ch];
    if (c->titles[t].level != level || st.ch < ' ' || n <= best_count ||
        style_taken(out, level - 1, st))
      continue;
    best = st;
    best_count = n;
  }
  const char *order = c->b->adornments;
  for (size_t k = 0; !best.ch && order && order[k]; k++)
    if (!style_taken(out, level - 1, (style){order[k], 0}))
      best = (style){order[k], 0};
  /* in the kernel's order, below the styles of the levels above ("~"
   * under "-", not "=" a reader takes for a level higher) */
  size_t styles = sizeof kernel_order / sizeof *kernel_order, from = 0;
  for (size_t k = 0; k < styles; k++)
    if (style_taken(out, level - 1, kernel_order[k]))
      from = k + 1;
  for (size_t k = from; !best.ch && k < from + styles; k++)
    if (!style_taken(out, level - 1, kernel_order[k % styles]))
      best = kernel_order[k % styles];
  return best;
}

/* Does the first title stand under a comment heading the file, and
 * nothing else?  It is the document's title.  Returns the comment's
 * first line, or NO_LINE. */
static size_t title_under_comment(ctx *c) {
  const title_rec *t = &c->titles[0];
  if (numbering_depth(text(c, t->text), text_len(c, t->text)))
    return NO_LINE;
  return heading_comment(c, title_top(t));
}

/* Does line i hold the file's name as a word ("What is sa1100fb?" in
 * sa1100fb.txt), in any case? */
static int names_file(ctx *c, size_t i) {
  const char *name = c->b->name, *p = text(c, i);
  size_t n = name ? strlen(name) : 0, len = text_len(c, i);
  for (size_t k = 0; n && k + n <= len; k++)
    if (!strncasecmp(p + k, name, n) &&
        (k == 0 || !t2r_ascii_alnum((unsigned char)p[k - 1])) &&
        (k + n == len || !t2r_ascii_alnum((unsigned char)p[k + n])))
      return 1;
  return 0;
}

/* Is the first title, naming the file, under a note of a line or two
 * heading it ("[This file is cloned from VesaFB/matroxfb]" over "What is
 * sa1100fb?")?  Returns the note's first line, or NO_LINE.  As with a
 * comment, the title belongs above it, as the kernel's own conversions
 * put it; a numbered title starts the text's sections instead, and a
 * title of a part ("General") leaves the text above it an
 * introduction. */
static size_t title_under_note(ctx *c) {
  const title_rec *t = &c->titles[0];
  size_t top = title_top(t);
  if (numbering_depth(text(c, t->text), text_len(c, t->text)) || top == 0 ||
      !names_file(c, t->text))
    return NO_LINE;
  long last = prev_nonblank(c, top);
  if (last < 0)
    return NO_LINE;
  size_t first = (size_t)last;
  while (first > 0 && !blank(c, first - 1))
    first--;
  if ((size_t)last - first + 1 > NOTE_MAX_LINES || prev_nonblank(c, first) >= 0)
    return NO_LINE;
  for (size_t i = first; i <= (size_t)last; i++)
    if (c->role[i] != LINE_TEXT || info(c, i)->mark != T2R_MARK_NONE)
      return NO_LINE;
  return first;
}

/* Moves the document title above the comment or note heading the file
 * at line 'at', overlined: docutils and Sphinx take a title for the
 * document's only when nothing stands above it. */
static void lift_title(ctx *c, const title_rec *t, size_t at) {
  size_t n, len = strip_wiki_markers(c, t);
  const char *p = t2r_edits_content(c->b->edits, t->text, text(c, t->text),
                                    text_len(c, t->text), &n);
  t2r_buf title, rule; /* a copy: the edits' pool moves as it grows */
  t2r_buf_init(&title);
  t2r_buf_put(&title, p, n);
  if (t->under != NO_LINE && adorn_len(c, t->under) > len)
    len = adorn_len(c, t->under);
  t2r_buf_init(&rule);
  t2r_buf_fill(&rule, '=', len);
  /* a blank line already set before the comment (under a licence tag's
   * comment) goes above the title instead */
  const t2r_line_edit *le = t2r_edits_of(c->b->edits, at);
  int blank_set = le->nins && le->ins[0].len == 0;
  if (!blank_set)
    t2r_edits_prepend(c->b->edits, at, "", 0);
  t2r_edits_prepend(c->b->edits, at, rule.ptr, rule.len);
  t2r_edits_prepend(c->b->edits, at, title.ptr, title.len);
  t2r_edits_prepend(c->b->edits, at, rule.ptr, rule.len);
  if (blank_set && at > 0 && !blank(c, at - 1))
    t2r_edits_prepend(c->b->edits, at, "", 0);
  t2r_buf_release(&title);
  t2r_buf_release(&rule);
  size_t i = title_top(t);
  int blank_above = i > 0 && blank(c, i - 1);
  for (; i <= (t->under != NO_LINE ? t->under : t->text); i++)
    t2r_edits_drop(c->b->edits, i);
  while (blank_above && i < c->n && blank(c, i)) /* one gap is enough */
    t2r_edits_drop(c->b->edits, i++);
  edit_note(c, at, "title-lift",
            "the title under the comment or note heading the file goes "
            "above it: a document's title must come first");
}

/* Puts the file name, as the document title, above the first text: Sphinx
 * names a document by its first title, and this one has none, or text
 * above its first, or several titles at the top. */
static void add_name_title(ctx *c) {
  size_t at = 0;
  while (at < c->n && (blank(c, at) || c->role[at] == LINE_MARKUP))
    at++;
  t2r_buf name, rule;
  t2r_buf_init(&name);
  t2r_buf_init(&rule);
  size_t n = strlen(c->b->name);
  for (size_t i = 0; i < n; i++) { /* a name is text, never markup */
    if (strchr("*`|\\", c->b->name[i]) || (c->b->name[i] == '_' && i + 1 == n))
      t2r_buf_putc(&name, '\\');
    t2r_buf_putc(&name, c->b->name[i]);
  }
  t2r_buf_fill(&rule, '=', name.len);
  /* before anything inserted there, such as a '::' line */
  t2r_edits_prepend(c->b->edits, at, "", 0);
  t2r_edits_prepend(c->b->edits, at, rule.ptr, rule.len);
  t2r_edits_prepend(c->b->edits, at, name.ptr, name.len);
  t2r_edits_prepend(c->b->edits, at, rule.ptr, rule.len);
  if (at > 0 && !blank(c, at - 1))
    t2r_edits_prepend(c->b->edits, at, "", 0);
  t2r_buf_release(&name);
  t2r_buf_release(&rule);
  review(c, at, "file-name-title",
         "no single title above the text; the file name was made the "
         "document title, as Sphinx names a document by its first title");
}

/* Does the document open with a section titled "Note" (or "Warning" ...)
 * of a paragraph or two, over the document's title in the same style
 * ("Note / ====" over "This driver supersedes ..." over "Kernel driver
 * NCT6775 / ====")?  Returns the directive's name, with the last line of
 * the note's text in *last; NULL when it is no such note. */
static const char *opening_note(ctx *c, size_t *last) {
  if (c->ntitles < 2)
    return NULL;
  const title_rec *t = &c->titles[0], *next = &c->titles[1];
  size_t top = title_top(t), end = title_top(next), lines = 0;
  const char *name =
      admonition_named(text(c, t->text), text_len(c, t->text), OPENING_NOTES);
  if (!name || t->under == NO_LINE || !style_eq(t->st, next->st) ||
      !nothing_before(c, top))
    return NULL;
  *last = NO_LINE;
  for (size_t i = t->under + 1; i < end; i++) {
    if (blank(c, i))
      continue;
    if (c->role[i] != LINE_TEXT || indent(c, i) || info(c, i)->mark ||
        ++lines > OPENING_NOTE_MAX_LINES)
      return NULL;
    *last = i;
  }
  return *last != NO_LINE ? name : NULL;
}

/* Makes the opening note a directive ("Note / ====" -> ".. note::", its
 * text indented under it): the document's title follows it, as the
 * kernel's conversions put it.  The note's title and text blocks become
 * one admonition block, and the title leaves the list of titles. */
static void make_opening_note(ctx *c, const char *name, size_t last) {
  const title_rec *t = &c->titles[0];
  t2r_buf head;
  t2r_buf_init(&head);
  t2r_buf_printf(&head, ".. %s::", name);
  t2r_edits_replace(c->b->edits, t->text, head.ptr, head.len);
  t2r_buf_release(&head);
  if (t->over >= 0)
    t2r_edits_drop(c->b->edits, (size_t)t->over);
  t2r_edits_drop(c->b->edits, t->under);
  indent_under_directive(c, t->under + 1, last);
  edit_note(c, t->text, "admonition",
            "a section titled as a note over the document's title becomes "
            "the matching directive; the title follows it");
  size_t node = t->node, gone = c->titles[1].node - node - 1;
  c->blocks[node].kind = T2R_NODE_ADMONITION;
  c->blocks[node].last = (uint32_t)last;
  memmove(&c->blocks[node + 1], &c->blocks[node + 1 + gone],
          (c->nblocks - node - 1 - gone) * sizeof *c->blocks);
  c->nblocks -= gone;
  memmove(&c->titles[0], &c->titles[1], (c->ntitles - 1) * sizeof *c->titles);
  c->ntitles--;
  for (size_t k = 0; k < c->ntitles; k++)
    c->titles[k].node -= gone;
}

static void fix_titles(ctx *c) {
  size_t note_end, note_at = NO_LINE;
  const char *note = opening_note(c, &note_end);
  if (note) {
    note_at = title_top(&c->titles[0]);
    make_opening_note(c, note, note_end);
  }
  if (!c->ntitles) {
    if (c->b->name && c->b->name_untitled)
      add_name_title(c);
    return;
  }
  int doc = first_is_doc_title(c);
  size_t comment = doc ? NO_LINE : title_under_comment(c);
  if (!doc && comment == NO_LINE)
    comment = title_under_note(c);
  if (!doc && comment == NO_LINE && first_names_document(c))
    comment = note_at; /* the title goes above the opening note */
  doc |= comment != NO_LINE;
  int named = !doc && c->b->name;
  unsigned levels = relevel_titles(c, doc) + (unsigned)named;
  for (size_t t = 0; named && t < c->ntitles; t++)
    c->titles[t].level++; /* below the name */
  style *out = t2r_xrealloc(NULL, (levels + 1) * sizeof *out);
  for (unsigned l = 1; l <= levels; l++)
    out[l - 1] = (doc || named) && l == 1 ? (style){'=', 1}
                                          : pick_style(c, out, l);
  for (size_t t = 0; t < c->ntitles; t++) {
    if (t == 0 && comment != NO_LINE)
      lift_title(c, &c->titles[0], comment);
    else
      fix_title(c, &c->titles[t], out[c->titles[t].level - 1]);
    c->blocks[c->titles[t].node].level = c->titles[t].level;
  }
  free(out);
  if (named)
    add_name_title(c);
}

/* ---------------------------------------------------------- transitions */

/* docutils allows a transition only between two body elements of one
 * section; elsewhere the separator line is kept as escaped text. */
static void check_transitions(ctx *c) {
  size_t kept = 0, t = 0;
  for (size_t k = 0; k < c->nblocks; k++) {
    if (c->blocks[k].kind != T2R_NODE_TRANSITION) {
      if (t < c->ntitles && c->titles[t].node == k)
        c->titles[t++].node = kept;
      c->blocks[kept++] = c->blocks[k];
      continue;
    }
    int ok = k > 0 && k + 1 < c->nblocks;
    if (ok) {
      t2r_node_kind before = c->blocks[k - 1].kind, after = c->blocks[k + 1].kind;
      ok = before != T2R_NODE_TITLE && before != T2R_NODE_TRANSITION &&
           after != T2R_NODE_TITLE && after != T2R_NODE_TRANSITION;
    }
    size_t i = c->blocks[k].first;
    if (ok && !blank(c, i + 1))
      need_blank(c, i + 1, "transition-blank",
                 "a separator line stands alone as a transition");
    if (!ok) {
      t2r_edits_drop(c->b->edits, i);
      edit_note(c, i, "rule-line-drop",
                "a separator line where docutils allows no transition "
                "(next to a title, at either end) is dropped");
    }
    if (ok)
      c->blocks[kept++] = c->blocks[k];
  }
  c->nblocks = kept;
}

/* ------------------------------------------------------------- the tree */

static void build_tree(ctx *c) {
  t2r_node *stack[64];
  unsigned depth = 0;
  stack[0] = t2r_tree_root(c->b->tree);
  for (size_t k = 0; k < c->nblocks; k++) {
    const block_rec *r = &c->blocks[k];
    if (r->kind == T2R_NODE_TITLE) {
      unsigned level = r->level < 63 ? r->level : 63;
      if (depth >= level)
        depth = level - 1;
      while (depth + 1 < level && depth < 62) {
        stack[depth + 1] = stack[depth];
        depth++;
      }
      t2r_node *sec = t2r_tree_append(c->b->tree, stack[depth],
                                      T2R_NODE_SECTION, r->first, r->last);
      sec->level = r->level;
      t2r_node *title =
          t2r_tree_append(c->b->tree, sec, T2R_NODE_TITLE, r->first, r->last);
      title->level = r->level;
      stack[++depth] = sec;
      continue;
    }
    t2r_tree_append(c->b->tree, stack[depth], r->kind, r->first, r->last);
  }
}

/* ------------------------------------------------------------ entry */

/* docutils parses each level of indentation by recursion, and its
 * Python stack gives out not far beyond (lists nested 150 deep parse,
 * 200 do not); the first line deeper than this many levels gets a note. */
#define DOCUTILS_NESTING_LIMIT 100

static void note_deep_nesting(ctx *c) {
  unsigned stack[DOCUTILS_NESTING_LIMIT + 1];
  size_t depth = 0;
  for (size_t i = 0; i < c->n; i++) {
    if (blank(c, i))
      continue;
    unsigned in = line(c, i)->indent;
    while (depth && stack[depth - 1] > in)
      depth--;
    if (depth && stack[depth - 1] == in)
      continue;
    if (depth == DOCUTILS_NESTING_LIMIT) {
      review(c, i, "deep-nesting",
             "indentation nested more than 100 levels deep; docutils runs "
             "out of stack not far beyond");
      return;
    }
    stack[depth++] = in;
  }
}

/* docutils refuses (and drops) a line of more characters than its
 * line_length_limit setting, 10 000 by default.  Such a line is not
 * rewrapped here: it is reported. */
static void note_overlong_lines(ctx *c) {
  for (size_t i = 0; i < c->n; i++) {
    const t2r_line *ln = line(c, i);
    if (ln->end - ln->beg <= DOCUTILS_LINE_LIMIT)
      continue;
    size_t chars = 0;
    for (size_t k = ln->beg; k < ln->end; k++)
      chars += ((unsigned char)c->b->src->data[k] & 0xc0) != 0x80;
    if (chars > DOCUTILS_LINE_LIMIT)
      review(c, i, "overlong-line",
             "docutils refuses a line longer than 10 000 characters; "
             "wrap it by hand");
  }
}

void t2r_blocks_build(t2r_blocks *b) {
  ctx c;
  memset(&c, 0, sizeof c);
  c.b = b;
  c.n = b->src->nlines;
  c.in = t2r_inline_new();
  c.role = t2r_xrealloc(NULL, c.n + 1);
  memset(c.role, LINE_TEXT, c.n + 1);
  c.ind = t2r_xrealloc(NULL, (c.n + 1) * sizeof *c.ind);
  c.flags = t2r_xrealloc(NULL, c.n + 1);
  memset(c.flags, 0, c.n + 1);
  c.margin = c.n ? ~0u : 0;
  for (size_t i = 0; i < c.n; i++) {
    c.ind[i] = b->src->lines[i].indent;
    if (!b->src->lines[i].blank && c.ind[i] < c.margin)
      c.margin = c.ind[i];
  }
  memset(b->para, 0, (c.n + 1) * sizeof *b->para);
  find_legacy_items(&c);
  count_kinds(&c);
  count_outline_heads(&c);
  count_parts(&c);
  walk_document(&c);
  free(c.kinds); /* only chunks are weighed: not held while the tree grows */
  c.kinds = NULL;
  check_transitions(&c);
  fix_titles(&c);
  escape_lone_double_colons(&c);
  build_tree(&c);
  note_overlong_lines(&c);
  note_deep_nesting(&c);
  for (size_t i = 0; i < c.n; i++)
    if (c.role[i] != LINE_TEXT && c.role[i] != LINE_TITLE)
      b->para[i] = 0;
  t2r_inline_free(c.in);
  free(c.role);
  free(c.ind);
  free(c.flags);
  free(c.slines);
  free(c.sind);
  free(c.titles);
  free(c.styles);
  free(c.style_level);
  free(c.blocks);
}
