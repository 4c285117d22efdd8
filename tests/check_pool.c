/* check_pool.c - t2r_make_all: the results of one process, whatever the
 * copies do. */
#define _POSIX_C_SOURCE 200809L
#include "testutil.h"

#include "pool.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ITEMS 100

static pid_t parent;
static unsigned made_here; /* makes run by the calling process */

/* How a make behaves in a copy (a forked process). */
static enum { COPY_WORKS, COPY_FAILS, COPY_DIES } in_copy;

static int make_item(void *ctx, size_t i, t2r_buf *out) {
  size_t fail_at = *(size_t *)ctx;
  if (getpid() == parent)
    made_here++;
  else if (in_copy == COPY_FAILS)
    return 7;
  else if (in_copy == COPY_DIES && i > 10)
    _exit(1);
  if (i == fail_at)
    return 5;
  t2r_buf_printf(out, "item %zu", i);
  return 0;
}

/* Runs make_all over ITEMS on 'workers'; returns its value. */
static int run(unsigned workers, size_t fail_at, t2r_buf *out) {
  parent = getpid();
  made_here = 0;
  for (size_t i = 0; i < ITEMS; i++)
    t2r_buf_init(&out[i]);
  return t2r_make_all(ITEMS, workers, make_item, &fail_at, out);
}

static void assert_all_made(t2r_buf *out) {
  char want[32];
  for (size_t i = 0; i < ITEMS; i++) {
    snprintf(want, sizeof want, "item %zu", i);
    ck_assert_str_eq(out[i].ptr, want);
    t2r_buf_release(&out[i]);
  }
}

START_TEST(copies_make_their_share) {
  t2r_buf out[ITEMS];
  in_copy = COPY_WORKS;
  ck_assert_int_eq(run(4, ITEMS, out), 0);
  ck_assert_uint_eq(made_here, ITEMS / 4); /* 0, 4, 8, ... */
  assert_all_made(out);
}
END_TEST

START_TEST(one_worker_makes_all_in_order) {
  t2r_buf out[ITEMS];
  in_copy = COPY_FAILS; /* no copy is made */
  ck_assert_int_eq(run(1, ITEMS, out), 0);
  ck_assert_uint_eq(made_here, ITEMS);
  assert_all_made(out);
}
END_TEST

START_TEST(what_a_failing_copy_leaves_is_made_here) {
  t2r_buf out[ITEMS];
  in_copy = COPY_FAILS;
  ck_assert_int_eq(run(3, ITEMS, out), 0);
  ck_assert_uint_eq(made_here, ITEMS);
  assert_all_made(out);
}
END_TEST

START_TEST(what_a_dying_copy_leaves_is_made_here) {
  t2r_buf out[ITEMS];
  in_copy = COPY_DIES; /* each copy hands back what it made up to 10 */
  ck_assert_int_eq(run(2, ITEMS, out), 0);
  ck_assert_uint_eq(made_here, ITEMS / 2 + (ITEMS / 2 - 5));
  assert_all_made(out);
}
END_TEST

START_TEST(the_first_failure_is_returned) {
  t2r_buf out[ITEMS];
  in_copy = COPY_WORKS;
  ck_assert_int_eq(run(3, 41, out), 5); /* 41 is a copy's: made again */
  ck_assert_str_eq(out[40].ptr, "item 40");
  for (size_t i = 0; i < ITEMS; i++)
    t2r_buf_release(&out[i]);
}
END_TEST

int main(void) {
  Suite *s = suite_create("pool");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, copies_make_their_share);
  tcase_add_test(tc, one_worker_makes_all_in_order);
  tcase_add_test(tc, what_a_failing_copy_leaves_is_made_here);
  tcase_add_test(tc, what_a_dying_copy_leaves_is_made_here);
  tcase_add_test(tc, the_first_failure_is_returned);
  suite_add_tcase(s, tc);
  return test_run(s);
}
