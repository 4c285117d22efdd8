/* fuzz_index.c - fuzz target: any bytes as an 00-INDEX, turned into an
 * index.rst, then given a toctree entry.  Every word of the input must
 * be in the index.rst, which must be UTF-8 and convert to itself; adding
 * an entry twice must change the text once. */
#include "index.h"
#include "properties.h"
#include "txt2rst.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Half the listed names exist, decided by the name so that a run is
 * reproducible. */
static int exists_by_length(void *ctx, const char *name) {
  (void)ctx;
  return strlen(name) % 2 == 0;
}

static void check_toctree_add(const t2r_buf *rst) {
  t2r_buf text;
  t2r_buf_init(&text);
  t2r_buf_put(&text, rst->ptr, rst->len);
  t2r_toctree_add(&text, "fuzz-entry");
  size_t len = text.len;
  if (t2r_toctree_add(&text, "fuzz-entry") != 0 || text.len != len) {
    fprintf(stderr, "a toctree entry was added twice\n");
    abort();
  }
  t2r_buf_release(&text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  t2r_result res;
  t2r_result_init(&res);
  if (t2r_convert_index(fuzz_rules(), "dir/00-INDEX", (const char *)data,
                        size, exists_by_length, NULL, &res) == T2R_OK) {
    if (!res.latin1)
      fuzz_check_words((const char *)data, size, res.rst.ptr, res.rst.len);
    fuzz_check_utf8(res.rst.ptr, res.rst.len);
    fuzz_check_idempotent(res.rst.ptr, res.rst.len);
    check_toctree_add(&res.rst);
  }
  t2r_result_release(&res);
  return 0;
}
