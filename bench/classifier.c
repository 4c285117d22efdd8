/* classifier.c - the benchmark's ceiling: read a file line by line and
 * match each line against ten typical PCRE2 JIT patterns of a line-oriented
 * converter (underline, bullet, enumeration, indentation, table border,
 * blank, code end, prompt, field, drawing).  Prints the class counts so
 * that the work cannot be optimised away. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const patterns[] = {
    "^([=\\-~^\"'`#*+.:])\\1{3,}\\s*$", "^\\s*[-*+o]\\s+\\S",
    "^\\s*(\\d+|[a-z])[.)]\\s+\\S",     "^(\\s+)\\S",
    "^\\s*[+=][-=+ ]{3,}\\s*$",          "^\\s*$",
    ";\\s*$",                             "^\\s*[$#%]\\s+\\S",
    "^[A-Z][\\w ]{0,30}:\\s+\\S",         "-->|<--|\\|\\s*$"};
#define NPAT (sizeof patterns / sizeof *patterns)

int main(int argc, char **argv) {
  FILE *f = argc > 1 ? fopen(argv[1], "rb") : stdin;
  if (!f)
    return 2;
  pcre2_code *re[NPAT];
  for (size_t k = 0; k < NPAT; k++) {
    int err;
    PCRE2_SIZE off;
    re[k] = pcre2_compile((PCRE2_SPTR)patterns[k], PCRE2_ZERO_TERMINATED,
                          PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &err, &off, NULL);
    if (!re[k] || pcre2_jit_compile(re[k], PCRE2_JIT_COMPLETE))
      return 2;
  }
  pcre2_match_data *md = pcre2_match_data_create(8, NULL);
  size_t counts[NPAT] = {0}, cap = 0;
  char *line = NULL;
  ssize_t n;
  while ((n = getline(&line, &cap, f)) > 0) {
    if (line[n - 1] == '\n')
      n--;
    for (size_t k = 0; k < NPAT; k++)
      counts[k] += pcre2_jit_match(re[k], (PCRE2_SPTR)line, (size_t)n, 0, 0,
                                   md, NULL) >= 0;
  }
  for (size_t k = 0; k < NPAT; k++)
    fprintf(stderr, "%zu%c", counts[k], k + 1 < NPAT ? ' ' : '\n');
  free(line);
  pcre2_match_data_free(md);
  for (size_t k = 0; k < NPAT; k++)
    pcre2_code_free(re[k]);
  return 0;
}
