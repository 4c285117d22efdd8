/* fuzz_convert.c - fuzz target: any bytes through the single-file
 * conversion.  Every word of the input must be in the output, the
 * output must be UTF-8, and converting it again must change nothing. */
#include "properties.h"
#include "txt2rst.h"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  t2r_result res;
  t2r_result_init(&res);
  if (t2r_convert(fuzz_rules(), (const char *)data, size, &res) == T2R_OK) {
    if (!res.latin1)
      fuzz_check_words((const char *)data, size, res.rst.ptr, res.rst.len);
    fuzz_check_utf8(res.rst.ptr, res.rst.len);
    fuzz_check_idempotent(res.rst.ptr, res.rst.len);
  }
  t2r_result_release(&res);
  return 0;
}
