/* check_rules.c - the rule file format, its errors, and the kernel rules'
 * classes on typical lines, and that their byte prefilters hide nothing. */
#define _XOPEN_SOURCE 700 /* nftw */
#include "testutil.h"

#include "lexer.h"
#include "rules.h"

#include "buf.h"
#include "fileio.h"

#include <check.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Loads 'text' as a rule file; returns 0 or -1 and the first message. */
static int load(const char *text, char *msg, size_t cap) {
  t2r_rules *r = t2r_rules_new();
  t2r_diags d;
  t2r_diags_init(&d);
  int rc = t2r_rules_add_text(r, "x.rules", text, strlen(text), &d);
  snprintf(msg, cap, "%s", d.len ? d.items[0].text : "");
  t2r_diags_release(&d);
  t2r_rules_free(r);
  return rc;
}

/* Rules read from 'text', a good rule file. */
static t2r_rules *good_rules(const char *text) {
  t2r_rules *r = t2r_rules_new();
  t2r_diags d;
  t2r_diags_init(&d);
  ck_assert_int_eq(t2r_rules_add_text(r, "x.rules", text, strlen(text), &d), 0);
  t2r_diags_release(&d);
  return r;
}

static const struct {
  const char *text, *message;
} bad_files[] = {
    {"rule a\n  class code\n  match (x\n  why w\n",
     "x.rules:3: bad pattern: missing closing parenthesis at offset 2"},
    {"rule a\n  class codez\n", "x.rules:2: unknown class"},
    {"rule a\n  class code promptz\n", "x.rules:2: unknown class"},
    {"rule a\n  class code\n  why w\n", "x.rules:1: rule has no 'match'"},
    {"rule a\n  match x\n  why w\n", "x.rules:1: rule has no 'class'"},
    {"rule a\n  class code\n  match x\n", "x.rules:1: rule has no 'why'"},
    {"  class code\n", "x.rules:1: key outside a rule"},
    {"rule a\n  colour red\n", "x.rules:2: unknown key"},
    {"rule a\n  class\n", "x.rules:2: key without a value"},
    {"rules a\n", "x.rules:1: expected 'rule NAME'"},
    {"rule a\n  class code\n  match x\n  match y\n",
     "x.rules:4: second 'match' in one rule"},
    {"rule a\n  class code\n  match x\n  needs \\q\n  why w\n",
     "x.rules:4: bad escape in 'needs'"},
    {"test common-parts\n  match x\n  why w\n", "x.rules:1: unknown test"},
    {"test common-part\n  class code\n",
     "x.rules:2: a test has only 'match' and 'why'"},
    {"test statement\n  match x\n  needs x\n",
     "x.rules:3: a test has only 'match' and 'why'"},
    {"test introduces\n  why w\n", "x.rules:1: rule has no 'match'"},
    {"test\n", "x.rules:1: expected 'rule NAME', 'test NAME'"},
};

START_TEST(rules_reject_bad_file) {
  char msg[256];
  ck_assert_int_eq(load(bad_files[_i].text, msg, sizeof msg), -1);
  ck_assert_msg(!strncmp(msg, bad_files[_i].message,
                         strlen(bad_files[_i].message)),
                "got \"%s\", want \"%s...\"", msg, bad_files[_i].message);
}
END_TEST

START_TEST(rules_accept_good_file) {
  char msg[256];
  ck_assert_int_eq(load("# comment\n\nrule a\n  class art\n  match ^\\|\n"
                        "  why a pipe\n",
                        msg, sizeof msg),
                   0);
}
END_TEST

/* A file refused halfway adds none of its rules, also not those before
 * the error. */
START_TEST(rules_refused_file_adds_nothing) {
  t2r_rules *r = t2r_rules_new();
  t2r_diags d;
  t2r_diags_init(&d);
  static const char good[] = "rule a\n  class code\n  match x\n  why w\n";
  static const char half[] = "rule b\n  class code\n  match y\n  why w\n"
                             "rule c\n  class codez\n";
  ck_assert_int_eq(t2r_rules_add_text(r, "a.rules", good, strlen(good), &d), 0);
  ck_assert_int_eq(t2r_rules_add_text(r, "b.rules", half, strlen(half), &d), -1);
  ck_assert_uint_eq(t2r_rules_count(r), 1);
  t2r_matcher *m = t2r_matcher_new(r);
  const char *name;
  ck_assert_uint_eq(t2r_rules_classify(m, "x", 1, &name), T2R_TEXT_CODE);
  ck_assert_uint_eq(t2r_rules_classify(m, "y", 1, &name), 0); /* rule b */
  t2r_matcher_free(m);
  t2r_diags_release(&d);
  t2r_rules_free(r);
}
END_TEST

static const struct {
  const char *line;
  unsigned want, reject;
} lines[] = {
    {"  S Addr Wr [A] Data [A] Data [A] ... [A] Data [A] P", T2R_TEXT_CODE, 0},
    {"S Addr Rd [A] [DataLow] A [DataHigh] NA P", T2R_TEXT_CODE, 0},
    {"    client. Setting this flag treats any [NA] as [A], and all of", 0,
     T2R_TEXT_CODE},
    {"        T-Com Sinus 721X[A] [SE]", 0, T2R_TEXT_CODE},
    {"size == 8 for the rest.", 0, T2R_TEXT_CODE},
    {"\tkeyctl search @s asymmetric id:5acc2142", T2R_TEXT_CODE, 0},
    {"  brctl addbr br0", T2R_TEXT_CODE, 0},
    {"  ifconfig eth0 up", T2R_TEXT_CODE, 0},
    {"  lspci lists devices in this order.", 0, T2R_TEXT_CODE},
    {"  blockdev must be able to provide a contiguous run", 0, T2R_TEXT_CODE},
    {"\tiwconfig eth1 power off    Disables radio power down", 0,
     T2R_TEXT_CODE},
    {"keyctl search @s asymmetric id:5acc2142", 0, T2R_TEXT_CODE},
    {"5.4.1 (2023-01-11)", 0, T2R_TEXT_CODE},
    {"Copyright (C) 2016, Intel Corporation", T2R_TEXT_FIELD, 0},
    {"Copyright holders may change it", 0, T2R_TEXT_FIELD},
    {"                 CONFIG_SYS_DFU_DATA_BUF_SIZE (8MiB by default)", 0,
     T2R_TEXT_CODE},
    {"\tt_mr (for inverted text)", T2R_TEXT_CODE, 0},
    {"sizeof (struct foo)", T2R_TEXT_CODE, 0},
    {"0 (lowest speed) to 255 (full speed)", 0, T2R_TEXT_CODE},
    {"0 = FADump is disabled", T2R_TEXT_CODE, 0},
    {"init_timer (&timer);", T2R_TEXT_CODE, 0},
    {"\tU-Boot # mmc rescan", T2R_TEXT_CODE | T2R_TEXT_PROMPT, 0},
    {"  U-Boot> saveenv", T2R_TEXT_CODE | T2R_TEXT_PROMPT, 0},
    {"  Issue # 5 is fixed in U-Boot", 0, T2R_TEXT_PROMPT},
    /* a clause of a sentence ending in ';' is prose; a declaration,
     * an assignment, a call or two statements are code */
    {". fast retrieval of WEB pages and embedded objects;", 0, T2R_TEXT_CODE},
    /* a file's mode as ls -l prints it is code; a rule of dashes is not */
    {"-rw-r--r-- 1 root root 282 2010-10-05 03:22 Kbuild", T2R_TEXT_CODE, 0},
    {"drwxr-xr-x 2 root root 4096 2010-10-05 03:23 .", T2R_TEXT_CODE, 0},
    {"\t\t\t-rw-------", T2R_TEXT_CODE, 0},
    {"----------", 0, T2R_TEXT_CODE},
    /* an INI file's setting is code; a clause with '=' is not */
    {"    server min protocol = NT1", T2R_TEXT_CODE, 0},
    {"    unix extension = yes        # default", T2R_TEXT_CODE, 0},
    {"\tread only = no", T2R_TEXT_CODE, 0},
    {"    and prev_cpu = 0.", 0, T2R_TEXT_CODE},
    {"       otherwise expression = val2", 0, T2R_TEXT_CODE},
    {"[mandatory]", 0, T2R_TEXT_CODE},
    /* a record of inittab or passwd is code; a URL in a sentence is not */
    {"S1:23:respawn:/sbin/getty -L ttyS1 9600 vt100", T2R_TEXT_CODE, 0},
    {"\t\tbye::1000:1000:Outlogger:/bin:echo Bye", T2R_TEXT_CODE, 0},
    {"See http://x.org/a:b for the rest of the notes", 0, T2R_TEXT_CODE},
    /* a clause may end in a number */
    {"If a user executes steps 1 and 3 above without executing step 2;", 0,
     T2R_TEXT_CODE},
    {"\tif (x) return 2;", T2R_TEXT_CODE, 0},
    {"- perform dcache hash name lookups on (parent, name) tuples;", 0,
     T2R_TEXT_CODE},
    {"\tunsigned long flags;", T2R_TEXT_CODE, 0},
    {"\tint size_of_the_buffer;", T2R_TEXT_CODE, 0},
    {"\tlen = size of the header;", T2R_TEXT_CODE, 0},
    {"\tprintk(\"in the end\");", T2R_TEXT_CODE, 0},
    {"\tif (a) return; else is_the_end();", T2R_TEXT_CODE, 0},
    {"\treturn the_value; /* of the call */", T2R_TEXT_CODE, 0},
    {"|>fastboot getvar bootloader-version", T2R_TEXT_CODE, 0},
    {"|OKAY [  2.766s]", T2R_TEXT_CODE, 0},
    {"|bars| are tags in a help file", 0, T2R_TEXT_CODE},
    {"=> diag cpu cache", T2R_TEXT_CODE, 0},
    {"RedBoot> fis free", T2R_TEXT_CODE, 0},
    {"U-Boot> help", T2R_TEXT_CODE, 0},
    {"    => larger contiguous physical memory buffers", 0, T2R_TEXT_CODE},
    {"Press-> Press -> Release", 0, T2R_TEXT_CODE},
    {"| a line of a line block", 0, T2R_TEXT_CODE},
    {"   { \"execute\": \"block_set_io_throttle\",", T2R_TEXT_CODE, 0},
    {"        \"iops\": 100,", T2R_TEXT_CODE, 0},
    {"     \"arguments\": {", T2R_TEXT_CODE, 0},
    {"\"Quoted\": as the man said, words follow.", 0, T2R_TEXT_CODE},
    {"#include <linux/module.h>", T2R_TEXT_CODE, T2R_TEXT_PROSE},
    {"\tspin_lock(&lock);", T2R_TEXT_CODE, 0},
    {"struct foo {", T2R_TEXT_CODE, 0},
    {"static int foo_probe(struct device *dev)", T2R_TEXT_CODE, 0},
    {"# echo 1 > /proc/sys/vm/drop_caches", T2R_TEXT_CODE | T2R_TEXT_PROMPT,
     0}, /* a statement's rule (';') does not hide the prompt */
    {"# echo 1 > /proc/sys/vm/drop_caches;", T2R_TEXT_CODE | T2R_TEXT_PROMPT,
     0},
    {"$ make menuconfig", T2R_TEXT_CODE | T2R_TEXT_PROMPT, 0},
    {"echo 1 > /proc/sys/vm/drop_caches", T2R_TEXT_CODE, T2R_TEXT_PROMPT},
    {"~/src/cgroupstats # ./getdelays -C /sys/fs/cgroup", T2R_TEXT_CODE, 0},
    {"#", T2R_TEXT_CODE, 0}, /* a prompt alone, ending a transcript */
    {"/sys/kernel/debug/x86/tlb_single_page_flush_ceiling", 0, T2R_TEXT_CODE},
    {"\t/sys/kernel/debug/x86/tlb_single_page_flush_ceiling", T2R_TEXT_CODE,
     0}, /* a path alone on an indented line */
    {"  ~/.vim/after/syntax/c/one.vim", T2R_TEXT_CODE, 0},
    {"   /mem", 0, T2R_TEXT_CODE}, /* one part: a term over its text */
    {"\t\t\t/sys/fs/selinux/checkreqprot.", 0, T2R_TEXT_CODE},
    {"\tmknod ttySA0 c 204 5", T2R_TEXT_CODE, 0}, /* a node's numbers */
    {"0x0037 0x0000 0x0037 0x0000 0x0037 0x0000", T2R_TEXT_CODE, 0},
    {"The full API (atomic64\\_ and atomic\\_long\\_ prefixes) is here",
     T2R_TEXT_PROSE, 0}, /* escaped marks, as a conversion leaves them */
    {"  make headers_install ARCH=i386 INSTALL_HDR_PATH=/usr", T2R_TEXT_CODE, 0},
    {"CONFIG_FOO=y", T2R_TEXT_CODE, 0},
    {"\tobj-m := <module_name>.o", T2R_TEXT_CODE, 0}, /* make's := and ?= */
    {"  8123-y := 8123_if.o 8123_pci.o", T2R_TEXT_CODE, 0},
    {"KDIR ?= /lib/modules/`uname -r`/build", T2R_TEXT_CODE, 0},
    {"Example: foo := bar", 0, T2R_TEXT_CODE},
    {"obj-$(CONFIG_PHY_EXYNOS4210_USB2)       += phy-exynos4210-usb2.o",
     T2R_TEXT_CODE, 0}, /* make's variable named by another */
    {"29 May 1999", T2R_TEXT_DATE, 0},
    {"2004-10-09", T2R_TEXT_DATE, 0},
    {"  May 29th, 1999", T2R_TEXT_DATE, 0},
    {"27-Dec-2002", T2R_TEXT_DATE, 0},
    {"2008-Mar-7", T2R_TEXT_DATE, 0},
    {"1-2-2002", 0, T2R_TEXT_DATE},
    {"Conexant 5045", 0, T2R_TEXT_DATE},
    {"29 May 1999 was the day", 0, T2R_TEXT_DATE},
    {"config MODULES", T2R_TEXT_CODE, 0}, /* Kconfig */
    {"\tbool \"Enable loadable module support\"", T2R_TEXT_CODE, 0},
    {"\tdepends on !MODULES", T2R_TEXT_CODE, 0},
    {"\tselect HAVE_GENERIC_IOMAP if FOO", T2R_TEXT_CODE, 0},
    {"\tdefault y if BAR", T2R_TEXT_CODE, 0},
    {"\trange 0 32", T2R_TEXT_CODE, 0},
    {"\tstring", T2R_TEXT_CODE, 0},
    {"int", 0, T2R_TEXT_CODE}, /* a term, not an entry's type */
    {"config file", 0, T2R_TEXT_CODE},
    {"depends on the size of the buffer, as the text says.", 0,
     T2R_TEXT_CODE},
    {"\t\t\t\trange of lines.", 0, T2R_TEXT_CODE}, /* vim's wrapped text */
    {"\t\tdefault \"https://is.gd/\"", 0, T2R_TEXT_CODE},
    {"\techo add grand.central.org 18.9.48.14 >/proc/fs/afs/cells",
     T2R_TEXT_CODE, 0}, /* a redirection after plain arguments */
    {"  ip link add link wwan0 name wwan0.3 type vlan id 3", T2R_TEXT_CODE,
     0}, /* a subcommand */
    {" setfattr -n ceph.quota.max_bytes -v 100000000 /some/dir",
     T2R_TEXT_CODE, 0},
    {"cat the log before you report a problem.", 0, T2R_TEXT_CODE},
    {"modprobe will load ``parport_pc`` (with the options ``io=0x378 "
     "irq=7,auto``)", 0, T2R_TEXT_CODE}, /* RST prose about a command */
    {"  nvme_should_fail+0x2f/0x50 [nvme_core]", T2R_TEXT_CODE, 0},
    {"  ? __schedule+0x1e/0x40", T2R_TEXT_CODE, 0}, /* backtrace frames */
    {"  <IRQ>", T2R_TEXT_CODE, 0},
    {"a+0x1 is an offset in the text", 0, T2R_TEXT_CODE},
    {"[1] (Original descriptions of behavior A & behavior B)", 0,
     T2R_TEXT_CODE}, /* a reference, not a call */
    {"foo (bar, baz)", T2R_TEXT_CODE, 0},
    {" /sbin/ifconfig lt0 127.0.0.42", T2R_TEXT_CODE, 0}, /* a program */
    {"/usr/bin/espeakup", T2R_TEXT_CODE, 0},
    {"/sbin/request-key what program to run to instantiate the key.", 0,
     T2R_TEXT_CODE}, /* a sentence about it */
    {"     /sbin/request-key will be invoked in an attempt to obtain a key. "
     "The",
     0, T2R_TEXT_CODE},
    {"\tfconfig -i", T2R_TEXT_CODE, 0}, /* a program and its option */
    {"\tvim -d file1 file2 [file3 [file4]]", T2R_TEXT_CODE, 0},
    {"\tor --import-marks-if-exists command-line option overrides", 0,
     T2R_TEXT_CODE}, /* a wrapped sentence's line */
    {" to -deadline tasks is similar to the one already used for -rt", 0,
     T2R_TEXT_CODE},
    {"   +-------+     +-------+", T2R_TEXT_ART, 0},
    {"   |  CPU  | --> |  MEM  |", T2R_TEXT_ART, 0},
    {"\t[package 0] -> [core 0] -> [thread 0] -> Linux CPU 0", T2R_TEXT_ART,
     0}, /* boxes in brackets and arrows */
    {"\t\t    -> [core 1] -> [thread 0] -> Linux CPU 1", T2R_TEXT_ART, 0},
    {"  created  -> running -> ready -> concluded", T2R_TEXT_ART, 0},
    {"\t\tA -> B -> C", T2R_TEXT_ART, 0},
    {"  based RF kill from ON -> OFF -> ON, the radio will NOT come back", 0,
     T2R_TEXT_ART}, /* a chain in a sentence */
    {"The method in order of preference is IRQ -> Poll -> None, which", 0,
     T2R_TEXT_ART}, /* arrows in a sentence */
    {"\t-> Device Drivers", 0, T2R_TEXT_ART}, /* a menu path */
    {"\t=> setenv ncip 192.168.1.1", T2R_TEXT_PROMPT, 0}, /* U-Boot's */
    {"\t=> saveenv", T2R_TEXT_PROMPT, 0},
    {"    => larger contiguous physical memory buffers", 0, T2R_TEXT_CODE},
    {"This is an ordinary sentence of running text.", T2R_TEXT_PROSE,
     T2R_TEXT_CODE},
    {" - You can't modify  the set-uid bits or the uid", T2R_TEXT_PROSE, 0},
    {"* Write the value you want to the file", T2R_TEXT_PROSE, 0},
    {"NOTE: the driver must be loaded first.", T2R_TEXT_ADMONITION, 0},
    {"Author: Jane Doe <jane@example.org>", T2R_TEXT_FIELD, 0},
    {"Author & Maintainer:\tMiguel Ojeda Sandonis", T2R_TEXT_FIELD, 0},
    {"Authors and maintainers: see MAINTAINERS", T2R_TEXT_FIELD, 0},
    {"Author and reviewer: Jane", 0, T2R_TEXT_FIELD}, /* no known pair */
    {"== A wiki heading ==", T2R_TEXT_HEADING, 0},
    {"= A document's wiki title =", T2R_TEXT_HEADING, 0},
    {"=  Adaptec Ultra320 Family  =", T2R_TEXT_HEADING, 0}, /* a box's */
    {"= 1 =", 0, T2R_TEXT_HEADING},
    {"qemu -drive file=disk1.img,if=none,id=disk1", T2R_TEXT_CODE, 0},
    {"\tfis init -f", T2R_TEXT_CODE, 0},
    {"\tifconfig scc0 44.128.1.1 hw ax25 dl0tha-7", T2R_TEXT_CODE, 0},
    {" kernel with -Werror enabled", 0, T2R_TEXT_CODE},
    {"ping the host at 10.0.0.1 to check it.", 0, T2R_TEXT_CODE},
    {"     -device ide-hd,drive=disk1,bootindex=4", T2R_TEXT_CODE, 0},
    {"Pass -drive file=a.img,if=none to attach the disk.", 0, T2R_TEXT_CODE},
    {"make sure that the device is present", 0, T2R_TEXT_CODE},
    {"sudo apt-get install clang", T2R_TEXT_CODE, 0}, /* a package manager */
    {"dnf -y install orangefs orangefs-server", T2R_TEXT_CODE, 0},
    {"pip install the package named in the list", 0, T2R_TEXT_CODE},
    {"It is focused  on the Intel  x86 hardware,  so if you  are looking",
     T2R_TEXT_PROSE, T2R_TEXT_CODE},
};

START_TEST(rules_classify_line) {
  t2r_matcher *m = t2r_matcher_new(test_rules());
  const char *rule;
  unsigned got = t2r_rules_classify(m, lines[_i].line, strlen(lines[_i].line),
                                    &rule);
  t2r_matcher_free(m);
  ck_assert_msg((got & lines[_i].want) == lines[_i].want,
                "\"%s\": classes %#x lack %#x", lines[_i].line, got,
                lines[_i].want);
  ck_assert_msg(!(got & lines[_i].reject), "\"%s\": classes %#x include %#x",
                lines[_i].line, got, lines[_i].reject);
}
END_TEST

/* A rule may give several classes; a line that has only some of them
 * from an earlier rule still gets the others. */
START_TEST(rules_several_classes) {
  static const char text[] = "rule a\n  class code\n  match ;\n  why w\n"
                             "rule b\n  class  code\tprompt \n  match ^\\$\n"
                             "  why w\n";
  t2r_rules *r = good_rules(text);
  t2r_matcher *m = t2r_matcher_new(r);
  const char *rule;
  ck_assert_uint_eq(t2r_rules_classify(m, "$ a;", 4, &rule),
                    T2R_TEXT_CODE | T2R_TEXT_PROMPT);
  ck_assert_str_eq(rule, "a");
  ck_assert_uint_eq(t2r_rules_classify(m, "a;", 2, &rule), T2R_TEXT_CODE);
  t2r_matcher_free(m);
  t2r_rules_free(r);
}
END_TEST

/* A line without any byte a rule needs never reaches its pattern. */
START_TEST(rules_needs_skip_pattern) {
  static const char text[] =
      "rule x\n  class code\n  match x\n  needs ;\\x7c\n  why w\n";
  t2r_rules *r = good_rules(text);
  t2r_matcher *m = t2r_matcher_new(r);
  const char *rule;
  ck_assert_uint_eq(t2r_rules_classify(m, "x", 1, &rule), 0);
  ck_assert_uint_eq(t2r_rules_classify(m, "x;", 2, &rule), T2R_TEXT_CODE);
  ck_assert_uint_eq(t2r_rules_classify(m, "x|", 2, &rule), T2R_TEXT_CODE);
  t2r_matcher_free(m);
  t2r_rules_free(r);
}
END_TEST

/* A pattern anchored at the line's start is tried only on lines starting
 * with a byte it can start with, as PCRE2 works them out; a blank (a
 * Unicode one in a non-ASCII line) is one of those for "^\s*". */
START_TEST(rules_first_bytes_keep_matches) {
  static const char text[] = "rule x\n  class code\n  match ^\\s*x\n  why w\n";
  t2r_rules *r = good_rules(text);
  t2r_matcher *m = t2r_matcher_new(r);
  const char *rule;
  ck_assert_uint_eq(t2r_rules_classify(m, "x", 1, &rule), T2R_TEXT_CODE);
  ck_assert_uint_eq(t2r_rules_classify(m, "\t x", 3, &rule), T2R_TEXT_CODE);
  ck_assert_uint_eq(t2r_rules_classify(m, "\xc2\xa0x\xc3\xa9", 5, &rule),
                    T2R_TEXT_CODE);
  ck_assert_uint_eq(t2r_rules_classify(m, "y x", 3, &rule), 0);
  t2r_matcher_free(m);
  t2r_rules_free(r);
}
END_TEST

/* Two matchers that must classify every line alike ('what' says how the
 * second's rules differ), on every line of the samples and (when
 * present) the legacy corpus. */
static t2r_matcher *expected, *compared;
static const char *compared_what;
static size_t lines_compared;

static int compare_file(const char *path, const struct stat *st, int type,
                        struct FTW *ftw) {
  (void)st;
  (void)ftw;
  if (type != FTW_F || strstr(path, ".rst"))
    return 0;
  t2r_buf b;
  t2r_buf_init(&b);
  ck_assert_int_eq(t2r_read_file(path, &b), 0);
  for (size_t i = 0; i < b.len;) {
    const char *nl = memchr(b.ptr + i, '\n', b.len - i);
    size_t e = nl ? (size_t)(nl - b.ptr) : b.len;
    const char *r1, *r2;
    unsigned c1 = t2r_rules_classify(expected, b.ptr + i, e - i, &r1);
    unsigned c2 = t2r_rules_classify(compared, b.ptr + i, e - i, &r2);
    ck_assert_msg(c1 == c2, "%s: \"%.*s\": classes %#x, %#x %s", path,
                  (int)(e - i), b.ptr + i, c1, c2, compared_what);
    lines_compared++;
    i = e + 1;
  }
  t2r_buf_release(&b);
  return 0;
}

/* The source tree's rules against 'rules', on every line there is. */
static void compare_all_lines(const t2r_rules *rules, const char *what) {
  expected = t2r_matcher_new(test_rules());
  compared = t2r_matcher_new(rules);
  compared_what = what;
  lines_compared = 0;
  ck_assert_int_eq(nftw(T2R_TEST_SOURCE_DIR "/samples", compare_file, 16, 0), 0);
  nftw(T2R_TEST_SOURCE_DIR "/../shared/corpus/kernel/legacy", compare_file, 16,
       0); /* absent outside the project's workspace */
  ck_assert_uint_gt(lines_compared, 100);
  t2r_matcher_free(expected);
  t2r_matcher_free(compared);
}

/* The kernel rules without their 'needs' lines: a 'needs' that is wrong
 * hides a match. */
START_TEST(rules_needs_hide_no_match) {
  t2r_buf text, stripped;
  t2r_buf_init(&text);
  t2r_buf_init(&stripped);
  ck_assert_int_eq(t2r_read_file(T2R_TEST_SOURCE_DIR "/rules/kernel.rules", &text), 0);
  for (size_t i = 0; i < text.len;) {
    const char *nl = memchr(text.ptr + i, '\n', text.len - i);
    size_t e = nl ? (size_t)(nl - text.ptr) + 1 : text.len;
    if (strncmp(text.ptr + i, "  needs ", 8))
      t2r_buf_put(&stripped, text.ptr + i, e - i);
    i = e;
  }
  t2r_rules *r = t2r_rules_new();
  t2r_diags d;
  t2r_diags_init(&d);
  ck_assert_int_eq(t2r_rules_add_text(r, "stripped", stripped.ptr,
                                      stripped.len, &d), 0);
  compare_all_lines(r, "without needs");
  t2r_diags_release(&d);
  t2r_rules_free(r);
  t2r_buf_release(&text);
  t2r_buf_release(&stripped);
}
END_TEST

/* The rules compiled without machine code (as for a small input) match
 * as those compiled with it. */
START_TEST(rules_interpreted_match_as_compiled) {
  test_rules(); /* compiled to machine code first */
  t2r_set_jit(0);
  ck_assert_int_eq(t2r_use_jit(), 0);
  t2r_rules *r = t2r_rules_new();
  t2r_diags d;
  t2r_diags_init(&d);
  ck_assert_int_eq(
      t2r_rules_add_path(r, T2R_TEST_SOURCE_DIR "/rules", &d), 0);
  t2r_set_jit(1);
  compare_all_lines(r, "interpreted");
  t2r_diags_release(&d);
  t2r_rules_free(r);
}
END_TEST

static const struct {
  t2r_test test;
  const char *text;
  int want;
} tested[] = {
    {T2R_TEST_COMMON_PART, "Introduction", 1},
    {T2R_TEST_COMMON_PART, "OVERVIEW:", 1},
    {T2R_TEST_COMMON_PART, "General Description", 0},
    {T2R_TEST_COMMON_PART, "Introduction to the API", 0},
    {T2R_TEST_STATEMENT, "The HUW_WEBPANEL is a product of Simtec", 1},
    {T2R_TEST_STATEMENT, "[This file is cloned from VesaFB]", 1},
    {T2R_TEST_STATEMENT, "What is RCU?", 0},
    {T2R_TEST_STATEMENT, "Analysis of this island", 0}, /* whole words */
    {T2R_TEST_STATEMENT, "Linux Ethernet Bonding Driver HOWTO", 0},
    {T2R_TEST_SENTENCE_WORD, "This file describes the driver", 1},
    {T2R_TEST_SENTENCE_WORD, "The driver Supports two modes", 1},
    {T2R_TEST_SENTENCE_WORD, "IDE ATAPI streaming tape driver", 0},
    {T2R_TEST_SENTENCE_WORD, "Seeing notes", 0}, /* whole words only */
    {T2R_TEST_INTRODUCES, "The supported ioctls are:", 1},
    {T2R_TEST_INTRODUCES, "Amiga -> Linux:", 1},
    {T2R_TEST_INTRODUCES, "TCP variables:", 0},
    {T2R_TEST_INTRODUCES, "Users:", 0},
    {T2R_TEST_RST_MARKUP, ".. note::", 1},
    {T2R_TEST_RST_MARKUP, ".. code-block:: c", 1},
    {T2R_TEST_RST_MARKUP, ".. c:function:: int f(void)", 1},
    {T2R_TEST_RST_MARKUP, ".. |logo| image:: logo.png", 1},
    {T2R_TEST_RST_MARKUP, ".. _selftests: https://x.org/", 1},
    {T2R_TEST_RST_MARKUP, ".. _intro:", 1},
    {T2R_TEST_RST_MARKUP, ".. plain words", 0},  /* a comment: legacy too */
    {T2R_TEST_RST_MARKUP, ".. Table of Contents", 0},
    {T2R_TEST_RST_MARKUP, ".. [1] A footnote", 0},
    {T2R_TEST_RST_MARKUP, ".. __:http://x.org/", 0}, /* no blank: text */
    {T2R_TEST_RST_MARKUP, ".. note::first", 0},
    {T2R_TEST_RST_MARKUP, "... and so on::", 0},
};

/* The kernel rules' tests, on the text the structural code asks about. */
START_TEST(rules_test_text) {
  t2r_matcher *m = t2r_matcher_new(test_rules());
  const char *t = tested[_i].text;
  ck_assert_msg(t2r_rules_test(m, tested[_i].test, t, strlen(t)) ==
                    tested[_i].want,
                "test %d on \"%s\": want %d", (int)tested[_i].test, t,
                tested[_i].want);
  t2r_matcher_free(m);
}
END_TEST

/* A later file's test of a name adds to the earlier's; a test no file
 * defines never matches, and tests give lines no class. */
START_TEST(rules_tests_add_up) {
  t2r_rules *r = good_rules("test common-part\n  match ^Intro$\n  why w\n"
                            "test common-part\n  match ^Scope$\n  why w\n");
  t2r_matcher *m = t2r_matcher_new(r);
  const char *name;
  ck_assert_int_eq(t2r_rules_test(m, T2R_TEST_COMMON_PART, "Intro", 5), 1);
  ck_assert_int_eq(t2r_rules_test(m, T2R_TEST_COMMON_PART, "Scope", 5), 1);
  ck_assert_int_eq(t2r_rules_test(m, T2R_TEST_COMMON_PART, "Usage", 5), 0);
  ck_assert_int_eq(t2r_rules_test(m, T2R_TEST_STATEMENT, "Intro", 5), 0);
  ck_assert_uint_eq(t2r_rules_classify(m, "Intro", 5, &name), 0);
  ck_assert_ptr_null(name);
  t2r_matcher_free(m);
  t2r_rules_free(r);
}
END_TEST

int main(void) {
  Suite *s = suite_create("rules");
  TCase *tc = tcase_create("core");
  tcase_add_loop_test(tc, rules_reject_bad_file, 0,
                      (int)(sizeof bad_files / sizeof *bad_files));
  tcase_add_test(tc, rules_accept_good_file);
  tcase_add_test(tc, rules_refused_file_adds_nothing);
  tcase_add_test(tc, rules_several_classes);
  tcase_add_loop_test(tc, rules_classify_line, 0,
                      (int)(sizeof lines / sizeof *lines));
  tcase_add_test(tc, rules_needs_skip_pattern);
  tcase_add_test(tc, rules_first_bytes_keep_matches);
  tcase_add_test(tc, rules_needs_hide_no_match);
  tcase_add_test(tc, rules_interpreted_match_as_compiled);
  tcase_add_loop_test(tc, rules_test_text, 0,
                      (int)(sizeof tested / sizeof *tested));
  tcase_add_test(tc, rules_tests_add_up);
  tcase_set_timeout(tc, 60);
  suite_add_tcase(s, tc);
  return test_run(s);
}
