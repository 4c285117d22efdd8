/* pcresetup.h - PCRE2 set up as this library uses it. */
#ifndef T2R_PCRESETUP_H
#define T2R_PCRESETUP_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

/* The contexts every pattern is compiled with and all match data made
 * from, made once for the process and shared (PCRE2 only reads them).
 * They give PCRE2 this library's allocator: PCRE2 never sees an
 * allocation fail (libpcre2 10.42's JIT compiler crashes when one fails
 * inside it, which the compiled pattern's memory functions also serve);
 * memory running out ends the job as anywhere else (t2r_guard_memory).
 * So a caller must hold no lock while it compiles or makes match data. */
pcre2_compile_context *t2r_pcre2_compile_context(void);
pcre2_general_context *t2r_pcre2_general_context(void);

#endif
