/* properties.h - what every fuzz target checks besides "no crash": the
 * converter's promises, each aborting (so the fuzzer keeps the input)
 * when broken. */
#ifndef T2R_FUZZ_PROPERTIES_H
#define T2R_FUZZ_PROPERTIES_H
#include "rules.h"
#include <stddef.h>

/* The default rules, loaded once. */
const t2r_rules *fuzz_rules(void);

/* Aborts when a word of 'in' is missing from 'out'.  Case and backslashes
 * do not count (the converter changes case in admonitions and adds or
 * doubles backslashes), nor a lone "o" (an "o" bullet becomes "-"). */
void fuzz_check_words(const char *in, size_t in_len, const char *out,
                      size_t out_len);

/* Aborts when the output is not valid UTF-8: input that is not UTF-8 is
 * read as Latin-1 and transcoded, and no edit may split a character. */
void fuzz_check_utf8(const char *out, size_t len);

/* Aborts when converting 'rst' again changes it. */
void fuzz_check_idempotent(const char *rst, size_t len);

#endif
