/* check_blocks.c - what the structural rules do to small documents.
 * Every expected output was written by hand and is valid RST; each case
 * is also converted twice to check that the output is a fixed point. */
#include "testutil.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TABS8 "\t\t\t\t\t\t\t\t"

static const struct {
  const char *name, *in, *want;
} cases[] = {
    {"doc title gets over+under", "Title\n=====\n\nText.\n",
     "=====\nTitle\n=====\n\nText.\n"},
    {"lone first line is the doc title", "My Driver\n\nIt does things.\n",
     "=========\nMy Driver\n=========\n\nIt does things.\n"},
    {"section styles kept", "Doc\n===\n\nA\n---\n\ntext\n\nB\n---\n\nmore\n",
     "===\nDoc\n===\n\nA\n---\n\ntext\n\nB\n---\n\nmore\n"},
    {"short underline lengthened",
     "Doc\n===\n\nLong section\n------\n\ntext\n",
     "===\nDoc\n===\n\nLong section\n------------\n\ntext\n"},
    {"indented title dedented", "Doc\n===\n\n  Part\n  ----\n\ntext\n",
     "===\nDoc\n===\n\nPart\n----\n\ntext\n"},
    {"level jump clamped",
     "Doc\n===\n\nA\n---\n\nx\n\nB\n~~~\n\ny\n\nC\n^^^\n\nz\n\nD\n---\n\nw\n"
     "\nE\n^^^\n\nlast\n",
     "===\nDoc\n===\n\nA\n---\n\nx\n\nB\n~~~\n\ny\n\nC\n^^^\n\nz\n\nD\n---\n\nw\n"
     "\nE\n~~~\n\nlast\n"},
    {"numbered headings adorned",
     "Doc\n===\n\n1. Intro\n\nText.\n\n2. Usage\n\nMore.\n",
     "===\nDoc\n===\n\n1. Intro\n========\n\nText.\n\n2. Usage\n========\n\n"
     "More.\n"},
    {"doc title style reused below numbered sections: numbers decide",
     "CPUSETS\n-------\n\n1. Cpusets\n==========\n\ntext\n\n1.1 What\n"
     "--------\n\nx\n\n2. Usage\n========\n\ny\n",
     "=======\nCPUSETS\n=======\n\n1. Cpusets\n==========\n\ntext\n\n"
     "1.1 What\n--------\n\nx\n\n2. Usage\n========\n\ny\n"},
    {"doc title style reused by the sections",
     "Doc\n===\n\n1. One\n======\n\na\n\n1.1 Sub\n-------\n\nb\n",
     "===\nDoc\n===\n\n1. One\n======\n\na\n\n1.1 Sub\n-------\n\nb\n"},
    {"a numbered title goes beside its predecessor, whatever its style",
     "Intro text.\n\n1. Alpha\n--------\n\nx\n\n1.1 Beta\n========\n\n"
     "y\n\n2. Gamma\n========\n\nz\n",
     "Intro text.\n\n1. Alpha\n--------\n\nx\n\n1.1 Beta\n========\n\n"
     "y\n\n2. Gamma\n--------\n\nz\n"},
    {"a heading's number is no word of it: ten words and a number head",
     "Title\n=====\n\nIntro text here.\n\n\n1. Restrictions of the "
     "returning value of the LID control method\n\nText one.\n\n2. "
     "Restrictions of the lid state change notifications\n\nText two.\n",
     "=====\nTitle\n=====\n\nIntro text here.\n\n\n1. Restrictions of the "
     "returning value of the LID control method\n"
     "================================================================\n\n"
     "Text one.\n\n2. Restrictions of the lid state change notifications\n"
     "=====================================================\n\nText two.\n"},
    {"numbered titles adorned alike stay level",
     "Doc\n===\n\n1. A\n----\n\nx\n\n1.1 B\n-----\n\ny\n",
     "===\nDoc\n===\n\n1. A\n----\n\nx\n\n1.1 B\n-----\n\ny\n"},
    {"1.0 numbers a chapter as a whole",
     "Doc\n===\n\n1.0 Intro\n---------\n\nx\n\n1.1 More\n~~~~~~~~\n\n"
     "y\n\n2.0 Next\n~~~~~~~~\n\nz\n",
     "===\nDoc\n===\n\n1.0 Intro\n---------\n\nx\n\n1.1 More\n~~~~~~~~"
     "\n\ny\n\n2.0 Next\n--------\n\nz\n"},
    {"a first line saying something of its subject is no document title",
     "pci-test is a device used for testing low level IO\n\n"
     "device implements up to two BARs.\n",
     "pci-test is a device used for testing low level IO\n\n"
     "device implements up to two BARs.\n"},
    {"a first line asking a question is the document title",
     "What is RCU?\n\nText here.\n",
     "============\nWhat is RCU?\n============\n\nText here.\n"},
    {"a numbered first line is a section, not the document title",
     "1. Control Interfaces\n\nText here.\n\n1.1 SO_TIMESTAMP\n\nMore.\n",
     "1. Control Interfaces\n=====================\n\nText here.\n\n"
     "1.1 SO_TIMESTAMP\n----------------\n\nMore.\n"},
    {"a target kept as text defines no name: its reference is escaped",
     "Doc\n===\n\nterm\n  .. _there: see there_\n",
     "===\nDoc\n===\n\nterm\n  \\.. _there: see there\\_\n"},
    {"'::' before a title introduces nothing: escaped",
     "Doc\n===\n\nRun this::\n\nSetup\n-----\n\nText.\n",
     "===\nDoc\n===\n\nRun this\\::\n\nSetup\n-----\n\nText.\n"},
    {"'::' ending the document or an item introduces nothing: escaped",
     "Doc\n===\n\n- item::\n\n- next item\n\nThe end::\n",
     "===\nDoc\n===\n\n- item\\::\n\n- next item\n\nThe end\\::\n"},
    {"an escaped '::' line first in the document is no title",
     "Setup::\n\ntext here\n", "Setup\\::\n\ntext here\n"},
    {"a line over an escaped bare '::' is no title",
     "Usage\n\n::\n", "Usage\n\n\\::\n"},
    {"a list right under '::' is no quoted literal block: '::' escaped",
     "Doc\n===\n\nThe options::\n\n- one\n- two\n",
     "===\nDoc\n===\n\nThe options\\::\n\n- one\n- two\n"},
    {"an escaped '::' stays as it is", "Doc\n===\n\nEnd \\::\n\ntext\n",
     "===\nDoc\n===\n\nEnd \\::\n\ntext\n"},
    {"a log a paragraph ending in ':' introduces is literal as a whole",
     "Doc\n===\n\nMessage from dmesg:\n\nFAULT_INJECTION: forcing a failure."
     "\nCPU: 0 PID: 0 Comm: swapper/0 Not tainted\nCall Trace:\n  <IRQ>\n"
     "  dump_stack+0x5c/0x7d\n  should_fail+0x148/0x170\n"
     "  nvme_irq+0x1e/0x40 [nvme]\n\nThe request fails.\n",
     "===\nDoc\n===\n\nMessage from dmesg::\n\n\tFAULT_INJECTION: forcing a "
     "failure.\n\tCPU: 0 PID: 0 Comm: swapper/0 Not tainted\n\tCall Trace:\n"
     "\t  <IRQ>\n\t  dump_stack+0x5c/0x7d\n\t  should_fail+0x148/0x170\n"
     "\t  nvme_irq+0x1e/0x40 [nvme]\n\nThe request fails.\n"},
    {"list items whose wrapped lines lost their indentation",
     "Doc\n===\n\nNOTES:\n- If your 82599-based Intel(R) Network Adapter came "
     "with optics or is an\nIntel(R) Ethernet Server Adapter X520-2, then it "
     "only supports optics.\n- When SFP+ devices are connected back to back, "
     "they should be set\nto the same speed.\n",
     "===\nDoc\n===\n\nNOTES:\n\n- If your 82599-based Intel(R) Network "
     "Adapter came with optics or is an\n  Intel(R) Ethernet Server Adapter "
     "X520-2, then it only supports optics.\n- When SFP+ devices are connected "
     "back to back, they should be set\n  to the same speed.\n"},
    {"wiki-style headings become titles; a cut mark over code does not",
     "Doc\n===\n\nIntro.\n\n== What is GTP ==\n\nGTP is a protocol.\n\n"
     "=== Details ===\n\nMore.\n\n=== cut here ===\n\n#include <linux/fb.h>\n"
     "int x;\n",
     "===\nDoc\n===\n\nIntro.\n\nWhat is GTP\n===========\n\nGTP is a "
     "protocol.\n\nDetails\n-------\n\nMore.\n\n=== cut here ===\n\n::\n\n"
     "\t#include <linux/fb.h>\n\tint x;\n"},
    {"a wiki title of one '=' a side is a level above those of two",
     "= Bootindex property =\n\nBlock devices have it.\n\n== Example ==\n\n"
     "Assume two disks:\n\nqemu -drive file=disk1.img,if=none,id=disk1\n"
     "     -device ide-hd,drive=disk1,bootindex=4\n\n== Limitations ==\n\n"
     "Some.\n",
     "==================\nBootindex property\n==================\n\nBlock "
     "devices have it.\n\nExample\n=======\n\nAssume two disks::\n\n\tqemu "
     "-drive file=disk1.img,if=none,id=disk1\n\t     -device "
     "ide-hd,drive=disk1,bootindex=4\n\nLimitations\n===========\n\nSome.\n"},
    {"headings led by markers become titles, a level for each kind",
     "Doc\n===\n\nIntro.\n\n=== 1 Overview\n\nText.\n\n--- 1.1 Goals\n\n"
     "More.\n\n=== 2 Usage\n\nLast.\n",
     "===\nDoc\n===\n\nIntro.\n\n1 Overview\n==========\n\nText.\n\n"
     "1.1 Goals\n---------\n\nMore.\n\n2 Usage\n=======\n\nLast.\n"},
    {"a heading framed by runs of dashes is one; a cut mark over code is not",
     "Doc\n===\n\nIntro.\n\n------------ K2E SoC and EVM ------------------"
     "\n\nThe board.\n\n--- cut here\n\n#include <linux/fb.h>\nint x;\n",
     "===\nDoc\n===\n\nIntro.\n\nK2E SoC and EVM\n===============\n\n"
     "The board.\n\n--- cut here\n\n::\n\n\t#include <linux/fb.h>\n"
     "\tint x;\n"},
    {"a line numbering a part of the last title's section heads one, "
     "whatever ends it or lies under it",
     "Doc\n===\n\n3. Usage\n\nText.\n\n3.1 Optimized SCSI SCRIPTS.\n\n"
     "The chips load faster.\n\n3.2 Commands:\n\n    The target's number.\n",
     "===\nDoc\n===\n\n3. Usage\n========\n\nText.\n\n"
     "3.1 Optimized SCSI SCRIPTS.\n---------------------------\n\n"
     "The chips load faster.\n\n3.2 Commands:\n-------------\n\n"
     "    The target's number.\n"},
    {"a sentence numbered like a part of no numbered section stays text",
     "Doc\n===\n\nSetup\n-----\n\n3.1 is the version we use.\n\nMore.\n",
     "===\nDoc\n===\n\nSetup\n-----\n\n3.1 is the version we use.\n\n"
     "More.\n"},
    {"a spaced label heads the text at its column, not indented code",
     "Doc\n===\n\nIntro text here.\n\n\nUsage examples:\n\nThe CPU is given "
     "as a mask.\nMore text.\n\n\nExample:\n\n\tcode here\n",
     "===\nDoc\n===\n\nIntro text here.\n\n\nUsage examples:\n"
     "===============\n\nThe CPU is given as a mask.\nMore text.\n\n\n"
     "Example:\n\n\tcode here\n"},
    {"labels heading two paragraphs or more head them; a sentence, a "
     "table's rows and a lone label introduce",
     "Doc\n===\n\nIntro text.\n\n#PROCHOT:\n\nThe chip monitors two #PROCHOT "
     "signals.  The results\nare found in the files of the driver.\n\n"
     "The supported ioctls are:\n\nThey are all read by the driver.\n\n"
     "Accepted options:\n\nypan    Enable display panning\n\nFan Boost:\n\n"
     "For each temperature channel there is a boost.\n",
     "===\nDoc\n===\n\nIntro text.\n\n#PROCHOT:\n=========\n\nThe chip "
     "monitors two #PROCHOT signals.  The results\nare found in the files of "
     "the driver.\n\nThe supported ioctls are:\n\nThey are all read by the "
     "driver.\n\nAccepted options:\n\nypan    Enable display panning\n\n"
     "Fan Boost:\n==========\n\nFor each temperature channel there is a "
     "boost.\n"},
    {"a label over a paragraph alone in its document stays text",
     "Doc\n===\n\nIntro text.\n\nNote:\n\nThe chip is slow to answer "
     "in some of the modes.\n",
     "===\nDoc\n===\n\nIntro text.\n\nNote:\n\nThe chip is slow to answer "
     "in some of the modes.\n"},
    {"a key column over prose descriptions is a table, continuations too",
     "Doc\n===\n\nThe events are:\n\n\tDN_ACCESS\tA file in the directory was "
     "accessed (read)\n\tDN_ATTRIB\tA file in the directory had its attributes"
     "\n\t\t\tchanged (chmod,chown)\n\nUsually text.\n",
     "===\nDoc\n===\n\nThe events are:\n\n\t=========       ===========================================\n"
     "\tDN_ACCESS\tA file in the directory was accessed (read)\n\tDN_ATTRIB\tA "
     "file in the directory had its attributes\n\t\t\tchanged (chmod,chown)\n"
     "\t=========       ===========================================\n\nUsually text.\n"},
    {"a NOTE: introducing a literal block stays a paragraph",
     "Doc\n===\n\nNOTE: This is only used on old kernels. For example:\n\n  "
     "echo 1 > /sys/x\n\nNOTE: plain note here.\n",
     "===\nDoc\n===\n\nNOTE: This is only used on old kernels. For example::"
     "\n\n  echo 1 > /sys/x\n\n.. note:: plain note here.\n"},
    {"lines of values with their meanings become a bullet list",
     "Doc\n===\n\nip_forward - BOOLEAN\n\t0 - disabled (default)\n\tnot 0 - "
     "enabled\n\n\tForward packets.\n\nPossible values:\n\n\t0 - off\n\t1 - on\n",
     "===\nDoc\n===\n\nip_forward - BOOLEAN\n\t- 0 - disabled (default)\n\t- "
     "not 0 - enabled\n\n\tForward packets.\n\nPossible values:\n\n\t- 0 - off\n"
     "\t- 1 - on\n"},
    {"lines of values glued under the line introducing them are a list "
     "of their own",
     "enable - BOOLEAN\n\tTurns it on.\n\tPossible values:\n\t0 - "
     "disabled\n\t1 - enabled\n",
     "enable - BOOLEAN\n\tTurns it on.\n\tPossible values:\n\n\t- 0 - "
     "disabled\n\t- 1 - enabled\n"},
    {"values and names under a term of their own become its list",
     "Intro.\n\nwhere n:\n\t0 - disabled\n\t1 - enabled\n\nSwitching works "
     "for the following models:\n    L3800C\n    A2500H\n    L5800C\n\n"
     "Code:\n        .long (from) - .\n        .long (to) - .\n",
     "Intro.\n\nwhere n:\n\n\t- 0 - disabled\n\t- 1 - enabled\n\nSwitching "
     "works for the following models:\n\n    - L3800C\n    - A2500H\n    - "
     "L5800C\n\nCode:\n        .long (from) - .\n        .long (to) - .\n"},
    {"numbers, hexadecimal numbers and ranges before a colon are values",
     "Modes:\n\n0: off\n1: on\n9-15: reserved\n\nBits:\n\n0x1f: control\n"
     "0x20: status\n",
     "Modes:\n\n- 0: off\n- 1: on\n- 9-15: reserved\n\nBits:\n\n- 0x1f: "
     "control\n- 0x20: status\n"},
    {"numbered lines under a line that introduces nothing stay its text",
     "Totals for the year\n2004: 10 units\n2005: 12 units\n",
     "Totals for the year\n2004: 10 units\n2005: 12 units\n"},
    {"a paragraph whose first line alone is indented ends a literal block",
     "Example::\n\n modprobe floppy\n\n If you need options every time you "
     "load the driver,\nyou can put them in a file.\n",
     "Example::\n\n modprobe floppy\n\nIf you need options every time you "
     "load the driver,\nyou can put them in a file.\n"},
    {"rows of values, a key parted by one blank, are a dump, not a table",
     "A dump:\n\ntxdelay 36\npersist 64\nslot    8\ntail    8\n",
     "A dump::\n\n\ttxdelay 36\n\tpersist 64\n\tslot    8\n\ttail    8\n"},
    {"a bare :: glued to the lines it introduces",
     "Text.\n\n::\nint x;\nfoo();\n\nMore.\n",
     "Text.\n\n::\n\n\tint x;\n\tfoo();\n\nMore.\n"},
    {"numbered list is no heading", "a\nb\n\n1. one\n\n2. two\n\n3. three\n",
     "a\nb\n\n1. one\n\n2. two\n\n3. three\n"},
    {"CAPS headings adorned",
     "Doc\n===\n\nCHECKSUM OFFLOADING\n\nText.\n\nMULTICASTING\n\nMore.\n",
     "===\nDoc\n===\n\nCHECKSUM OFFLOADING\n===================\n\nText.\n\n"
     "MULTICASTING\n============\n\nMore.\n"},
    {"CAPS names in a row are no headings",
     "Doc\n===\n\nSome text.\n\nCONFIG\n\nDEBUG BUILD\n\nMore.\n",
     "===\nDoc\n===\n\nSome text.\n\nCONFIG\n\nDEBUG BUILD\n\nMore.\n"},
    {"CAPS identifier is no heading", "a\nb\n\nCONFIG_SMP\n\nText.\n",
     "a\nb\n\nCONFIG_SMP\n\nText.\n"},
    {"a CAPS label of words is a heading; one word or names lead text",
     "Doc\n===\n\nText.\n\nSUPPORTED HARDWARE:\n\nAll of it.\n\nWARNING:\n"
     "\nDo not.\n\nLM90, LM99:\n\nBoth chips.\n",
     "===\nDoc\n===\n\nText.\n\nSUPPORTED HARDWARE:\n===================\n\n"
     "All of it.\n\nWARNING:\n\nDo not.\n\nLM90, LM99:\n\nBoth chips.\n"},
    {"CAPS heading over indented text adorned; one CAPS word is a term",
     "Doc\n===\n\nText.\n\nCREATING DEVICE NODES\n\n  Users of udev get "
     "them.\n\nCDROMGETSPINDOWN\n\n  Gets the spin down time.\n",
     "===\nDoc\n===\n\nText.\n\nCREATING DEVICE NODES\n=====================\n"
     "\n  Users of udev get them.\n\nCDROMGETSPINDOWN\n\n  Gets the spin down "
     "time.\n"},
    {"headings set off by two blank lines adorned",
     "Doc\n===\n\nIntro text.\n\n\nExample 1: softirq Suicide\n\nSuppose "
     "that.\nMore.\n\n\nSummary\n\nDone.\n",
     "===\nDoc\n===\n\nIntro text.\n\n\nExample 1: softirq Suicide\n"
     "==========================\n\nSuppose that.\nMore.\n\n\nSummary\n"
     "=======\n\nDone.\n"},
    {"a spaced field, a run of names, a line over a title: no headings",
     "Doc\n===\n\nText.\n\n\nWritten for: 2.6.31\n\nText.\n\n\nAlpha One\n\n"
     "Beta Two\n\n\nPacket Format\n\nTouchpad byte\n-------------\n\nx\n",
     "===\nDoc\n===\n\nText.\n\n\nWritten for: 2.6.31\n\nText.\n\n\nAlpha One"
     "\n\nBeta Two\n\n\nPacket Format\n\nTouchpad byte\n-------------\n\nx\n"},
    {"a label under a separator heads its section; the separator goes",
     "Doc\n===\n\nIntro text.\n\n=====\n\nacct:\n\nhighwater lowwater\n\n"
     "If BSD accounting is on.\n\n=====\n\nIRQ probing:\n\nIt fails on a "
     "cold boot.\nMore.\n",
     "===\nDoc\n===\n\nIntro text.\n\n\nacct:\n=====\n\nhighwater lowwater\n"
     "\nIf BSD accounting is on.\n\n\nIRQ probing:\n============\n\nIt "
     "fails on a cold boot.\nMore.\n"},
    {"under a separator, a setting and a closing line are no headings",
     "Doc\n===\n\nIntro text.\n\n-----\n\nAlias /perl \"/var/www/perl\"\n\n"
     "SetHandler perl-script here\n\nText.\n\n=====\n\nNext chapter: the "
     "first steps\n\nCopyright: see the manual.\n",
     "===\nDoc\n===\n\nIntro text.\n\n-----\n\nAlias /perl \"/var/www/perl\"\n"
     "\nSetHandler perl-script here\n\nText.\n\n=====\n\nNext chapter: the "
     "first steps\n\nCopyright: see the manual.\n"},
    {"roman-numbered headings adorned; roman-numbered lines in a row a list",
     "Doc\n===\n\nIntro text.\n\nI. Overview\n\nThe driver does this.\n\n"
     "II. Known problems\n\n  None.\n\nIII. Steps\n\nDo these.\n\nI. one "
     "step\n\nII. two steps\n\nIII. three steps\n\nX Video is no heading.\n",
     "===\nDoc\n===\n\nIntro text.\n\nI. Overview\n===========\n\nThe driver "
     "does this.\n\nII. Known problems\n==================\n\n  None.\n\n"
     "III. Steps\n==========\n\nDo these.\n\nI. one step\n\nII. two steps"
     "\n\nIII. three steps\n\nX Video is no heading.\n"},
    {"a line set apart over indented prose heads it; a key and a gap not",
     "Doc\n===\n\nIntro text.\n\n\nPocketPC PDA Driver\n\n  This driver "
     "talks to PDAs.\n  More text.\n\n\nCDROMREADALL\t\tread all bytes\n\n"
     "\tSame as the other, but reads more.\n",
     "===\nDoc\n===\n\nIntro text.\n\n\nPocketPC PDA Driver\n"
     "===================\n\n  This driver talks to PDAs.\n  More text.\n\n"
     "\nCDROMREADALL\t\tread all bytes\n\n\tSame as the other, but reads "
     "more.\n"},
    {"a line numbered one more than the last numbered title heads the next",
     "Doc\n===\n\nIntro text.\n\n\n1. Supported Hardware\n\n   The "
     "adapters listed here are all supported.\n\n2. Version History\n\n"
     "   The first version was 3.0.\n\n3. Steps\n\nDo these:\n\n1. plug it "
     "in\n\n2. run it\n",
     "===\nDoc\n===\n\nIntro text.\n\n\n1. Supported Hardware\n"
     "=====================\n\n   The adapters listed here are all "
     "supported.\n\n2. Version History\n==================\n\n   The first "
     "version was 3.0.\n\n3. Steps\n========\n\nDo these:\n\n1. plug it "
     "in\n\n2. run it\n"},
    {"a contents list's last line over a separator is no title",
     "Doc\n===\n\n1 INTRODUCTION\n\n2 USAGE\n2.1 Format\n\n3 SOURCE\n\n"
     "---\n\n1 INTRODUCTION\n\nThe API is here.\n",
     "===\nDoc\n===\n\n1 INTRODUCTION\n\n2 USAGE\n2.1 Format\n\n3 SOURCE\n\n"
     "---\n\n1 INTRODUCTION\n==============\n\nThe API is here.\n"},
    {"a contents list's last line over an earlier numbered title is text",
     "Doc\n===\n\n1. Setup\n\n2. Usage\n\n9. Rationale\n\n\n1. Setup\n"
     "--------\n\nPlug it in.\n",
     "===\nDoc\n===\n\n1. Setup\n\n2. Usage\n\n9. Rationale\n\n\n1. Setup\n"
     "--------\n\nPlug it in.\n"},
    {"a part numbered under its section's title, glued over text, heads it",
     "Doc\n===\n\nIntro.\n\n3 USAGE\n\n3.1 General format of the API:\n"
     "The calls all look alike.\n\n3.2 Wrapped (don't\n handle it)\nText.\n",
     "===\nDoc\n===\n\nIntro.\n\n3 USAGE\n=======\n\n"
     "3.1 General format of the API:\n------------------------------\n\n"
     "The calls all look alike.\n\n3.2 Wrapped (don't\n handle it)\n\nText.\n"},
    {"a licence tag heading the file becomes the kernel's comment",
     "SPDX-License-Identifier: GPL-2.0+\n\nMy Title\n========\n\nText.\n",
     ".. SPDX-License-Identifier: GPL-2.0+\n\n========\nMy Title\n========\n"
     "\nText.\n"},
    {"a licence tag in a comment of its own heading the file too",
     "# SPDX-License-Identifier: GPL-2.0+\n\nDevice Firmware Upgrade (DFU)"
     "\n\nOverview text.\n",
     ".. SPDX-License-Identifier: GPL-2.0+\n\n"
     "=============================\nDevice Firmware Upgrade (DFU)\n"
     "=============================\n\nOverview text.\n"},
    {"a licence tag in a C comment closed on its line too",
     "/* SPDX-License-Identifier: GPL-2.0 OR MIT */\n\nText.\n",
     ".. SPDX-License-Identifier: GPL-2.0 OR MIT\n\nText.\n"},
    {"a list's next item after a numbered title's is no title",
     "Doc\n===\n\nIntro text.\n\n\n1. Overview\n\n   What it does and when.\n\n"
     "1. plug it in\n   and wait.\n\n2. run it.\n\nDone here.\n",
     "===\nDoc\n===\n\nIntro text.\n\n\n1. Overview\n===========\n\n"
     "   What it does and when.\n\n1. plug it in\n   and wait.\n\n2. run it."
     "\n\nDone here.\n"},
    {"a '::' over code at the text's column stands there; text after is text",
     "Doc\n===\n\n  Some intro text here for the reader to see now.\n\n  Host "
     "attributes:\n  ----------------\n\n  echo 1 > /sys/class/x/rescan\n  "
     "echo 2 > /sys/class/x/other\n\n  The host rescan attribute is a write "
     "only attribute, as you see.\n",
     "===\nDoc\n===\n\n  Some intro text here for the reader to see now.\n\n"
     "Host attributes:\n----------------\n\n  ::\n\n\t  echo 1 > /sys/class/"
     "x/rescan\n\t  echo 2 > /sys/class/x/other\n\n  The host rescan "
     "attribute is a write only attribute, as you see.\n"},
    {"one line of code over deeper prose names it: no literal block",
     "Doc\n===\n\nThe calls are these:\n\n  int cn_del_callback(struct cb_id "
     "*id);\n\n      Unregisters the callback with the connector core.\n",
     "===\nDoc\n===\n\nThe calls are these:\n\n  int cn_del_callback(struct "
     "cb_id \\*id);\n\n      Unregisters the callback with the connector "
     "core.\n"},
    {"a command over text one column deeper is code, not a term",
     "Doc\n===\n\nMake it unbindable:\n\n\t# mount --make-unbindable /mnt\n"
     "\n\t Then try to bind mount this mount somewhere else.\n",
     "===\nDoc\n===\n\nMake it unbindable::\n\n\t# mount --make-unbindable "
     "/mnt\n\n\t Then try to bind mount this mount somewhere else.\n"},
    {"names a title or a ':' introduces become a list; identifiers code",
     "Doc\n===\n\nSupported devices:\n------------------\n\nSmart Array "
     "P212\nSmart Array P410\nStorageWorks P1210m\n\nThe features are "
     "these:\n\n\tOwner read\n\tOwner write\n\tOther read\n\nEnable these "
     "options:\n\nCONFIG_DEBUG_FS\nCONFIG_ACPI_APEI\nCONFIG_ACPI_APEI_EINJ\n"
     "\nThe authors are:\n\nJane Doe\nJohn Roe\n",
     "===\nDoc\n===\n\nSupported devices:\n------------------\n\n- Smart "
     "Array P212\n- Smart Array P410\n- StorageWorks P1210m\n\nThe features "
     "are these:\n\n\t- Owner read\n\t- Owner write\n\t- Other read\n\n"
     "Enable these options::\n\n\tCONFIG_DEBUG_FS\n\tCONFIG_ACPI_APEI\n"
     "\tCONFIG_ACPI_APEI_EINJ\n\nThe authors are:\n\nJane Doe\nJohn Roe\n"},
    {"a path alone under a ':' is code; a web address and a document stay",
     "It is then located at:\n\n  tools/acpi/power/acpi/acpidbg\n\n"
     "Go to the website at:\n\n  www.intel.com/support/\n\n"
     "Look into the file:\n\n  Documentation/ABI/testing/sysfs-pktcdvd\n",
     "It is then located at::\n\n  tools/acpi/power/acpi/acpidbg\n\n"
     "Go to the website at:\n\n  www.intel.com/support/\n\n"
     "Look into the file:\n\n  Documentation/ABI/testing/sysfs-pktcdvd\n"},
    {"identifiers under a ':' and no other words are code",
     "They are:\n\n  bootdelay\n  bootcmd\n  CONFIG_BOOTDELAY\n\n"
     "The states are:\n\n  DOWN\n  UP\n\nThe options are:\n\n"
     "  CONFIG_FOO\n  CONFIG_BAR is set\n",
     "They are::\n\n  bootdelay\n  bootcmd\n  CONFIG_BOOTDELAY\n\n"
     "The states are:\n\n  DOWN\n  UP\n\nThe options are:\n\n"
     "  CONFIG_FOO\n  CONFIG_BAR is set\n"},
    {"columns become a simple table",
     "a\nb:\n\nsize\t\ttotal size\nresident\tresident pages\n\n"
     "shared\t\tshared pages\n\nEnd.\n",
     "a\nb:\n\n========        ==============\nsize\t\ttotal size\n"
     "resident\tresident pages\n\nshared\t\tshared pages\n"
     "========        ==============\n\nEnd.\n"},
    {"rows wrapped at their second column under an introducing line "
     "make one table, however prose-like a row",
     "The subdirs are about:\nfs/\t\tspecific filesystems\n"
     "\t\tfilehandle, inode, dentry and quota tuning\n"
     "vm/\t\tmemory management tuning\n"
     "user/\t\tPer user per user namespace limits\n",
     "The subdirs are about:\n\n"
     "=====           ==========================================\n"
     "fs/\t\tspecific filesystems\n"
     "\t\tfilehandle, inode, dentry and quota tuning\n"
     "vm/\t\tmemory management tuning\n"
     "user/\t\tPer user per user namespace limits\n"
     "=====           ==========================================\n"},
    {"a rule closing rows wrapped at their second column stays with them",
     "Table 1-10: Files in /proc/parport\n"
     "....................................................\n"
     " File      Content\n"
     " autoprobe Any IEEE-1284 device ID information.\n"
     " devices   list of the device drivers using that port. A + will\n"
     "           appear by the name of the device currently using the\n"
     "           port (it might not appear against any).\n"
     " hardware  Parallel port's base address, IRQ line and DMA channel.\n"
     " irq       IRQ that parport is using for that port. This is in a\n"
     "           separate file to allow you to alter it.\n"
     "....................................................\n",
     "====================================================\n"
     "Table 1-10: Files in /proc/parport\n"
     "====================================================\n\n::\n\n"
     "\t File      Content\n"
     "\t autoprobe Any IEEE-1284 device ID information.\n"
     "\t devices   list of the device drivers using that port. A + will\n"
     "\t           appear by the name of the device currently using the\n"
     "\t           port (it might not appear against any).\n"
     "\t hardware  Parallel port's base address, IRQ line and DMA channel.\n"
     "\t irq       IRQ that parport is using for that port. This is in a\n"
     "\t           separate file to allow you to alter it.\n"
     "\t....................................................\n"},
    {"a numbered line ending a list of contents heads no section, though "
     "a title follows it: the title is the list's first entry",
     "Contents:\n\n1) TCM Userspace Design\n  a) Background\n"
     "  b) Benefits\n2) Writing a pass-through handler\n"
     "  a) Discovering devices\n  b) Waiting for events\n"
     "3) A final note\n\n\nTCM Userspace Design\n--------------------\n\n"
     "TCM is another name for LIO.\n",
     "Contents:\n\n1) TCM Userspace Design\n\n  a) Background\n"
     "  b) Benefits\n\n2) Writing a pass-through handler\n\n"
     "  a) Discovering devices\n  b) Waiting for events\n\n"
     "3) A final note\n\n\nTCM Userspace Design\n--------------------\n\n"
     "TCM is another name for LIO.\n"},
    {"a line set in under \"e.g.:\" is the example, no paragraph's "
     "indented first line",
     "Write the parameters in hexadecimal, separated by\n"
     "whitespace, e.g.:\n\t\"1=0 a=5\"\n"
     "Up to 7 parameters at a time will be sent.\n",
     "Write the parameters in hexadecimal, separated by\n"
     "whitespace, e.g.::\n\n\t\"1=0 a=5\"\n\n"
     "Up to 7 parameters at a time will be sent.\n"},
    {"in an outline, a heading heads what is set in under it, not only "
     "prose",
     "Boot options\n\nOnly the specific ones are listed here.\n\n"
     "Machine check\n\n   Please see the machinecheck file for the "
     "runtime tunables of this.\n\nIdle loop\n\n   The idle loop can be "
     "chosen on the command line as described here.\n\nRebooting\n\n"
     "   reboot=warm\n\t\tDo not set the cold reboot flag.\n",
     "============\nBoot options\n============\n\n"
     "Only the specific ones are listed here.\n\n"
     "Machine check\n=============\n\n   Please see the machinecheck file "
     "for the runtime tunables of this.\n\nIdle loop\n=========\n\n"
     "   The idle loop can be chosen on the command line as described "
     "here.\n\nRebooting\n=========\n\n"
     "   reboot=warm\n\t\tDo not set the cold reboot flag.\n"},
    {"a title under '#' comment lines heading the file goes above them",
     "#\n# Copyright (c) 2011 The Chromium OS Authors.\n#\n"
     "# SPDX-License-Identifier:\tGPL-2.0+\n#\n\n"
     "Device Tree Control\n===================\n\n"
     "This feature provides run-time configuration.\n",
     "===================\nDevice Tree Control\n===================\n\n"
     "::\n\n\t#\n\t# Copyright (c) 2011 The Chromium OS Authors.\n\t#\n"
     "\t# SPDX-License-Identifier:\tGPL-2.0+\n\t#\n\n"
     "This feature provides run-time configuration.\n"},
    {"a heading centred between even runs of markers is a title; two "
     "marks in an item's text are no heading",
     "This is a first start for some documentation about the internals.\n\n"
     "\t    ***  STRUCTURES USED BY THE API  ***\n\n"
     "The following structures play a role.\n\n"
     "\t    ***  VISUALS USED BY THE API  ***\n\n"
     "Monochrome visuals come first.\n\n\t\t\t** CAUTION **\n\nText.\n",
     "This is a first start for some documentation about the internals.\n\n"
     "STRUCTURES USED BY THE API\n==========================\n\n"
     "The following structures play a role.\n\n"
     "VISUALS USED BY THE API\n=======================\n\n"
     "Monochrome visuals come first.\n\n\t\t\t** CAUTION **\n\nText.\n"},
    {"a title's first line over its second, set apart, heads no part",
     "This document describes the banks.\n\n\n"
     "Bank 0x22 Settings (R)\nBank 0x23 Settings (W)\n"
     "----------------------\n\nThis bank contains 16 sensors.\n\n"
     "Bank 0x24 Values (R)\n--------------------\n\nThis bank holds "
     "values.\n\n\nBank 0x25 Outputs (R)\nBank 0x26 Outputs (W)\n"
     "---------------------\n\nThis bank contains 3 sensors.\n\n"
     "Bank 0x27 Readings (R)\n----------------------\n\nSix sensors.\n",
     "This document describes the banks.\n\n\n"
     "Bank 0x22 Settings (R)\n\nBank 0x23 Settings (W)\n"
     "----------------------\n\nThis bank contains 16 sensors.\n\n"
     "Bank 0x24 Values (R)\n--------------------\n\nThis bank holds "
     "values.\n\n\nBank 0x25 Outputs (R)\n\nBank 0x26 Outputs (W)\n"
     "---------------------\n\nThis bank contains 3 sensors.\n\n"
     "Bank 0x27 Readings (R)\n----------------------\n\nSix sensors.\n"},
    {"dashes under the first row make a header",
     "a\nb:\n\nName     Use\n----     ---\nfoo      bar baz\n",
     "a\nb:\n\n====     =======\nName     Use\n====     =======\n"
     "foo      bar baz\n====     =======\n"},
    {"a tab one column wide separates columns",
     "a\nb:\n\nfast_sampling_x\tfast\nno_avg\t\tplain\n",
     "a\nb:\n\n=============== =====\nfast_sampling_x\tfast\n"
     "no_avg\t\tplain\n=============== =====\n"},
    {"keys described after aligned dashes become a table without them",
     "a\nb:\n\nfast_sampling_x\t- fast\nno_avg\t\t- plain\n",
     "a\nb:\n\n===============  =====\nfast_sampling_x  fast\n"
     "no_avg           plain\n===============  =====\n"},
    {"keys of words make a table when their dashes align",
     "Parts:\n\nmedia transport - this one shuffles the media, i.e. the\n"
     "                  transport arm.\nstorage         - a slot which can "
     "hold a media.\n",
     "Parts:\n\n===============  =====================================\n"
     "media transport  this one shuffles the media, i.e. the\n"
     "                 transport arm.\n"
     "storage          a slot which can hold a media.\n"
     "===============  =====================================\n"},
    {"stray marks in a dash table's cells are escaped",
     "Options:\n\nfoo      - uses `off' here\nbar      - x *y and |z\n",
     "Options:\n\n===  ================\nfoo  uses \\`off' here\n"
     "bar  x \\*y and \\|z\n===  ================\n"},
    {"rows aligned in columns, one blank after a full column, are a table",
     "Entries:\n\ntemp1_input     ro local (ambient) temperature\n"
     "temp1_max       rw local temperature maximum threshold\n"
     "temp1_max_alarm ro local temperature maximum threshold alarm\n"
     "temp1_min       rw local temperature minimum threshold\n\n"
     "Plain text over\nlines of prose goes on as it was written here.\n",
     "Entries:\n\n=============== ============================================\n"
     "temp1_input     ro local (ambient) temperature\n"
     "temp1_max       rw local temperature maximum threshold\n"
     "temp1_max_alarm ro local temperature maximum threshold alarm\n"
     "temp1_min       rw local temperature minimum threshold\n"
     "=============== ============================================\n\n"
     "Plain text over\nlines of prose goes on as it was written here.\n"},
    {"labelled rows, one filling its column, keep their wrapped "
     "descriptions in the block",
     "Doc\n===\n\nInterface\n---------\n\n"
     "humidity1_min:      humidity min value\n"
     "humidity1_min_hyst: humidity hysteresis value for min limit\n"
     "temp1_alarm:        alarm flag is set to 1 if the temperature is outside"
     " the\n                    configured limits. Alarm only works in "
     "periodic measure mode\n"
     "heater_enable:      heater enable, heating element removes excess "
     "humidity from\n                    sensor\n"
     "                        0: turned off\n"
     "                        1: turned on\n"
     "update_interval:    update interval, 0 for single shot, interval in "
     "msec\n                    for periodic measurement. If the interval is "
     "not supported\n",
     "===\nDoc\n===\n\nInterface\n---------\n\n::\n\n"
     "\thumidity1_min:      humidity min value\n"
     "\thumidity1_min_hyst: humidity hysteresis value for min limit\n"
     "\ttemp1_alarm:        alarm flag is set to 1 if the temperature is "
     "outside the\n\t                    configured limits. Alarm only works "
     "in periodic measure mode\n"
     "\theater_enable:      heater enable, heating element removes excess "
     "humidity from\n\t                    sensor\n"
     "\t                        0: turned off\n"
     "\t                        1: turned on\n"
     "\tupdate_interval:    update interval, 0 for single shot, interval in "
     "msec\n\t                    for periodic measurement. If the interval "
     "is not supported\n"},
    {"aligned rows glued under their introduction leave it out",
     "Over the socket these protocols are available:\n"
     "'cindent'\tEnables Vim to perform C program indenting.\n"
     "'cinkeys'\tSpecifies which keys trigger reindenting in insert mode.\n"
     "'cinoptions'\tSets your preferred indent style.\n",
     "Over the socket these protocols are available:\n\n"
     "============    ========================================================\n"
     "'cindent'\tEnables Vim to perform C program indenting.\n"
     "'cinkeys'\tSpecifies which keys trigger reindenting in insert mode.\n"
     "'cinoptions'\tSets your preferred indent style.\n"
     "============    ========================================================\n"},
    {"a justified paragraph is prose; rows of one width are a table",
     "Intro.\n\nSetting  the  base address should be done in two steps, "
     "just\nas  the Amiga Kickstart does:  The lower nibble of the 8-Bit\n"
     "address is written to $4a, then the whole Byte is written to\n$48, "
     "while it does not matter how often you are writing $4a.\n\n"
     "Registers:\n\nbase_address_low_byte  the lower byte of the base "
     "address in use\nbase_address_highbyte  the upper byte of the base "
     "address in use\nspeed_register_values  three bits of the speed "
     "register values\n",
     "Intro.\n\nSetting  the  base address should be done in two steps, "
     "just\nas  the Amiga Kickstart does:  The lower nibble of the 8-Bit\n"
     "address is written to $4a, then the whole Byte is written to\n$48, "
     "while it does not matter how often you are writing $4a.\n\n"
     "Registers:\n\n=====================  "
     "=========================================\nbase_address_low_byte  "
     "the lower byte of the base address in use\nbase_address_highbyte  "
     "the upper byte of the base address in use\nspeed_register_values  "
     "three bits of the speed register values\n=====================  "
     "=========================================\n"},
    {"a sentence glued over dash rows is their paragraph",
     "The module adds three new commands.\nfsload  - load binary file from "
     "a file system image\nfsinfo  - print information about file "
     "systems\nls      - list files\n",
     "The module adds three new commands.\n\n"
     "======  =========================================\n"
     "fsload  load binary file from a file system image\n"
     "fsinfo  print information about file systems\nls      list files\n"
     "======  =========================================\n"},
    {"settings described after dashes are no keys",
     "Limited by sysctls:\n\tkernel.pty.max = 4096\t\t- global limit\n"
     "\tkernel.pty.nr\t\t\t- current count of ptys\n",
     "Limited by sysctls::\n\n\tkernel.pty.max = 4096\t\t- global limit\n"
     "\tkernel.pty.nr\t\t\t- current count of ptys\n"},
    {"dash rows over a sum under a rule stay literal",
     "Layout:\n\n        header  -   6 bytes,\n        data    - 356 bytes\n"
     "        trailer -   6 bytes\n                  ---\n"
     "        total     368 bytes\n",
     "Layout::\n\n        header  -   6 bytes,\n        data    - 356 bytes\n"
     "        trailer -   6 bytes\n                  ---\n"
     "        total     368 bytes\n"},
    {"a header in columns over a rule heads a table, not a title",
     "a\nb:\n\nValue\t\tEffect\n------------------------------\n"
     "min_power\tTell it to save\n\t\tpower when it can.\n\n"
     "max\t\tNo power management.\n\nEnd.\n",
     "a\nb:\n\n=========       ====================\nValue\t\tEffect\n"
     "=========       ====================\nmin_power\tTell it to save\n"
     "\t\tpower when it can.\n\nmax\t\tNo power management.\n"
     "=========       ====================\n\nEnd.\n"},
    {"a tab's blanks over a space between words split no column",
     "a\nb:\n\nBoard\t\tFirmware version\n------------------------------\n"
     "Intel DH87RL\tEC firmware 1.0\nIntel DB85FL\tEC firmware 1.0\n",
     "a\nb:\n\n============    ================\nBoard\t\tFirmware version\n"
     "============    ================\nIntel DH87RL\tEC firmware 1.0\n"
     "Intel DB85FL\tEC firmware 1.0\n============    ================\n"},
    {"a title over text in columns of its own stays a title",
     "Doc\n===\n\nText.\n\nliteral-string\t\t\t\t*literal-string*\n"
     "--------------------------------------------------------\n"
     "'string'\t\tstring constant\t*expr-'*\n",
     "===\nDoc\n===\n\nText.\n\nliteral-string\t\t\t\t*literal-string*\n"
     "--------------------------------------------------------\n"
     "'string'\t\tstring constant\t*expr-'*\n"},
    {"keys that read as code, described in words, are a table's rows",
     "Doc\n===\n\nThe options are:\n\n\tuid=nnn\tAll files are owned by nnn.\n"
     "\tgid=nnn\tAll files are in group nnn.\n\nEnd.\n",
     "===\nDoc\n===\n\nThe options are:\n\n\t======= ===========================\n"
     "\tuid=nnn\tAll files are owned by nnn.\n\tgid=nnn\tAll files are in group "
     "nnn.\n\t======= ===========================\n\nEnd.\n"},
    {"rows whose cells go on in deeper lines are one table",
     "Doc\n===\n\nText.\n\ninX_min\t\tMinimum voltage.\n"
     "\t\tFrom the warn limit register.\ninX_max\t\tMaximum voltage.\n"
     "\t\tFrom the other register.\n\nEnd.\n",
     "===\nDoc\n===\n\nText.\n\n=======         =============================\n"
     "inX_min\t\tMinimum voltage.\n\t\tFrom the warn limit register.\n"
     "inX_max\t\tMaximum voltage.\n\t\tFrom the other register.\n"
     "=======         =============================\n\nEnd.\n"},
    {"a deeper line glued under a literal block goes on with it, no blank",
     "Doc\n===\n\nThe positions are:\n\n\t.\tthe cursor position\n"
     "\t$\tthe end of the cursor line (the result is the\n"
     "\t\tnumber of bytes in the line plus one)\n\nEnd.\n",
     "===\nDoc\n===\n\nThe positions are::\n\n\t.\tthe cursor position\n"
     "\t$\tthe end of the cursor line (the result is the\n"
     "\t\tnumber of bytes in the line plus one)\n\nEnd.\n"},
    {"a dash row's wrapped line goes under its description",
     "a\nb:\n\nvram\t- size of video ram.  Of the form\n\t  <x>x<y>\n"
     "mode\t- the mode\n",
     "a\nb:\n\n====  ===============================\n"
     "vram  size of video ram.  Of the form\n      <x>x<y>\n"
     "mode  the mode\n====  ===============================\n"},
    {"a ragged cell keeps the columns literal",
     "a\nb:\n\nfoo      one\nbar      two\n           three\n",
     "a\nb::\n\n\tfoo      one\n\tbar      two\n\t           three\n"},
    {"colon introduces literal", "Do this:\n\n\tfoo();\n",
     "Do this::\n\n\tfoo();\n"},
    /* "\::" would be text: the escaped ':' stays and " ::" follows */
    {"escaped colon introduces literal", "a\nDo this\\:\n\n\tfoo();\n",
     "a\nDo this\\: ::\n\n\tfoo();\n"},
    {"escaped backslash before the colon", "a\nDo this\\\\:\n\n\tfoo();\n",
     "a\nDo this\\\\::\n\n\tfoo();\n"},
    {"glued flush-left code", "a\nb\n\nDefined as:\nstruct foo {\n\tint a;\n};\n",
     "a\nb\n\nDefined as::\n\n\tstruct foo {\n\t\tint a;\n\t};\n"},
    {"code without intro gets ::", "a\nb.\n\n$ make modules\n",
     "a\nb.\n\n::\n\n\t$ make modules\n"},
    {"C block across blank lines",
     "a\nb.\n\nstruct s {\n\tint a;\n\n\tint b;\n};\n",
     "a\nb.\n\n::\n\n\tstruct s {\n\t\tint a;\n\n\t\tint b;\n\t};\n"},
    {"headings in words over indented paragraphs: an outline's headings",
     "Title\n=====\n\nIntroduction\n\n\tThe driver supports these "
     "devices.\n\nUsing the driver\n\n\tLoad the module and then read the "
     "files.\n",
     "=====\nTitle\n=====\n\nIntroduction\n============\n\n\tThe driver "
     "supports these devices.\n\nUsing the driver\n================\n\n"
     "\tLoad the module and then read the files.\n"},
    {"one line in words over an indented paragraph makes no outline",
     "Title\n=====\n\nIntroduction\n\n\tThe driver supports these "
     "devices.\n\nThe end of it all.\n",
     "=====\nTitle\n=====\n\nIntroduction\n\n\tThe driver supports these "
     "devices.\n\nThe end of it all.\n"},
    {"a key in an outline is no heading",
     "Title\n=====\n\nIntroduction\n\n\tThe driver supports these "
     "devices.\n\ndebug_level\n\n\tSet it to read the files.\n\nUsing "
     "the driver\n\n\tLoad the module and then read the files.\n",
     "=====\nTitle\n=====\n\nIntroduction\n============\n\n\tThe driver "
     "supports these devices.\n\ndebug_level\n\n\tSet it to read the "
     "files.\n\nUsing the driver\n================\n\n\tLoad the module "
     "and then read the files.\n"},
    {"numbered headings of an outline over bodies at their text",
     "Title\n=====\n\n1. Build the driver\n\n   The driver supports these "
     "devices.\n\n2. Use the driver\n\n   Load the module and then read "
     "the files.\n",
     "=====\nTitle\n=====\n\n1. Build the driver\n===================\n\n"
     "   The driver supports these devices.\n\n2. Use the driver\n"
     "=================\n\n   Load the module and then read the files.\n"},
    {"a numbered line reading as an item keeps its siblings items",
     "Title\n=====\n\n1. Build the driver\n\n   The driver supports these "
     "devices.\n\n2. How do I use the driver\n   with my card?\n\n   Load "
     "the module.\n\n3. Use the driver\n\n   Load the module and then "
     "read the files.\n",
     "=====\nTitle\n=====\n\n1. Build the driver\n\n   The driver supports "
     "these devices.\n\n2. How do I use the driver\n   with my card?\n\n"
     "   Load the module.\n\n3. Use the driver\n\n   Load the module and "
     "then read the files.\n"},
    {"text indented under flush-left code moves left, out of its block",
     "a\nThe members are:\n\nstruct s {\n\tint a;\n};\n\n  a: the first "
     "member of the structure, which\n     holds a count\n\n  b: the second "
     "member of it\n\nEnd.\n",
     "a\nThe members are::\n\n\tstruct s {\n\t\tint a;\n\t};\n\na: the "
     "first member of the structure, which\nholds a count\n\nb: the second "
     "member of it\n\nEnd.\n"},
    {"\"o)\" bullets become \"-\" items, their code-like text kept as text",
     "a\nThe routines are:\n\n  o) int post_run(int flags);\n\n     This "
     "runs the tests.\n\n  o) void post_reloc(ulong offset);\n\n     This "
     "relocates the table.\n",
     "a\nThe routines are:\n\n  - int post_run(int flags);\n\n     This "
     "runs the tests.\n\n  - void post_reloc(ulong offset);\n\n     This "
     "relocates the table.\n"},
    {"\"o)\" in an enumeration by letters is the letter o",
     "a\nb\n\nm) first\nn) second\no) third\np) fourth\n",
     "a\nb\n\nm) first\nn) second\no) third\np) fourth\n"},
    /* docutils takes an overline under four characters for text */
    {"elided code between '.' lines is no overlined title",
     "a\nb.\n\nint f(void)\n{\n\tint rv = 0;\n\n\t.\n\t. do stuff here\n"
     "\t.\n\treturn rv;\n}\n",
     "a\nb.\n\n::\n\n\tint f(void)\n\t{\n\t\tint rv = 0;\n\n\t\t.\n"
     "\t\t. do stuff here\n\t\t.\n\t\treturn rv;\n\t}\n"},
    {"list glued to text", "a\nItems:\n- one\n- two\n",
     "a\nItems:\n\n- one\n- two\n"},
    {"lazy line ends the list", "a\nb\n\n- one\ntwo\n",
     "a\nb\n\n- one\n\ntwo\n"},
    {"items wrapped at their marker's column, one after another, are items",
     "a\nb\n\nNotes:\n1) kernel does not guarantee the id. So,\n"
     "it is up to userspace.\n2) Toggle is set back\nafter it. Then it\n"
     "is read.\nThe next sentence is text.\n",
     "a\nb\n\nNotes:\n\n1) kernel does not guarantee the id. So,\n"
     "   it is up to userspace.\n2) Toggle is set back\n   after it. Then it\n"
     "   is read.\n\nThe next sentence is text.\n"},
    {"a line numbered as a section between items is no wrapped line",
     "a\nb\n\n1. Introduction\n1.1 Scope\n2. Usage\n",
     "a\nb\n\n1. Introduction\n1.1 Scope\n\n2. Usage\n"},
    {"continuation aligned with item text", "a\nb\n\n1. first\n  more\n",
     "a\nb\n\n1. first\n   more\n"},
    {"an item's lines all deeper than its text define it as a term: a "
     "less deep one ends a block quote there",
     "a\nb\n\n- compatible: For A, should be\n                \"a-ctrl\"\n"
     "              For B, should be\n                \"b-ctrl\"\n",
     "a\nb\n\n- compatible: For A, should be\n                \"a-ctrl\"\n\n"
     "              For B, should be\n                \"b-ctrl\"\n"},
    {"an item's text that is a rule line is escaped: docutils allows no "
     "transition in a list",
     "a\nb\n\n *  ----------\n", "a\nb\n\n *  \\----------\n"},
    {"an escaped '|' line over a rule is no more a title than the '|' line "
     "was",
     "Intro text.\n\n---------\n\n\\|A brief introduction$\n\\|$\n"
     "\\|The end.$\n---------\n",
     "Intro text.\n\n---------\n\n\\|A brief introduction$\n\\|$\n"
     "\\|The end.$\n---------\n"},
    {"lines quoted with a '|' over a rule are a literal block",
     "Intro text.\n\n---------\n|A brief introduction$\n|$\n|The end.$\n"
     "---------\n",
     "Intro text.\n\n---------\n\n::\n\n\t|A brief introduction$\n\t|$\n"
     "\t|The end.$\n\t---------\n"},
    {"a bullet opening an item's text is escaped when the item's next line "
     "would break the list it starts",
     "a\nb\n\n+ * [fix] Fix commit message.\n  +* [diff] Fix rename.\n\n"
     "- * alone\n",
     "a\nb\n\n+ \\* [fix] Fix commit message.\n  +* [diff] Fix rename.\n\n"
     "- * alone\n"},
    {"o bullets become dashes", "a\nb\n\n o one\n o two\n   more\n",
     "a\nb\n\n - one\n - two\n   more\n"},
    {"a lone o is a word", "a\nb\n\no dear, a sentence.\n",
     "a\nb\n\no dear, a sentence.\n"},
    {"\"--\" bullets become dashes padded to keep the text's column",
     "a\nb\n\n-- one wraps\n   here\n-- two\n",
     "a\nb\n\n-  one wraps\n   here\n-  two\n"},
    {"a signature and a label marked on both sides are no \"--\" items",
     "a\nb\n\n-- Jane Doe <jd@example.org>\n\n-- Updated 1998 by Joe\n\n"
     "-- example call --\n-- end of example --\n",
     "a\nb\n\n-- Jane Doe <jd@example.org>\n\n-- Updated 1998 by Joe\n\n"
     "-- example call --\n-- end of example --\n"},
    {"a lone \"--\" line is text", "a\nb\n\n-- just a remark\n",
     "a\nb\n\n-- just a remark\n"},
    {"centred header lines are lines of their own, no term and definition",
     "a\nb\n\n\t\tRussell King <rmk@arm.linux.org.uk>\n"
     "\t\t     November 17, 2005 (2.6.15)\n",
     "a\nb\n\n\t\tRussell King <rmk@arm.linux.org.uk>\n\n"
     "\t\t     November 17, 2005 (2.6.15)\n"},
    {"a centred line going on with the sentence above it joins it",
     "a\nb\n\n            A graphics core of the VIA chipset\n"
     "                  (known as CastleRock)\n",
     "a\nb\n\n            A graphics core of the VIA chipset\n"
     "            (known as CastleRock)\n"},
    {"a short rule under a line set apart underlines a heading",
     "a\nb\n\n2.42.10 (stable)\n===\n\n- Fix one\n",
     "a\nb\n\n2.42.10 (stable)\n================\n\n- Fix one\n"},
    {"an ellipsis under a line set apart is no underline",
     "a\nb\n\n...\n\nmtrr: type mismatch old: write-back\n...\n\nc\n",
     "a\nb\n\n...\n\nmtrr: type mismatch old: write-back\n...\n\nc\n"},
    {"a version with a leading zero in a part is no section number",
     "a\nb\n\n1.07\tFix test failures in the suite\n\n"
     "1.06\tAdd a new interface\n\tand more\n",
     "a\nb\n\n1.07\tFix test failures in the suite\n\n"
     "1.06\tAdd a new interface\n\tand more\n"},
    {"a date opening a line is no enumerator",
     "a\nb\n\n18. 11. 2003\tJane Doe\n\tinitial port.\n\n"
     "2004. 01. 09.  Joe\n\tbug fixes.\n",
     "a\nb\n\n18\\. 11. 2003\tJane Doe\n\tinitial port.\n\n"
     "2004\\. 01. 09.  Joe\n\tbug fixes.\n"},
    {"numbered steps are no date", "a\nb\n\n1. 2. Start the daemon.\n",
     "a\nb\n\n1. 2. Start the daemon.\n"},
    {"a copyright sign opening a line is no enumerator; a lettered item is",
     "a\nb\n\n(C) Copyright 2007 Jane Doe\n\n(c) 1993,2000 by Joe\n\n"
     "(c) Modular enumeration is done.\n(d) Then discovery.\n",
     "a\nb\n\n\\(C) Copyright 2007 Jane Doe\n\n\\(c) 1993,2000 by Joe\n\n"
     "(c) Modular enumeration is done.\n(d) Then discovery.\n"},
    {"a paragraph's long lines hanging under a word are not centred",
     "a\nb\n\n              [1] These are for little endian instruction "
     "encoding.\n                  This must not be confused with data "
     "endianness.\n",
     "a\nb\n\n              [1] These are for little endian instruction "
     "encoding.\n                  This must not be confused with data "
     "endianness.\n"},
    {"a first line naming its subject with a period is the document title",
     "IDE ATAPI streaming tape driver.\n\nThis driver is a part of Linux.\n",
     "================================\nIDE ATAPI streaming tape driver.\n"
     "================================\n\nThis driver is a part of Linux.\n"},
    {"a first sentence saying something with a period is no title",
     "This file describes the floppy driver.\n\nIt has options.\n",
     "This file describes the floppy driver.\n\nIt has options.\n"},
    {"a first line over its credits is the document title",
     "Intel 810 Framebuffer driver\n\tTony Daplas <ad@pol.net>\n"
     "\thttp://i810fb.sf.net\n\nText.\n",
     "============================\nIntel 810 Framebuffer driver\n"
     "============================\n\n\tTony Daplas <ad@pol.net>\n"
     "\thttp://i810fb.sf.net\n\nText.\n"},
    {"a first line over credits at its own indentation is the document "
     "title",
     "EQL Driver: Serial IP Load Balancing HOWTO\nSimon Janes, "
     "simon@ncm.com\nv1.1, February 27, 1995\n\nText.\n",
     "==========================================\nEQL Driver: Serial IP "
     "Load Balancing HOWTO\n==========================================\n\n"
     "Simon Janes, simon@ncm.com\nv1.1, February 27, 1995\n\nText.\n"},
    {"a sentence going on to an address is no title over credits",
     "Send your reports and patches to\nthe list at linux@vger.org\n\n"
     "Text.\n",
     "Send your reports and patches to\nthe list at linux@vger.org\n\n"
     "Text.\n"},
    {"a date alone is no heading, its day no section number",
     "Doc\n===\n\n28 Jun 2011\n\nSome text.\n\n27-Dec-2002\n\nMore.\n",
     "===\nDoc\n===\n\n28 Jun 2011\n\nSome text.\n\n27-Dec-2002\n\n"
     "More.\n"},
    {"a numbered heading naming a month and a year is a heading",
     "Doc\n===\n\n2. March 2011 changes\n\nSome text.\n",
     "===\nDoc\n===\n\n2. March 2011 changes\n=====================\n\n"
     "Some text.\n"},
    {"a release beside the document title goes under it",
     "Documentation for /proc/sys/vm\tkernel version 2.6.29\n\nText.\n",
     "==============================\nDocumentation for /proc/sys/vm\n"
     "==============================\n\nkernel version 2.6.29\n\nText.\n"},
    {"a name beside a date stays in the title",
     "2022-08-19  Release Manager\n\n\t* GCC released.\n",
     "===========================\n2022-08-19  Release Manager\n"
     "===========================\n\n\t* GCC released.\n"},
    {"a line ending in ':' glued over a term introduces the definitions",
     "Some text.\n\nSwitching works for these models:\nL3800C\n"
     "    the first one\nA2500H\n    the second one\n",
     "Some text.\n\nSwitching works for these models:\n\nL3800C\n"
     "    the first one\nA2500H\n    the second one\n"},
    {"rows under a two-line header and a rule, closed by one, are a table",
     "Text:\n\n    Speed    Mode      Range\n    (kHz)    (name)    (ms)\n"
     "    ----------------------------\n    100      standard  0..10\n"
     "    400      fast      11..20\n    ----------------------------\n\n"
     "More.\n",
     "Text:\n\n    =====    ========  ======\n    Speed    Mode      Range\n"
     "    (kHz)    (name)    (ms)\n    =====    ========  ======\n"
     "    100      standard  0..10\n    400      fast      11..20\n"
     "    =====    ========  ======\n\nMore.\n"},
    {"under a header over a rule, cells need not start where columns do",
     "Values:\n\n\tResolution    Conversion Time    Input Range\n"
     "\t (C/LSB)       (msec)             (msec)\n"
     "\t------------------------------------------------\n"
     "\t0.5             93.75              0....94\n"
     "\t0.25            187.5              95...187\n"
     "\t------------------------------------------------\n\nMore.\n",
     "Values:\n\n\t==========    ===============    ===========\n"
     "\tResolution    Conversion Time    Input Range\n"
     "\t (C/LSB)       (msec)             (msec)\n"
     "\t==========    ===============    ===========\n"
     "\t0.5             93.75              0....94\n"
     "\t0.25            187.5              95...187\n"
     "\t==========    ===============    ===========\n\nMore.\n"},
    {"a header across the rows' columns leaves them a literal block",
     "Text:\n\n  DIP Switches         Range\n  4    3    2    1     Used\n"
     "  --------------------------\n  On   Off  On   Off   100-143\n"
     "  On   Off  Off  On    140-183\n  --------------------------\n\n"
     "More.\n",
     "Text::\n\n  DIP Switches         Range\n  4    3    2    1     Used\n"
     "  --------------------------\n  On   Off  On   Off   100-143\n"
     "  On   Off  Off  On    140-183\n  --------------------------\n\n"
     "More.\n"},
    /* docutils takes a lone option for an item only over its indented
     * description; stacked ones are a paragraph over the description */
    {"stacked options are a paragraph over their description",
     "Options:\n\n  --enable-a\n  --enable-b\n        Builds them.\n",
     "Options:\n\n  --enable-a\n  --enable-b\n\n        Builds them.\n"},
    {"a lone option under an option list item is text set off",
     "Text.\n\n  -E  --ignore-tab\n  --strip-cr\n\nMore text.\n",
     "Text.\n\n  -E  --ignore-tab\n\n  --strip-cr\n\nMore text.\n"},
    {"an enumerator opening an item's text, its next line left of the "
     "enumerator's text, is escaped after its ordinal",
     "Thanks to:\n\n* A. Wilcox\n    * optional netgroup support\n"
     "* Luca Boccassi\n",
     "Thanks to:\n\n* A\\. Wilcox\n    * optional netgroup support\n"
     "* Luca Boccassi\n"},
    {"an option opening an item's text over a line at its column is escaped",
     "Changes:\n\n* --global-file=file  is now a synonym\n"
     "  which has been fixed.\n",
     "Changes:\n\n* \\--global-file=file  is now a synonym\n"
     "  which has been fixed.\n"},
    {"an anonymous target's short form is markup, other '__ ' lines text",
     "See this__ please.\n\n__ http://x.org/a\n   #frag\n\n__ foo bar\n",
     "See this__ please.\n\n__ http://x.org/a\n   #frag\n\n"
     "\\__ foo bar\n"},
    {"nested list set off", "a\nb\n\n- one\n  - sub\n",
     "a\nb\n\n- one\n\n  - sub\n"},
    {"definition list kept", "a\nb\n\nterm\n\tdef\nterm2\n\tdef2\n",
     "a\nb\n\nterm\n\tdef\nterm2\n\tdef2\n"},
    {"definition ends at text", "a\nb\n\nterm\n\tdef\ntext\n",
     "a\nb\n\nterm\n\tdef\n\ntext\n"},
    {"indented paragraph after text", "a\nb\n    quoted\n",
     "a\nb\n\n    quoted\n"},
    {"first line indent aligned", "a\nb\n\n    First line\nof a paragraph.\n",
     "a\nb\n\nFirst line\nof a paragraph.\n"},
    {"a fraction set in under its introduction is a literal block, no title",
     "a\nb\n\nWe want to maximize:\n\n\tperformance [inst/s]\n"
     "\t--------------------\n\t    power [W]\n\nwhich is all.\n",
     "a\nb\n\nWe want to maximize::\n\n\tperformance [inst/s]\n"
     "\t--------------------\n\t    power [W]\n\nwhich is all.\n"},
    {"a first line further in than a tab keeps its place: a divisor, the "
     "end of a staircase",
     "a\nb\n\n                 writer2 finishes\n  writer1 finishes\n",
     "a\nb\n\n                 writer2 finishes\n\n  writer1 finishes\n"},
    {"a numbered first line's indent aligned: its sentence stays whole",
     "a\nb\n\n  0. This License applies to any program which contains\n"
     "a notice placed by the holder.\n\n  1. You may copy it.\n",
     "a\nb\n\n0. This License applies to any program which contains\n"
     "a notice placed by the holder.\n\n  1. You may copy it.\n"},
    {"a sublist's last item over its parent's next item keeps its indent",
     "a\nb\n\n- Handle it if userspace:\n   1) hangs\n   2) dies\n"
     "- Be simple\n",
     "a\nb\n\n- Handle it if userspace:\n\n   1) hangs\n\n   2) dies\n\n"
     "- Be simple\n"},
    {"stray inline markup escaped", "a\nb\n\nUse *ptr and CONFIG_ here.\n",
     "a\nb\n\nUse \\*ptr and CONFIG\\_ here.\n"},
    {"admonition", "a\nb\n\nNOTE: be careful\nwith this.\n",
     "a\nb\n\n.. note:: be careful\n   with this.\n"},
    {"mixed-case note stays text", "a\nb\n\nNote: be careful.\n",
     "a\nb\n\nNote: be careful.\n"},
    {"header fields", "Title\n=====\nAuthor: Me\nDate: Today\n\nText\n",
     "=====\nTitle\n=====\n:Author: Me\n:Date: Today\n\nText\n"},
    {"a copyright notice among header fields is one, its (C) no list",
     "Title\n=====\n\nCopyright (C) 2016, Intel Corporation\nAuthor: Lv "
     "Zheng <lv@x.com>\n\nText\n",
     "=====\nTitle\n=====\n\n:Copyright: \\(C) 2016, Intel Corporation\n"
     ":Author: Lv Zheng <lv@x.com>\n\nText\n"},
    {"a copyright notice alone under the title is text",
     "Title\n=====\n\nCopyright (C) 2012 Samsung Electronics\n\nText\n",
     "=====\nTitle\n=====\n\nCopyright (C) 2012 Samsung Electronics\n\n"
     "Text\n"},
    {"transition kept between paragraphs", "a\nb\n\nc\n\n----\n\nd\n",
     "a\nb\n\nc\n\n----\n\nd\n"},
    {"separator under a title dropped",
     "Doc\n===\n\n-----------\nText here.\n",
     "===\nDoc\n===\n\nText here.\n"},
    {"comment-like line escaped", "a\nb\n\n.. and so on\n",
     "a\nb\n\n\\.. and so on\n"},
    {"a comment line over a blank alone shows its words",
     "a\nb\n\n.. Contents\n\nText.\n", "a\nb\n\n\\.. Contents\n\nText.\n"},
    {"a dedented first line keeps its dedent when escaped",
     "a\nb\n\n    | x y\nmore text\n", "a\nb\n\n\\| x y\nmore text\n"},
    {"an indented line over a short rule is no paragraph start",
     "a\nb\n\n The PLL is turned off\n-----\n\nMore.\n",
     "a\nb\n\n The PLL is turned off\n\n-----\n\nMore.\n"},
    {"a rule under an escaped first line stays text",
     "a\nb\n\n.. and this is text\n----\n\nMore.\n",
     "a\nb\n\n\\.. and this is text\n\\----\n\nMore.\n"},
    {"an overhanging first line is judged up to a glued title",
     "Some document\n=============\n\n\nIntroduction\n\n  The first line is "
     "indented,\nthe rest is not.\nA title glued on\n================\n\n"
     "Text.\n",
     "=============\nSome document\n=============\n\n\nIntroduction\n"
     "============\n\nThe first line is indented,\nthe rest is not.\n\n"
     "A title glued on\n================\n\nText.\n"},
    {"lines fenced by two like rules under an introduction are a literal "
     "block; a table under its rule is a table",
     "a\nb\n\nThe log has this format:\n\n...\n----------\nSTART <name>\n"
     "[PASSED|FAILED]\n----------\n...\n\nThe values are:\n\nSize    Time\n"
     "----------\n0.5     93.75\n0.25    187.5\n----------\n",
     "a\nb\n\nThe log has this format::\n\n\t...\n\t----------\n\tSTART <name>"
     "\n\t[PASSED|FAILED]\n\t----------\n\t...\n\nThe values are:\n\n"
     "====    =====\nSize    Time\n====    =====\n0.5     93.75\n"
     "0.25    187.5\n====    =====\n"},
    {"a line set in over a rule at the margin is no title glued on",
     "a\nb\n\nlabel Fedora (3.17.0) 22 (Rawhide)\n\tkernel /boot/vmlinuz\n"
     "\tinitrd /boot/initramfs-3.17.0.img\n---------------------------------"
     "\n\nMore.\n",
     "a\nb\n\nlabel Fedora (3.17.0) 22 (Rawhide)\n\tkernel /boot/vmlinuz\n"
     "\tinitrd /boot/initramfs-3.17.0.img\n\n"
     "---------------------------------\n\nMore.\n"},
    {"a U+FEFF moved to the start stays a character",
     "....\n\xef\xbb\xbfword here\n", "\\\xef\xbb\xbfword here\n"},
    {"an item's wrapped text ending like code stays in the item",
     "a\nb\n\n - Umax is the maximum reclaimable utilization (subject to\n"
     "   limits);\n - Uinact is the inactive utilization, computed as\n"
     "   (this_bq - running_bw);\n",
     "a\nb\n\n - Umax is the maximum reclaimable utilization (subject to\n"
     "   limits);\n - Uinact is the inactive utilization, computed as\n"
     "   (this_bq - running_bw);\n"},
    {"a bulleted sentence with wide gaps is prose, not columns",
     "a\nb\n\n o You cannot modify  the set-uid bits or the uid\n"
     "   and gid of files.\n o You cannot create hard links,\t\t\tdevice "
     "files or FIFOs.\n",
     "a\nb\n\n - You cannot modify  the set-uid bits or the uid\n"
     "   and gid of files.\n - You cannot create hard links,\t\t\tdevice "
     "files or FIFOs.\n"},
    {"lines numbered alike are items, not headings",
     "Doc\n===\n\nSteps:\n\n2. load the module first\n\n2. create the "
     "device node\n\nText.\n",
     "===\nDoc\n===\n\nSteps:\n\n2. load the module first\n\n2. create the "
     "device node\n\nText.\n"},
    {"a table whose cells docutils reads as they are is kept",
     "a\nb\n\n=====  ============================\nName   Meaning\n"
     "=====  ============================\nA_1    the CONFIG_VIDEO_400_HACK "
     "switch\nB      x * y, a product\n=====  ============================\n",
     "a\nb\n\n=====  ============================\nName   Meaning\n"
     "=====  ============================\nA_1    the CONFIG_VIDEO_400_HACK "
     "switch\nB      x * y, a product\n=====  ============================\n"},
    {"a table with a cell left open becomes literal",
     "a\nb\n\n=====  =======\nName   Meaning\n=====  =======\nA      an "
     "*open mark\n=====  =======\n",
     "a\nb\n\n::\n\n\t=====  =======\n\tName   Meaning\n\t=====  =======\n"
     "\tA      an *open mark\n\t=====  =======\n"},
    {"a header field whose body holds list items is walked as a body",
     "Title\n=====\n\nLicense:\tGPL version two\n\tsee below\n\t3. WIRING\n"
     "\t4. USERSPACE\n",
     "=====\nTitle\n=====\n\n:License:\tGPL version two\n\tsee below\n\n"
     "\t3. WIRING\n\t4. USERSPACE\n"},
    {"a header line valued with a rule line keeps the header text: a field "
     "holds no transition",
     "Title\n=====\n\nAuthor: Me\nLicense:\t=====\n",
     "=====\nTitle\n=====\n\nAuthor: Me\nLicense:\t=====\n"},
    {"a no-break space before wiki-like markers is text, not a marker",
     "Intro text.\n\n\xc2\xa0*** me: API  ***\n\nThe end.\n",
     "Intro text.\n\n\xc2\xa0*** me: API  ***\n\nThe end.\n"},
    {"fields set off by tabs are a field list, not columns",
     "a\nb\n\n:Author:\t\tJane Doe  and  John\n:Version:\t\t1.0 ==== 2.0\n",
     "a\nb\n\n:Author:\t\tJane Doe  and  John\n:Version:\t\t1.0 ==== 2.0\n"},
    {"a line numbered lower right under a numbered title is an item",
     "Doc\n===\n\n2. Setup\n========\n\n1. install the module first\n\n"
     "Text.\n",
     "===\nDoc\n===\n\n2. Setup\n========\n\n1. install the module first\n\n"
     "Text.\n"},
    {"a stray CR before an inserted blank line", "a\nb\n\n- item t\rke more\n",
     "a\nb\n\n- item t\n\nke more\n"},
    {"an included entity set defines |names|",
     "a\nb\n\n.. include:: <isonum.txt>\n\nCopyright |copy| 1995.\n",
     "a\nb\n\n.. include:: <isonum.txt>\n\nCopyright |copy| 1995.\n"},
    {"footnotes follow each other without blanks",
     "a\nb [1]_ c [2]_\n\n.. [1] http://a.org/\n.. [2] http://b.org/\n",
     "a\nb [1]_ c [2]_\n\n.. [1] http://a.org/\n.. [2] http://b.org/\n"},
    {"comment block kept as written", "a\nb\n\n.. Contents\n   =====\n   1 Intro\n",
     "a\nb\n\n.. Contents\n   =====\n   1 Intro\n"},
    {"line-block-like line escaped", "a\nb\n\n| not a line block\n",
     "a\nb\n\n\\| not a line block\n"},
    {"existing literal kept", "a\nb::\n\n  *x\n\nc\n", "a\nb::\n\n  *x\n\nc\n"},
    {"valid simple table kept",
     "a\nb\n\n=====  =====\nname   value\n=====  =====\nx      1\n=====  =====\n",
     "a\nb\n\n=====  =====\nname   value\n=====  =====\nx      1\n=====  =====\n"},
    {"text in a column margin: literal",
     "a\nb\n\n=====  =====\nname value x\n=====  =====\n",
     "a\nb\n\n::\n\n\t=====  =====\n\tname value x\n\t=====  =====\n"},
    {"table cell needing an escape: literal",
     "a\nb\n\n=====  =====\nint    *p\n=====  =====\n",
     "a\nb\n\n::\n\n\t=====  =====\n\tint    *p\n\t=====  =====\n"},
    {"a cell docutils reads as a transition or a literal intro: literal",
     "a\nb\n\n=====  =====\nirq    use\n=====  =====\n7      ----\n"
     "8      see::\n=====  =====\n",
     "a\nb\n\n::\n\n\t=====  =====\n\tirq    use\n\t=====  =====\n"
     "\t7      ----\n\t8      see::\n\t=====  =====\n"},
    {"a row of dashes under cells spans them: the table is kept",
     "a\nb\n\n======  =====\nLinux   tools\n------  -----\n4.14    7.48\n"
     "======  =====\n",
     "a\nb\n\n======  =====\nLinux   tools\n------  -----\n4.14    7.48\n"
     "======  =====\n"},
    {"valid grid table kept, set off from text",
     "a\nb\n\n+-----+-----+\n| a   | b   |\n+=====+=====+\n| 1   | 2   |\n"
     "+-----+-----+\ntext\n",
     "a\nb\n\n+-----+-----+\n| a   | b   |\n+=====+=====+\n| 1   | 2   |\n"
     "+-----+-----+\n\ntext\n"},
    {"grid table with a spanning cell kept",
     "a\nb\n\n+-----+-----+\n| 1     2   |\n+-----+-----+\n",
     "a\nb\n\n+-----+-----+\n| 1     2   |\n+-----+-----+\n"},
    {"malformed grid table: literal",
     "a\nb\n\n+-----+-----+\n| 1   | 2   |\n+-----+----+\n",
     "a\nb\n\n::\n\n\t+-----+-----+\n\t| 1   | 2   |\n\t+-----+----+\n"},
    {"a grid whose lines start at different columns: literal",
     "a\nb\n\n+---+\n  | 1 |\n  +---+\n",
     "a\nb\n\n::\n\n\t+---+\n\t  | 1 |\n\t  +---+\n"},
    {"double colon without block", "a\nsee::\n\nint *p;\n",
     "a\nsee::\n\n\tint *p;\n"},
    {"heading over a paragraph whose first line is indented",
     "Doc\n===\n\n1. Intro\n\n  Body\nrest of it.\n\n2. Usage\n\nMore.\n",
     "===\nDoc\n===\n\n1. Intro\n========\n\nBody\nrest of it.\n\n"
     "2. Usage\n========\n\nMore.\n"},
    {"escaped comment is no heading", "Doc\n===\n\n.. CONTENTS\n\nText.\n",
     "===\nDoc\n===\n\n\\.. CONTENTS\n\nText.\n"},
    {"a comment heading the file, and an SPDX one, stay comments",
     ".. README,v 1.15 1992/05/20\n\nDoc\n===\n\n"
     ".. SPDX-License-Identifier: GPL-2.0\n\nText.\n",
     ".. README,v 1.15 1992/05/20\n\n===\nDoc\n===\n\n"
     ".. SPDX-License-Identifier: GPL-2.0\n\nText.\n"},
    {"a directive in a definition keeps its content after a blank line",
     "Doc\n===\n\nAccents:\n  .. list-table::\n     :width: 100%\n\n"
     "     * - :math:`a`      ``a``\n       - :math:`b`      ``b``\n",
     "===\nDoc\n===\n\nAccents:\n  .. list-table::\n     :width: 100%\n\n"
     "     * - :math:`a`      ``a``\n       - :math:`b`      ``b``\n"},
    {"columns that a tab after wide characters misaligns are no table",
     /* docutils expands tabs by characters, then widens CJK ones */
     "Doc\n===\n\nFlags:\n\n  \xe4\xbd\x8d 0: \tkernel order\n"
     "  \xe4\xbd\x8d 1-2:\tpage size\n\nEnd.\n",
     "===\nDoc\n===\n\nFlags::\n\n  \xe4\xbd\x8d 0: \tkernel order\n"
     "  \xe4\xbd\x8d 1-2:\tpage size\n\nEnd.\n"},
    {"\"I.\" after \"H.\" continues the alphabetic list",
     "Doc\n===\n\nText.\n\nG. Preserve the lists.\nH. Include a copy.\n"
     "I. Preserve the section, and add\n   to it an item.\n",
     "===\nDoc\n===\n\nText.\n\nG. Preserve the lists.\nH. Include a copy.\n"
     "I. Preserve the section, and add\n   to it an item.\n"},
    {"a lone \"o\" is a letter, not an item", "a\nb\n\no\no\n",
     "a\nb\n\no\no\n"},
    {"a first line no adorned title could be is no document title",
     "+x\n\nc\n", "+x\n\nc\n"},
    {"a CAPS line after the document title is judged as in the output",
     "T D\n\nT D\n\nT\n",
     "===\nT D\n===\n\nT D\n===\n\nT\n"},
    {"a simple table with tabs between its columns is kept",
     "Doc\n===\n\n=======\t=======\nFile\tContents\n=======\t=======\n"
     "``a``\tA list.\n=======\t=======\n",
     "===\nDoc\n===\n\n=======\t=======\nFile\tContents\n=======\t=======\n"
     "``a``\tA list.\n=======\t=======\n"},
    {"vertical tab before the literal intro's end",
     "a\nb\nsee:\v\n\nint *p;\n", "a\nb\nsee::\n\n\tint *p;\n"},
    {"header field over a drawing is no field list",
     "Title\n=====\n\nAuthor: Jane\n    |  x  |  y  |\n\nText.\n",
     "=====\nTitle\n=====\n\n:Author: Jane\n\n::\n\n    |  x  |  y  |\n\n"
     "Text.\n"},
    {"numbered lines out of sequence are not one list",
     "Doc\n===\n\nSome text.\n\n2. Usage\n\n1. Overview\n\nText.\n",
     "===\nDoc\n===\n\nSome text.\n\n2. Usage\n========\n\n1. Overview\n"
     "\nText.\n"},
    {"a numbered line after a colon is no heading",
     "Doc\n===\n\nThe steps are needed:\n\n1. load the module\n\nMore text.\n",
     "===\nDoc\n===\n\nThe steps are needed:\n\n1. load the module\n\n"
     "More text.\n"},
    {"a numbered heading over a glued, indented title",
     "Doc\n===\n\nSome text.\n\n1) Common fields\n The struct\n----------\n\n"
     "Text.\n",
     "===\nDoc\n===\n\nSome text.\n\n1) Common fields\n================\n\n"
     "The struct\n----------\n\nText.\n"},
    {"a rule line after a form feed is escaped after it",
     "Doc\n===\n\nText one.\n\n\f==================\n\nMore text.\n",
     "===\nDoc\n===\n\nText one.\n\n\f\\==================\n\nMore text.\n"},
    {"a header field's ragged continuation is aligned",
     "Title\n=====\n\nAuthor: Jane\n\t\tfrom far\n  and near\n\nText.\n",
     "=====\nTitle\n=====\n\n:Author: Jane\n\t\tfrom far\n\t\tand near\n\n"
     "Text.\n"},
    {"lines under shifted code stay in its literal block",
     "a\nb\n\n\t- The 24/32 is not likely to work, knowing that the\n"
     "\thardware does unusual things in removal:\n"
     "\t# con2fb /dev/fbx /dev/ttyx\n"
     "\t  bind the tty to the old frame buffer so the module can be "
     "removed.\n\t# rmmod sstfb\n",
     "a\nb\n\n\t- The 24/32 is not likely to work, knowing that the\n"
     "\t  hardware does unusual things in removal::\n\n"
     "\t\t# con2fb /dev/fbx /dev/ttyx\n"
     "\t\t  bind the tty to the old frame buffer so the module can be "
     "removed.\n\n\t\t# rmmod sstfb\n"},
    /* A reading's own edits can change what a next reading finds; the
     * output is what converts to itself. */
    {"an item escaped to text leaves a header field",
     "Doc\n\nAuthor: Jane\n\t*\n*.h\n",
     "===\nDoc\n===\n\n:Author: Jane\n\t\\*\n\n\\*.h\n"},
    {"a literal block too far left of its '::' gets a '::' of its own",
     "Text.\n\n" TABS8 TABS8 TABS8 "Run this::\n\n$ make\n",
     "Text.\n\n" TABS8 TABS8 TABS8 "Run this\\::\n\n::\n\n\t$ make\n"},
    {"a line of no width (a left-to-right mark) is no heading",
     "\xe2\x80\x8e\n\nText.\n", "\xe2\x80\x8e\n\nText.\n"},
    {"a rule of backslashes is broken by an escaped space, not lengthened",
     "Doc\n===\n\n* \\\\\\\\\\\\\n  more\n",
     "===\nDoc\n===\n\n* \\ \\\\\\\\\\\\\n  more\n"},
    {"numbered headings at the margin of a text indented throughout",
     "  Load Balancing HOWTO\n  Simon Janes\n\n  This is the manual.\n\n"
     "  1.  Introduction\n\n  Which is worse? A fee or two lines?\n\n"
     "  2.  Configuration\n\n  Here I describe the steps.\n",
     "  Load Balancing HOWTO\n  Simon Janes\n\n  This is the manual.\n\n"
     "1.  Introduction\n================\n\n"
     "  Which is worse? A fee or two lines?\n\n"
     "2.  Configuration\n=================\n\n  Here I describe the steps.\n"},
    {"a numbered line indented under flush-left text is no heading",
     "This is the manual.\n\n  1.  Introduction\n\n"
     "  Which is worse? A fee or two lines?\n",
     "This is the manual.\n\n  1.  Introduction\n\n"
     "  Which is worse? A fee or two lines?\n"},
    {"a line block escaped once is escaped on every line",
     "T\n]=\n:*: |===\n | o\n", "T\n]=\n\n:\\*: \\|===\n \\| o\n"},
    {"a command and its output under a ':' line are one literal block",
     "Doc\n===\n\nThe list can be read by:\n\n\t# cat /proc/fs/afs/sysname\n"
     "\tfoo\n\tamd64_linux_26\n\nIt is short.\n",
     "===\nDoc\n===\n\nThe list can be read by::\n\n\t# cat /proc/fs/afs/"
     "sysname\n\tfoo\n\tamd64_linux_26\n\nIt is short.\n"},
    {"commands at a prompt and their output are one literal block, the "
     "sentence over them ending in '::'",
     "Doc\n===\n\nThe output of the tool is shown below\n\n~/src # ./getdelays"
     "  -C \"/sys/fs/cgroup/a\"\nsleeping 1, blocked 0, running 1, stopped 0, "
     "uninterruptible 0\n~/src # ./getdelays  -C \"/sys/fs/cgroup\"\nsleeping "
     "155, blocked 0, running 1, stopped 0, uninterruptible 2\n",
     "===\nDoc\n===\n\nThe output of the tool is shown below::\n\n\t~/src "
     "# ./getdelays  -C \"/sys/fs/cgroup/a\"\n\tsleeping 1, blocked 0, "
     "running 1, stopped 0, uninterruptible 0\n\t~/src # ./getdelays  -C "
     "\"/sys/fs/cgroup\"\n\tsleeping 155, blocked 0, running 1, stopped 0, "
     "uninterruptible 2\n"},
    {"text left of the commands above it is not their output",
     "Doc\n===\n\nTunables\n========\nPer-route support\n\tThe setting can be "
     "changed with the route command of\n\tiproute2; for example:\n\t\t> ip route change "
     "10.0.0.0/24 rto_min 250j dev wlan0\n\t\t> ip route show dev wlan0\n"
     "\tCCID-3 also supports the rto_min setting: it is used to define the "
     "lower\n\tbound for the expiry of the timer.\n",
     "===\nDoc\n===\n\nTunables\n========\nPer-route support\n\tThe setting "
     "can be changed with the route command of\n\tiproute2; for example::\n\n\t\t> ip route "
     "change 10.0.0.0/24 rto_min 250j dev wlan0\n\t\t> ip route show dev "
     "wlan0\n\n\tCCID-3 also supports the rto_min setting: it is used to "
     "define the lower\n\tbound for the expiry of the timer.\n"},
    {"a date over a rule across the page is no heading; one underlined is",
     "Doc\n===\n\nWritten by Jane Doe\n\n29 May 1999\n========================================\n\n"
     "1. Introduction\n\nText.\n\n2004-10-09\n----------\n\nFixed it.\n",
     "===\nDoc\n===\n\nWritten by Jane Doe\n\n29 May 1999\n\\========================================\n\n"
     "1. Introduction\n===============\n\nText.\n\n2004-10-09\n"
     "----------\n\nFixed it.\n"},
    {"code over its description only under a ':' line is a term",
     "Doc\n===\n\nSome loaders add to the command line:\n\n  BOOT_IMAGE=<file>"
     "\n\tThe boot image which was loaded, <file> as\n\tthe loader names "
     "it.\n",
     "===\nDoc\n===\n\nSome loaders add to the command line:\n\n  BOOT_IMAGE="
     "<file>\n\tThe boot image which was loaded, <file> as\n\tthe loader "
     "names it.\n"},
    {"a command over its continuation lines under a ':' line is code",
     "Doc\n===\n\nCount them like this:\n\nperf stat -e\n\tcpu/event=0x8,"
     "umask=0x84,name=walk_duration/,\n\tcpu/event=0x8,umask=0x82,name="
     "walk_completed/\n",
     "===\nDoc\n===\n\nCount them like this::\n\n\tperf stat -e\n\t\tcpu/"
     "event=0x8,umask=0x84,name=walk_duration/,\n\t\tcpu/event=0x8,umask="
     "0x82,name=walk_completed/\n"},
    {"a command over a sentence under a ':' line is no transcript",
     "Doc\n===\n\nThe list can be read by:\n\n\t# cat /proc/fs/afs/sysname\n"
     "\tand this shows what the list holds right now\n",
     "===\nDoc\n===\n\nThe list can be read by:\n\n\t# cat /proc/fs/afs/"
     "sysname\n\tand this shows what the list holds right now\n"},
    {"a short sentence after a glued command is text again",
     "Doc\n===\n\nRun the following command as root:\n/usr/bin/espeakup\n"
     "Espeakup should start speaking.\n",
     "===\nDoc\n===\n\nRun the following command as root::\n\n\t/usr/bin/"
     "espeakup\n\nEspeakup should start speaking.\n"},
    {"a short sentence deeper than the code before it is the code's",
     "Doc\n===\n\nIt reads:\nfoo = {\n\tSuggested for it.\n}\n",
     "===\nDoc\n===\n\nIt reads::\n\n\tfoo = {\n\t\tSuggested for it.\n"
     "\t}\n"},
    {"lines deeper than flush-left code keep their indentation under it",
     "Doc\n===\n\nIt reads:\nmount /dev/sda1 /mnt\n\tThe second line is a "
     "sentence of prose.\n",
     "===\nDoc\n===\n\nIt reads::\n\n\tmount /dev/sda1 /mnt\n\t\tThe "
     "second line is a sentence of prose.\n"},
    {"an item over its command after a ':' line starts a list",
     "Doc\n===\n\nUse one of these methods:\n1. Start it with the -D "
     "argument: >\n\tvim -D file.txt\n<  Debugging starts at once.\n2. Run "
     "it with debug on.\n",
     "===\nDoc\n===\n\nUse one of these methods:\n\n1. Start it with the "
     "-D argument: >\n\n   ::\n\n\tvim -D file.txt\n\n<  Debugging starts "
     "at once.\n\n2. Run it with debug on.\n"},
    {"the title under a comment heading the file goes above it",
     "/*\n * (C) Copyright 2001 Dave Ellis\n */\n\nUsing autoboot\n"
     "==============\n\nText here.\n",
     "==============\nUsing autoboot\n==============\n\n::\n\n\t/*\n"
     "\t * (C) Copyright 2001 Dave Ellis\n\t */\n\nText here.\n"},
    {"an SPDX line over a comment becomes the licence comment; a lone line "
     "under them is the document title",
     "SPDX-License-Identifier: GPL-2.0+\n/*\n * (C) Copyright 2011 A B "
     "<a@b.c>\n */\n\nANSI terminal bootmenu command\n\nThe bootmenu "
     "command uses menus.\n",
     ".. SPDX-License-Identifier: GPL-2.0+\n\n"
     "==============================\nANSI terminal bootmenu command\n"
     "==============================\n\n::\n\n\t/*\n\t * (C) Copyright "
     "2011 A B <a@b.c>\n\t */\n\nThe bootmenu command uses menus.\n"},
    {"a wiki heading under a comment heading the file loses its markers",
     "/*\n * (C) Copyright 2001 A B\n */\n\n== Using it ==\n\nText.\n",
     "========\nUsing it\n========\n\n::\n\n\t/*\n\t * (C) Copyright 2001 "
     "A B\n\t */\n\nText.\n"},
    {"an underlined title ends a literal block made of flush-left code",
     "Intro text.\n\nint x;\nint y;\n\n\t\tThe Foo Driver\n"
     "\t\t--------------\n\nSome text here.\n",
     "Intro text.\n\n::\n\n\tint x;\n\tint y;\n\nThe Foo Driver\n"
     "--------------\n\nSome text here.\n"},
    {"an underlined example in a literal block the writer made stays in it",
     "Intro text.\n\nExample::\n\n    Title\n    -----\n\nText.\n",
     "Intro text.\n\nExample::\n\n    Title\n    -----\n\nText.\n"},
    {"labels with a value wrapped under its text are a field list",
     "Some intro.\n\nWRPT:       To send an event\nArguments:  Arg0 is a "
     "byte, with bit 0\n            set to mark a panic.\nReturn:     None\n",
     "Some intro.\n\n:WRPT:       To send an event\n:Arguments:  Arg0 is a "
     "byte, with bit 0\n            set to mark a panic.\n:Return:     "
     "None\n"},
    {"a value hanging deeper than its text goes to the text's column",
     "Intro.\n\n  Valid Range:   0,1,3 (0=off, 1=dynamic,\n"
     "                            3=conservative)\n  Default Value: 3\n",
     "Intro.\n\n  :Valid Range:   0,1,3 (0=off, 1=dynamic,\n"
     "                  3=conservative)\n  :Default Value: 3\n"},
    {"a label's words name the field, \"Copyright holder\" too",
     "Intro.\n\nCopyright holder: Free Software\n    Foundation\n"
     "Version: 1.01\n",
     "Intro.\n\n:Copyright holder: Free Software\n    Foundation\n"
     ":Version: 1.01\n"},
    {"a value ending in ':' introduces the lines under it",
     "Intro.\n\nVersion: 1.01\nMachines: It runs on these:\n"
     "\tBSD4.3 (VAX 11)\n\tMINIX 1.5 (pc532)\n",
     "Intro.\n\nVersion: 1.01\nMachines: It runs on these::\n\n"
     "\tBSD4.3 (VAX 11)\n\tMINIX 1.5 (pc532)\n"},
    {"phrases set off by a '*' head sections where two or more do",
     "An intro, of two lines\nat the top.\n\n* Signal handling\n\n"
     "Signals are delayed.\n\n"
     "* PSR Handling\n\nThe PSR is kept.\n",
     "An intro, of two lines\nat the top.\n\nSignal handling\n"
     "===============\n\nSignals are "
     "delayed.\n\nPSR Handling\n============\n\nThe PSR is kept.\n"},
    {"one phrase set off by a '*' inside a text is an item",
     "An intro, of two lines\nat the top.\n\n* Signal handling\n\n"
     "Signals are delayed.\n",
     "An intro, of two lines\nat the top.\n\n* Signal handling\n\n"
     "Signals are delayed.\n"},
    {"a '*' phrase over text indented as its body is an item",
     "An intro, of two lines\nat the top.\n\n* Minimum temperature\n\n"
     "  Exported via sysfs."
     "\n\n* Reset of the history\n\n  Exported too.\n",
     "An intro, of two lines\nat the top.\n\n* Minimum temperature\n\n"
     "  Exported via sysfs."
     "\n\n* Reset of the history\n\n  Exported too.\n"},
    {"a '*' phrase ending a sentence is an item",
     "An intro, of two lines\nat the top.\n\n* Signals are delayed.\n\n"
     "More text.\n\n"
     "* The PSR is kept.\n\nMore.\n",
     "An intro, of two lines\nat the top.\n\n* Signals are delayed.\n\n"
     "More text.\n\n"
     "* The PSR is kept.\n\nMore.\n"},
    {"a document's first line set off by a '*' is its title",
     "* Freescale i.MX UART controller\n\nRequired properties:\n\n"
     "- reg : Address\n",
     "==============================\nFreescale i.MX UART controller\n"
     "==============================\n\nRequired properties:\n\n"
     "- reg : Address\n"},
    {"names after separators head the entries of a document of three",
     "An intro, of two lines\nat the top.\n\n==========\n\nblock_dump\n\n"
     "Enables dumps.\n\n==========\n\nthreads-max\n\nLimits threads.\n\n"
     "==========\n\nmsg_next_id, sem_next_id:\n\nSet ids.\n",
     "An intro, of two lines\nat the top.\n\n\nblock_dump\n==========\n\n"
     "Enables dumps.\n\n\nthreads-max\n===========\n\nLimits threads.\n\n"
     "\nmsg_next_id, sem_next_id:\n=========================\n\nSet ids.\n"},
    {"two names after separators may be values: they stay text",
     "An intro, of two lines\nat the top.\n\n==========\n\nblock_dump\n\n"
     "Enables dumps.\n\n==========\n\nthreads-max\n\nLimits threads.\n",
     "An intro, of two lines\nat the top.\n\n==========\n\nblock_dump\n\n"
     "Enables dumps.\n\n==========\n\nthreads-max\n\nLimits threads.\n"},
    {"a name under a title's underline is text of its section",
     "An intro, of two lines\nat the top.\n\nSee also\n========\n\n"
     "block_dump\n\nText.\n\nMore\n====\n\nthreads-max\n\nText.\n\n"
     "Last\n====\n\nmsg_next_id\n\nText.\n",
     "An intro, of two lines\nat the top.\n\nSee also\n========\n\n"
     "block_dump\n\nText.\n\nMore\n====\n\nthreads-max\n\nText.\n\n"
     "Last\n====\n\nmsg_next_id\n\nText.\n"},
    {"an indented part numbered after its chapter heads its section",
     "Title\n=====\n\n6. Dependencies\n---------------\n\nSome text.\n\n"
     "  6.1 - Asymmetric CPU topology\n\nMore text.\n",
     "=====\nTitle\n=====\n\n6. Dependencies\n---------------\n\nSome "
     "text.\n\n6.1 - Asymmetric CPU topology\n~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
     "\nMore text.\n"},
    {"a number after a dash is a value's, not a part's",
     "Modes, as follows:\n\n  0 - Off\n\n  1 - On\n",
     "Modes, as follows:\n\n  0 - Off\n\n  1 - On\n"},
    {"a separator right over a numbered line parts a section off",
     "An intro, of two lines\nat the top.\n\n----------\n1. Introduction\n"
     "\n   The driver supports boards.\n\n----------\n2. Requirements\n\n"
     "   A kernel.\n",
     "An intro, of two lines\nat the top.\n\n1. Introduction\n"
     "===============\n\n   The driver supports boards.\n\n2. Requirements\n"
     "===============\n\n   A kernel.\n"},
    {"a numbered line over an indented text is an item, with no separator",
     "An intro, of two lines\nat the top.\n\n1. Introduction\n\n"
     "   The driver supports boards.\n",
     "An intro, of two lines\nat the top.\n\n1. Introduction\n\n"
     "   The driver supports boards.\n"},
    {"a part numbered after the last numbered title, others between",
     "Title\n=====\n\n3. Install\n----------\n\nText.\n\n3.1 Hardware\n"
     "\n  Two buses.\n\n  ISA board\n  ---------\n  Set the IRQ.\n\n"
     "  3.2 Driver files\n\n  Copy them.\n",
     "=====\nTitle\n=====\n\n3. Install\n----------\n\nText.\n\n"
     "3.1 Hardware\n~~~~~~~~~~~~\n\n  Two buses.\n\nISA board\n---------\n"
     "  Set the IRQ.\n\n3.2 Driver files\n~~~~~~~~~~~~~~~~\n\n"
     "  Copy them.\n"},
    {"a run of labels parted by blank lines, one value wrapped, is fields",
     "Intro.\n\nBit 0:      Dirty bit.  If set\n            may be bad.\n\n"
     "Bit 1:      Corrupt.\n",
     "Intro.\n\n:Bit 0:      Dirty bit.  If set\n            may be bad.\n\n"
     ":Bit 1:      Corrupt.\n"},
    {"a FAQ's one-letter marks name no fields",
     "Intro.\n\nQ: What is it, and why?\n\nA: It is a list, of\n"
     "   lines.\n\nQ: Why?\n",
     "Intro.\n\nQ: What is it, and why?\n\nA: It is a list, of\n"
     "   lines.\n\nQ: Why?\n"},
    {"a sentence ended by its mark over code gets a '::' line of its own",
     "Intro.\n\nThe tool prints the limits of the group.\n\n"
     "\t# cat /proc/self/limits\n",
     "Intro.\n\nThe tool prints the limits of the group.\n\n::\n\n"
     "\t# cat /proc/self/limits\n"},
    {"a remark in brackets ending in ':' over code keeps its marks",
     "Intro.\n\n(from an older version of this document:)\n\n"
     "\t# cat /proc/self/limits\n",
     "Intro.\n\n(from an older version of this document:)\n\n::\n\n"
     "\t# cat /proc/self/limits\n"},
    {"lines of their own under labels are no wrapped values",
     "Intro.\n\nExample: precomp:{1,,7}\n         On Controller 0 set it to 1."
     "\n         On Controller 2 set it to 8.\nValues:  0 - 7\n",
     "Intro.\n\nExample: precomp:{1,,7}\n         On Controller 0 set it to 1."
     "\n         On Controller 2 set it to 8.\n\nValues:  0 - 7\n"},
    {"labels one a line are a paragraph: it holds them",
     "Intro.\n\nValid Range:   0-65535\nDefault Value: 0\n",
     "Intro.\n\nValid Range:   0-65535\nDefault Value: 0\n"},

    {"a line under text after a label's one space is a quote",
     "Supported chips:\n  * LM75\n    Prefix: lm75\n    Datasheet: "
     "Publicly available\n               http://www.national.com/\n",
     "Supported chips:\n\n  * LM75\n    Prefix: lm75\n    Datasheet: "
     "Publicly available\n\n               http://www.national.com/\n"},
    {"a one-word label over an indented list is its term",
     "Flavors:\n  - SAMA5D2\n  - SAMA5D3\n\nThe chips are:\n  - SAM9G15\n",
     "Flavors:\n  - SAMA5D2\n  - SAMA5D3\n\nThe chips are:\n\n  - SAM9G15\n"},
    {"text under a number's label after one space hangs under it",
     "Regions:\n\n0000 - 03ff : reserved.\n0400 - 041f : vga ioports, "
     "remapped 1:1.\n              word access is supported.\n0500 - 0515 "
     ": bochs dispi registers,\n              mapped flat.\n",
     "Regions:\n\n0000 - 03ff : reserved.\n\n0400 - 041f : vga ioports, "
     "remapped 1:1.\n              word access is supported.\n0500 - 0515 "
     ": bochs dispi registers,\n              mapped flat.\n"},
    {"a label ending in a number hangs its text after one space",
     "Bits:\n\nbit 0: set on a panic.\nbit 1: named crashloaded. set on a "
     "panic and run\n       kexec to handle it.\n",
     "Bits:\n\nbit 0: set on a panic.\n\nbit 1: named crashloaded. set on "
     "a panic and run\n       kexec to handle it.\n"},
    {"bit rows keep their hanging text and their indentation",
     "Fields:\n  [0x14] Status fields\n      bits:\n          0: Device is "
     "enabled and may be used by the guest\n          1: Device insert "
     "event, used to tell a device for\n             which no check was "
     "issued.\n          2-7: reserved and ignored by OSPM\n  [0x15-0x17] "
     "reserved\n",
     "Fields:\n  [0x14] Status fields\n      bits:\n          0: Device is "
     "enabled and may be used by the guest\n\n          1: Device insert "
     "event, used to tell a device for\n             which no check was "
     "issued.\n\n          2-7: reserved and ignored by OSPM\n\n  [0x15-0x17] "
     "reserved\n"},
    {"a sample indented under a sentence ending in ':' is literal",
     "The driver reports events in the following format:\n\n"
     "\tibm/hotkey HKEY 00000080 0000xxxx\n\nSome of them are keys.\n\n"
     "Now we must know the size of the free flash:\n\n\tfis free\n\n"
     "Result:\n",
     "The driver reports events in the following format::\n\n"
     "\tibm/hotkey HKEY 00000080 0000xxxx\n\nSome of them are keys.\n\n"
     "Now we must know the size of the free flash::\n\n\tfis free\n\n"
     "Result:\n"},
    {"a header reading as a sentence over a rule with a tab heads a table",
     "Types:\n\n  Error Type Value\tError Description\n  ================\t"
     "=================\n  0x00000001\t\tProcessor Correctable\n  "
     "0x00000002\t\tMemory Uncorrectable non-fatal\n\nMore text.\n",
     "Types:\n\n  ================      ==============================\n"
     "  Error Type Value\tError Description\n"
     "  ================      ==============================\n"
     "  0x00000001\t\tProcessor Correctable\n  0x00000002\t\tMemory "
     "Uncorrectable non-fatal\n"
     "  ================      ==============================\n\n"
     "More text.\n"},
    {"labels in lower case of two words or more head their paragraphs",
     "Light\n=====\n\nThe light is on the lid.\n\nprocfs notes:\n\nThe light "
     "can be read and set through procfs.\n\nsysfs notes:\n\nThe light is "
     "a device of the LED class.\n",
     "=====\nLight\n=====\n\nThe light is on the lid.\n\nprocfs notes:\n"
     "=============\n\nThe light can be read and set through procfs.\n\n"
     "sysfs notes:\n============\n\nThe light is a device of the LED "
     "class.\n"},
    {"phrases in brackets or asking heading two paragraphs are headings",
     "Intro\n=====\n\nThe tool is small.\n\n[What is it?]\n\nIt is a file "
     "system of kernel objects.\n\n[Using it]\n\nThe module is loaded at "
     "boot.\n\nWhere does it live?\n\nIt is mounted at boot by the init "
     "system.\n\nHow is it built?\n\nThe kernel is built with the option "
     "set.\n",
     "=====\nIntro\n=====\n\nThe tool is small.\n\n[What is it?]\n"
     "=============\n\nIt is a file system of kernel objects.\n\n"
     "[Using it]\n==========\n\nThe module is loaded at boot.\n\n"
     "Where does it live?\n===================\n\nIt is mounted at boot "
     "by the init system.\n\nHow is it built?\n================\n\nThe "
     "kernel is built with the option set.\n"},
    {"one remark in brackets among phrases stays text",
     "Intro\n=====\n\nThe tool is small.\n\n[Some paragraphs taken from "
     "the page]\n\nThe main purpose of a report is a fix.\n\nWhat we need"
     "\n\nPlease include the version of the tool.\n\nWhat we do not want\n"
     "\nPlease leave out the header files.\n",
     "=====\nIntro\n=====\n\nThe tool is small.\n\n[Some paragraphs taken "
     "from the page]\n\nThe main purpose of a report is a fix.\n\nWhat we "
     "need\n============\n\nPlease include the version of the tool.\n\n"
     "What we do not want\n===================\n\nPlease leave out the "
     "header files.\n"},
    {"a title set in over credits left of it heads the sections under it",
     "     Kernel level exception handling\n  Commentary by Jane Doe "
     "<jane@example.org>\n\nWhen a process runs in kernel mode, it checks "
     "addresses.\n\nHow it works\n------------\n\nThe table is searched.\n",
     "===============================\nKernel level exception handling\n"
     "===============================\n\n  Commentary by Jane Doe "
     "<jane@example.org>\n\nWhen a process runs in kernel mode, it checks "
     "addresses.\n\nHow it works\n------------\n\nThe table is searched.\n"},
    {"parts lettered A., B., C. head an outline, the first glued or not",
     "Driver\n======\n\nA. Introduction\n\tThis is a framebuffer driver.\n"
     "\nB.  Features\n\n\tIt pans and it blanks.\n\nC. Booting\n\nGive the "
     "options on the command line.\n",
     "======\nDriver\n======\n\nA. Introduction\n===============\n\n\tThis "
     "is a framebuffer driver.\n\nB.  Features\n============\n\n\tIt pans and "
     "it blanks.\n\nC. Booting\n==========\n\nGive the options on the "
     "command line.\n"},
    {"lettered lines one under the other are a list's items",
     "Driver\n======\n\nThe choices are:\n\nA. The first mode\n\nB. The "
     "second mode\n\nBoth work.\n",
     "======\nDriver\n======\n\nThe choices are:\n\nA. The first mode\n\n"
     "B. The second mode\n\nBoth work.\n"},
    {"a marked heading glued over its text heads it",
     "Locking\n=======\n\nThe rules follow.\n\n------- dentry_operations "
     "-------\nprototypes:\n\tint (*d_hash)(const struct dentry *);\n",
     "=======\nLocking\n=======\n\nThe rules follow.\n\ndentry_operations\n"
     "=================\n\nprototypes::\n\n\tint (*d_hash)(const struct "
     "dentry *);\n"},
    {"a table's border glued over its rows is no marked heading",
     "===\nMap\n===\n\nThe hot key event map:\n\n======  ====    =====    "
     "       ===================\nACPI\tScan\nevent\tcode\tKey\t\tNotes\n"
     "\n0x1001\t0x00\tFN+F1\t\t-\n\n0x1002\t0x01\tFN+F2\t\tIBM: battery (r"
     "are)\n\t\t\t\tLenovo: Screen lock\n======  ====    =====           ="
     "==================\n\nThe rest are reserved.\n",
     "===\nMap\n===\n\nThe hot key event map:\n\n======  ====    =====    "
     "       ===================\nACPI\tScan\nevent\tcode\tKey\t\tNotes\n"
     "\n0x1001\t0x00\tFN+F1\t\t-\n\n0x1002\t0x01\tFN+F2\t\tIBM: battery (r"
     "are)\n\t\t\t\tLenovo: Screen lock\n======  ====    =====           ="
     "==================\n\nThe rest are reserved.\n"},
    {"names one a chunk, and an identifier, over prose are no phrases",
     "Modes\n=====\n\nThe modes are named in the manual.\n\nRGMII mode\n\n"
     "SGMII mode\n\nEach of them is picked by the device tree.\n\n"
     "CONFIG_FROB_DEBUG\n\nThis option is an identifier and not a "
     "heading.\n",
     "=====\nModes\n=====\n\nThe modes are named in the manual.\n\nRGMII "
     "mode\n\nSGMII mode\n\nEach of them is picked by the device tree.\n\n"
     "CONFIG_FROB_DEBUG\n\nThis option is an identifier and not a "
     "heading.\n"},
    {"people with addresses under a term of their own are its list",
     "Driver\n======\n\nAuthors:\n        Chen-Yuan Wu <gwu@example.com>,\n"
     "        Jean Delvare <jdelvare@example.org>\n\nDescription\n"
     "-----------\n\nIt reads the sensors.\n",
     "======\nDriver\n======\n\nAuthors:\n        - Chen-Yuan Wu "
     "<gwu@example.com>,\n        - Jean Delvare <jdelvare@example.org>\n\n"
     "Description\n-----------\n\nIt reads the sensors.\n"},
    {"two names without addresses under a term stay its text",
     "Driver\n======\n\nChips:\n        Analog Devices\n        Maxim "
     "Integrated\n\nIt reads the sensors.\n",
     "======\nDriver\n======\n\nChips:\n        Analog Devices\n        Maxim "
     "Integrated\n\nIt reads the sensors.\n"},
    {"a phrase saying what to do over commands is text over their block",
     "Backups\n=======\n\nA weekly backup.\n\n  To enable, run\n  systemctl "
     "enable --now backup.timer\n  systemctl start backup.service\n\nThat "
     "is all.\n",
     "=======\nBackups\n=======\n\nA weekly backup.\n\n  To enable, run\n\n"
     "  ::\n\n\t  systemctl enable --now backup.timer\n\t  systemctl start "
     "backup.service\n\nThat is all.\n"},
    {"phrases heading two paragraphs or more are headings",
     "Uses\n====\n\nThe scheduler serves two needs.\n\nHigh throughput\n\n"
     "Most of the time goes to the disk's work.\n\nLow latency for "
     "interactive tasks\n\nThe device is as responsive as if idle.\n",
     "====\nUses\n====\n\nThe scheduler serves two needs.\n\nHigh "
     "throughput\n===============\n\nMost of the time goes to the disk's "
     "work.\n\nLow latency for interactive tasks\n"
     "=================================\n\nThe device is as responsive as "
     "if idle.\n"},
    {"one phrase over a paragraph, or a sentence, stays text",
     "Uses\n====\n\nThe scheduler serves two needs.\n\nHigh throughput\n\n"
     "Most of the time goes to the disk's work.\n\nThe queue is defined in "
     "block.h\n\nIt holds the requests in order.\n",
     "====\nUses\n====\n\nThe scheduler serves two needs.\n\nHigh "
     "throughput\n\nMost of the time goes to the disk's work.\n\nThe queue "
     "is defined in block.h\n\nIt holds the requests in order.\n"},
    {"lines of references, one a line, are set apart",
     "Doc\n===\n\nSee [1] and [2].\n\n[1] https://x.org/a\n"
     "[2] https://x.org/b\n\n  [3] The spec, rev 2\n  [4] The errata\n",
     "===\nDoc\n===\n\nSee [1] and [2].\n\n[1] https://x.org/a\n\n"
     "[2] https://x.org/b\n\n  [3] The spec, rev 2\n\n  [4] The errata\n"},
    {"a reference wrapped onto a second line stays one paragraph",
     "Doc\n===\n\n[1] The first reference,\nwrapped here.\n",
     "===\nDoc\n===\n\n[1] The first reference,\nwrapped here.\n"},
    {"a list set in under an item's line, left of its text, is set apart",
     "Doc\n===\n\nThe cost:\n\n1. Increased Memory Use\n  a. Each process "
     "needs an order-1 PGD.\n     (4k more per process).\n  b. The entry "
     "area is 2MB.\n\n2. Runtime Cost\n  a. CR3 is switched at entry.\n",
     "===\nDoc\n===\n\nThe cost:\n\n1. Increased Memory Use\n\n  a. Each "
     "process needs an order-1 PGD.\n     (4k more per process).\n  b. The "
     "entry area is 2MB.\n\n2. Runtime Cost\n\n  a. CR3 is switched at "
     "entry.\n"},
    {"a short sentence left of the code it closes is text again",
     "Doc\n===\n\nThe kernels are fine, as they are.\n\n  $ ls -l /bin/ping\n"
     "  $ ls -l /bin/su\n     ^\nThat is not good.\n\n  $ sudo chmod 755 "
     "/bin/ping\n",
     "===\nDoc\n===\n\nThe kernels are fine, as they are.\n\n::\n\n"
     "  $ ls -l /bin/ping\n  $ ls -l /bin/su\n     ^\n\nThat is not good.\n\n"
     "::\n\n  $ sudo chmod 755 /bin/ping\n"},
    {"a part beside the document title goes below it with its sections",
     "Doc Title\n=========\n\nText.\n\nSub A\n-----\n\nText.\n\nPart Two\n"
     "========\n\nSub B\n-----\n\nText.\n",
     "=========\nDoc Title\n=========\n\nText.\n\nSub A\n-----\n\nText.\n\n"
     "Part Two\n--------\n\nSub B\n~~~~~\n\nText.\n"},
    {"a section titled Note over the document's title is a note under it",
     "Note\n====\n\nThis driver supersedes the old one.\n\nKernel driver "
     "FOO\n=================\n\nText.\n\nUsage\n-----\n\nMore.\n",
     "=================\nKernel driver FOO\n=================\n\n.. note::\n\n"
     "   This driver supersedes the old one.\n\nText.\n\nUsage\n-----\n\n"
     "More.\n"},
    {"a Note section over a section of another style stays a section",
     "Note\n----\n\nThis driver supersedes the old one.\n\nKernel driver "
     "FOO\n=================\n\nText.\n",
     "====\nNote\n====\n\nThis driver supersedes the old one.\n\nKernel "
     "driver FOO\n=================\n\nText.\n"},
    {"a comment over a contents list set in past a blank line hides it",
     "Doc\n===\n\nA driver.\n\n.. Contents:\n\n - Introduction\n  -- "
     "Background\n\nIntroduction\n------------\n\nText.\n",
     "===\nDoc\n===\n\nA driver.\n\n.. Contents:\n\n - Introduction\n  -- "
     "Background\n\nIntroduction\n------------\n\nText.\n"},
    {"links, names and text going on at the column are no samples",
     "More is found on the project's web site:\n\n"
     "\twww.example.org/driver\n\nThe driver was written by these "
     "people:\n\n\tJane Doe <jane@example.org>\n\nThe state of the cluster "
     "is split in two:\n\n\tcluster_state\n\n\tIt tells what the cluster "
     "does.\n",
     "More is found on the project's web site:\n\n"
     "\twww.example.org/driver\n\nThe driver was written by these "
     "people:\n\n\tJane Doe <jane@example.org>\n\nThe state of the cluster "
     "is split in two:\n\n\tcluster_state\n\n\tIt tells what the cluster "
     "does.\n"},
};

/* Texts holding RST markup among legacy constructs, converted all the
 * same (--as-text): the markup must come out as markup. */
static const struct {
  const char *name, *in, *want;
} markup_cases[] = {
    {"a comment over targets is markup; a target's URL stays under it",
     "Doc\n===\n\nSee selftests_.\n\n.. Links\n.. _selftests:\n   "
     "https://x.org/selftests/\n.. _other: y.rst\n",
     "===\nDoc\n===\n\nSee selftests_.\n\n.. Links\n.. _selftests:\n   "
     "https://x.org/selftests/\n.. _other: y.rst\n"},
    {"an anonymous reference is kept where an anonymous target is",
     "Doc\n===\n\nThe suite `i8kutils`__ helps; so does `x`__.\n\n"
     "__ https://x.org/i8kutils\n\n.. __: https://x.org/x\n",
     "===\nDoc\n===\n\nThe suite `i8kutils`__ helps; so does `x`__.\n\n"
     "__ https://x.org/i8kutils\n\n.. __: https://x.org/x\n"},
    /* docutils counts the backslashes: "\\:" is an escaped backslash and
     * a colon that ends the name, "\:" an escaped colon that does not */
    {"an escaped backslash before the ':' ends a target name",
     "Doc\n===\n\n.. _foo\\\\: http://x.org\n\ntext\n",
     "===\nDoc\n===\n\n.. _foo\\\\: http://x.org\n\ntext\n"},
    {"a malformed target is text; a well-formed one stays markup",
     "Doc\n===\n\nSee the site.\n\n.. __:http://x.org/\n\n"
     ".. _name: http://y.org/\n",
     "===\nDoc\n===\n\nSee the site.\n\n\\.. __:http://x.org/\n\n"
     ".. _name: http://y.org/\n"},
    {"a name given by a directive's :name: option is a target",
     "Doc\n===\n\nSee `eq:M`_ and `eq:N`_.\n\n.. math::\n   :name: eq:M\n\n"
     "   a = b\n\n.. math:: :name: eq:N\n\n   c = d\n",
     "===\nDoc\n===\n\nSee `eq:M`_ and `eq:N`_.\n\n.. math::\n   :name: eq:M\n\n"
     "   a = b\n\n.. math:: :name: eq:N\n\n   c = d\n"},
    {"a '..' line that is no markup is set off from the markup above",
     "Doc\n===\n\n.. note:: first\n.. plain words\n\nText.\n",
     "===\nDoc\n===\n\n.. note:: first\n\n\\.. plain words\n\nText.\n"},
};

/* Converting 'in' with 'convert' gives 'want', a fixed point. */
static void check_converts(char *(*convert)(const char *), const char *name,
                           const char *in, const char *want) {
  char *out = convert(in);
  ck_assert_msg(!strcmp(out, want), "%s:\n--- got\n%s--- want\n%s", name,
                out, want);
  char *again = convert(out);
  ck_assert_msg(!strcmp(again, out), "%s: second pass changed\n%s", name,
                again);
  free(again);
  free(out);
}

START_TEST(blocks_convert_markup) {
  check_converts(test_convert_as_text, markup_cases[_i].name,
                 markup_cases[_i].in, markup_cases[_i].want);
}
END_TEST

/* A text holding a directive or a hyperlink target is RST already, its
 * name notwithstanding: left byte for byte as it is, with a note saying
 * which line tells. */
static const struct {
  const char *in;
  unsigned line;
} written_in_rst[] = {
    {"Doc\n===\n\nThe steps:\n\n.. note:: Mind the gap.\n\nfoo();\n"
     "bar();\n",
     6},
    {"Doc\n\nSee selftests_.\n\n.. _selftests: https://x.org/\n", 5},
    {"Doc\n\n.. |logo| image:: logo.png\n\nText   with   gaps\n", 3},
};

START_TEST(blocks_written_in_rst_kept) {
  const char *in = written_in_rst[_i].in;
  t2r_result res;
  t2r_result_init(&res);
  ck_assert_int_eq(t2r_convert(test_rules(), in, strlen(in), &res), T2R_OK);
  ck_assert_uint_eq(res.rst.len, strlen(in));
  ck_assert(!memcmp(res.rst.ptr, in, res.rst.len));
  ck_assert_uint_eq(res.diags.len, 1);
  ck_assert_str_eq(res.diags.items[0].rule, "declared-rst");
  ck_assert_uint_eq(res.diags.items[0].line, written_in_rst[_i].line);
  t2r_result_release(&res);
}
END_TEST

START_TEST(blocks_convert) {
  check_converts(test_convert, cases[_i].name, cases[_i].in, cases[_i].want);
}
END_TEST

START_TEST(blocks_tree) {
  char *tree = test_tree("Title\n=====\n\ntext\n\n- a\n- b\n\nterm\n  def\n"
                         "\nSection\n-------\n\nx::\n\n  lit\n");
  ck_assert_str_eq(tree, "section title paragraph bullet_list definition_list "
                         "section title paragraph literal_block");
  free(tree);
}
END_TEST

START_TEST(blocks_note_tables) {
  ck_assert_uint_eq(test_notes("Values:\n\n===== =====\nabcdefghijk\n===== =====\n"),
                    1);
  ck_assert_uint_eq(test_notes("Plain text.\n"), 0);
  /* a grid docutils refuses is worth a look, marks in its margin or
   * not; a box drawing is not */
  ck_assert_uint_eq(test_notes("Ops:\n\n   +------+-----+\nI  | Op   | Req |"
                               "\n   +------+-----+\n   | READ | REQ "
                               "|\n   +------+-----+\n"),
                    1);
  ck_assert_uint_eq(test_notes("Layout:\n\n\t+-----------+\nbase ->\t| "
                               "ATAG_CORE |  |\n\t+-----------+  |\n\t| "
                               "ATAG_NONE |  v\n\t+-----------+\n"),
                    0);
  /* an item's text wrapped at its marker's column: one note an item */
  ck_assert_uint_eq(test_notes("Text.\n\n- hci_ready() is an optional entry "
                               "point that is called right after the hci\n"
                               "session has been set up. The driver can use "
                               "it to do additional initialization\n"
                               "that must be performed using HCI commands.\n"
                               "- xmit() shall write a frame.\n"),
                    1);
  /* rows in columns are worth a look; a table of contents is not */
  ck_assert_uint_eq(test_notes("IRQs:\n\n 0\tISA\t100Hz timer\n"
                               " 1\tISA\tKeyboard\n 9\tISA\n"
                               "10\tISA\tGP10 (Orange reset button)\n"),
                    1);
  ck_assert_uint_eq(test_notes("Contents:\n\n      8.1  Set minimum period\n"
                               "      8.2  Set wide size\n"
                               "      10.1 Syntax\n"),
                    0);
  /* a sample under a sentence is no layout in columns */
  ck_assert_uint_eq(test_notes("Now we must know the size of the free "
                               "flash:\n\n\tfis free\n\nResult:\n"),
                    0);
}
END_TEST

/* 'in' converts to 'want' in one reading: reading the output again
 * finds nothing to do. */
static void assert_settles_at_once(const char *in, const char *want) {
  t2r_result res;
  t2r_result_init(&res);
  ck_assert_int_eq(t2r_convert(test_rules(), in, strlen(in), &res), T2R_OK);
  ck_assert_str_eq(res.rst.ptr, want);
  ck_assert_uint_eq(res.readings, 1);
  t2r_result_release(&res);
}

/* A reading that raises a numbered title to a level docutils allows
 * raises the titles numbered beside it too: the first reading settles
 * it, where "2. Usage" went one deeper than "1. Overview" and only a
 * second reading put them side by side. */
START_TEST(blocks_clamped_siblings_settle_at_once) {
  static const char in[] =
      "manual pages etc.\n\t     CACHE OBJECTS\n"
      "\t     =============\nREPRESENTATION\nVersion 0.31\n"
      "------------\n8) Started adding links\nIDE HOWTO\n=========\n"
      "1. Overview\n\nA module.\n2. Channels\n\nConfigfs support\n"
      "1. Overview\n\nConfigfs is a manager.\n2. Usage\n\n"
      "In order to use it.\n";
  static const char want[] =
      "manual pages etc.\n\nCACHE OBJECTS\n=============\n"
      "REPRESENTATION\n--------------\n\nVersion 0.31\n~~~~~~~~~~~~\n"
      "8) Started adding links\n^^^^^^^^^^^^^^^^^^^^^^^\n\n"
      "IDE HOWTO\n=========\n1. Overview\n-----------\n\nA module.\n"
      "\n2. Channels\n-----------\n\nConfigfs support\n\n"
      "1. Overview\n~~~~~~~~~~~\n\nConfigfs is a manager.\n\n"
      "2. Usage\n~~~~~~~~\n\nIn order to use it.\n";
  assert_settles_at_once(in, want);
}
END_TEST

/* Rows whose cell needs an escape get it in the first reading, so the
 * next reading finds nothing to change ("effect without `init'" escaped
 * by the first reading once made the rows a table in the second). */
START_TEST(blocks_escaped_cells_settle_at_once) {
  static const char in[] =
      "           parameter.\n"
      "nomtrr   - disables write combining on frame buffer. This slows down driver but\n"
      "           there is reported minor incompatibility between GUS DMA and XFree\n"
      "\t   under high loads if write combining is enabled (sound dropouts).\n"
      "mtrr     - enables write combining on frame buffer. It speeds up video accesses\n"
      "           much. It is default. You must have MTRR support enabled in kernel\n"
      "\t   and your CPU must have MTRR (f.e. Pentium II have them).\n"
      "sgram    - tells to driver that you have Gxx0 with SGRAM memory. It has no\n"
      "           effect without `init'.\n"
      "sdram    - tells to driver that you have Gxx0 with SDRAM memory.\n"
      "           It is a default.\n"
      "inv24    - change timings parameters for 24bpp modes on Millennium and\n"
      "           Millennium II. Specify this if you see strange color shadows around\n"
      "\t   characters.\n"
      "noinv24  - use standard timings. It is the default.\n";
  static const char want[] =
      "           parameter.\n"
      "\n"
      "=======  ====================================================================\n"
      "nomtrr   disables write combining on frame buffer. This slows down driver but\n"
      "         there is reported minor incompatibility between GUS DMA and XFree\n"
      "         under high loads if write combining is enabled (sound dropouts).\n"
      "mtrr     enables write combining on frame buffer. It speeds up video accesses\n"
      "         much. It is default. You must have MTRR support enabled in kernel\n"
      "         and your CPU must have MTRR (f.e. Pentium II have them).\n"
      "sgram    tells to driver that you have Gxx0 with SGRAM memory. It has no\n"
      "         effect without \\`init'.\n"
      "sdram    tells to driver that you have Gxx0 with SDRAM memory.\n"
      "         It is a default.\n"
      "inv24    change timings parameters for 24bpp modes on Millennium and\n"
      "         Millennium II. Specify this if you see strange color shadows around\n"
      "         characters.\n"
      "noinv24  use standard timings. It is the default.\n"
      "=======  ====================================================================\n";
  assert_settles_at_once(in, want);
}
END_TEST

/* Rows over a rule with a title glued under them are a table in the
 * first reading, not only once a blank line parts them from the title. */
START_TEST(blocks_rows_over_a_glued_title) {
  static const char in[] =
      "Doc\n"
      "===\n"
      "\n"
      "Text.\n"
      "\n"
      "Board\t\tFirmware version\n"
      "------------------------------\n"
      "Intel DH87RL\tEC firmware 1.0\n"
      "Intel DB85FL\tEC firmware 1.0\n"
      "Note\n"
      "====\n"
      "\n"
      "Text.\n";
  static const char want[] =
      "===\n"
      "Doc\n"
      "===\n"
      "\n"
      "Text.\n"
      "\n"
      "============    ================\n"
      "Board\t\tFirmware version\n"
      "============    ================\n"
      "Intel DH87RL\tEC firmware 1.0\n"
      "Intel DB85FL\tEC firmware 1.0\n"
      "============    ================\n"
      "\n"
      "Note\n"
      "====\n"
      "\n"
      "Text.\n";
  assert_settles_at_once(in, want);
}
END_TEST

/* A line in columns deeper than the rows ("pro:<TAB>* fast") is a
 * cell's own layout: the rows above it are no table.  The first reading
 * sets the deeper lines apart with a blank line, and the rows over it
 * were taken for a table only by the next reading. */
START_TEST(blocks_deeper_columns_are_no_rows) {
  static const char in[] =
      "Doc\n===\n\nText.\n\nypan\tenable panning using the mode\n"
      "\tinterface of the video memory.\n"
      "\tpro:\t* scrolling is fast, because there is\n"
      "\t\t  no need to copy data.\n\nEnd.\n";
  static const char want[] =
      "===\nDoc\n===\n\nText.\n\nypan\tenable panning using the mode\n"
      "\tinterface of the video memory.\n"
      "\tpro:\t* scrolling is fast, because there is\n\n"
      "\t\t  no need to copy data.\n\nEnd.\n";
  assert_settles_at_once(in, want);
}
END_TEST

/* A separator right over a line sets it apart as a blank line between
 * them would: the heading is made at once, not by a second reading of
 * the blank line the first put there. */
START_TEST(blocks_heading_right_under_separator) {
  static const char in[] = "Doc\n===\n\nIntro text.\n\n=====\nPhasing out "
                           "MTRR use\n\nMTRR use is replaced.\nMore.\n";
  static const char want[] = "===\nDoc\n===\n\nIntro text.\n\nPhasing out "
                             "MTRR use\n====================\n\nMTRR use "
                             "is replaced.\nMore.\n";
  assert_settles_at_once(in, want);
}
END_TEST

/* Names glued under their ':' line become a list in the first reading,
 * which sets them apart; rows of a literal block at a numbered title's
 * column (a chip table's "810 ...") do not stop the next title's count. */
START_TEST(blocks_lists_and_numbered_titles_settle_at_once) {
  static const char in[] =
      "Doc\n===\n\n  The driver supports\n  the following models:\n     "
      "Edgeport/4\n     Rapidport/4\n     Edgeport/8 Dual\n\n\n1. Supported "
      "chips\n\nThe chip table:\n\n810 chip  ID = 0x01;\n825 chip  ID = "
      "0x03;\n\n2. Advantages of newer chips.\n\nThey run faster than the "
      "older ones do.\n";
  static const char want[] =
      "===\nDoc\n===\n\n  The driver supports\n  the following models:\n\n"
      "     - Edgeport/4\n     - Rapidport/4\n     - Edgeport/8 Dual\n\n\n"
      "1. Supported chips\n==================\n\nThe chip table::\n\n\t810 "
      "chip  ID = 0x01;\n\t825 chip  ID = 0x03;\n\n2. Advantages of newer "
      "chips.\n=============================\n\nThey run faster than the "
      "older ones do.\n";
  assert_settles_at_once(in, want);
}
END_TEST

/* Code under an item's lazy "...:" line goes under the item's text,
 * where the aligned line puts the paragraph: shifted from the line's
 * own column, "make install" would stay at the text's column, out of
 * the block, and only a second reading would mend it. */
START_TEST(blocks_literal_under_aligned_item_text) {
  static const char in[] =
      "-       After the kernel is built, install the modules and then the "
      "image with\nthis:\n\tmake modules_install\nmake install\n";
  static const char want[] =
      "-       After the kernel is built, install the modules and then the "
      "image with\n        this::\n\n\t\t\tmake modules_install\n"
      "\t\tmake install\n";
  assert_settles_at_once(in, want);
}
END_TEST

/* A command glued under an item's "...:" line, split from it, is the
 * literal block that line introduces, its "fi" included: left as text,
 * "fi" would be read as the next paragraph's first line. */
START_TEST(blocks_glued_transcript_settles_at_once) {
  static const char in[] =
      "Doc\n===\n\n 2. Update it:\n    * Declare it.\n    * Edit it so "
      "that if it is called\n      it does the following:\n\t  if type foo "
      ">/dev/null 2>&1 && \\\n\t     foo name; then\n\t\texit 0\n\t  fi\n"
      "      If this fails to cause it to exit, it should do\n      its "
      "normal update processing.\n";
  static const char want[] =
      "===\nDoc\n===\n\n 2. Update it:\n\n    * Declare it.\n    * Edit "
      "it so that if it is called\n      it does the following::\n\n\t  if "
      "type foo >/dev/null 2>&1 && \\\n\t     foo name; then\n\t\texit 0\n"
      "\t  fi\n\n      If this fails to cause it to exit, it should do\n"
      "      its normal update processing.\n";
  assert_settles_at_once(in, want);
}
END_TEST

/* A numbered heading ending in ':' is taken for a title, not for a
 * paragraph introducing the next line: the heading under it is one
 * too in the same reading, as it is once the first is adorned. */
START_TEST(blocks_heading_under_colon_title) {
  static const char in[] =
      "1 Building:\n\n1.1 Tools:\n\nA compiler and make.\n";
  static const char want[] =
      "1 Building:\n===========\n\n1.1 Tools:\n----------\n\n"
      "A compiler and make.\n";
  assert_settles_at_once(in, want);
}
END_TEST

/* A marked heading whose text, its markers gone, no title could have
 * (a box's side, an item, markup) would be a title no next reading
 * takes: it stays text. */
static const char *const marked_not_titles[] = {
    "*** |hs ***", "*** - item ***", "=== .. note ===", "=== + box ==="};

START_TEST(blocks_marked_heading_of_a_bar_stays_text) {
  char in[128];
  snprintf(in, sizeof in, "===\nDoc\n===\n\n%s\n\nText under it.\n",
           marked_not_titles[_i]);
  assert_settles_at_once(in, in);
}
END_TEST

/* A line of stars escaped as stray markup is text over the line of
 * stars under it: that line is escaped with it, so no later reading
 * takes the two for a title and splits the paragraph. */
START_TEST(blocks_escaped_adornment_run_stays_text) {
  static const char in[] = "a line of text\nmore text\n****\n*****\nend.\n";
  static const char want[] =
      "a line of text\nmore text\n\\****\n\\*****\nend.\n";
  assert_settles_at_once(in, want);
}
END_TEST

/* A marked heading over a rule line is a heading: the rule, next to a
 * title, is dropped, and a later reading would find the heading over
 * what followed it and take it then. */
START_TEST(blocks_marked_heading_over_rule_line) {
  static const char in[] = "Some text.\n\n=== Setup ===\n\n----\n"
                           "=== Usage ===\n\nRun it.\n";
  static const char want[] = "Some text.\n\nSetup\n=====\n\n"
                             "Usage\n=====\n\nRun it.\n";
  assert_settles_at_once(in, want);
}
END_TEST

/* A number that starts a line of a wrapped sentence is no list item:
 * docutils reads it as the paragraph's text, and so does a reader.  A
 * list glued under its introduction ("Steps:") is still set apart, as
 * is an item with a sibling before or after it, its wrapped lines
 * aligned with its text. */
static const char *const wrapped_numbers[][2] = {
    {"A device is removed when its count goes to\n"
     "0. The count can be changed with get_device.\n\nMore.\n",
     "A device is removed when its count goes to\n"
     "0. The count can be changed with get_device.\n\nMore.\n"},
    {"Journal of Real-Time Systems, vol. 4, pp 301-324,\n1990.\n",
     "Journal of Real-Time Systems, vol. 4, pp 301-324,\n1990.\n"},
    {"Do it in two steps:\n1. build the tree\n\nThen.\n",
     "Do it in two steps:\n\n1. build the tree\n\nThen.\n"},
    {"Text.\n\nDo it in two steps\n1. build the tree.\n\n2. boot it.\n",
     "Text.\n\nDo it in two steps\n\n1. build the tree.\n\n2. boot it.\n"},
    {"Text.\n\n1. First thing that\nis wrapped lazily\n2. Second.\n",
     "Text.\n\n1. First thing that\n   is wrapped lazily\n2. Second.\n"},
};

START_TEST(blocks_wrapped_number_stays_in_paragraph) {
  assert_settles_at_once(wrapped_numbers[_i][0], wrapped_numbers[_i][1]);
}
END_TEST

/* The sides of a box drawn with '=' read as marked headings ("=  README
 * for  ="), but one glued over the next is the box's, not a title. */
START_TEST(blocks_box_side_is_no_marked_heading) {
  char *out = test_convert(
      "======================================\n"
      "=    Adaptec Ultra320 Manager Set    =\n"
      "=                                    =\n"
      "=             README for             =\n"
      "======================================\n\n"
      "The following information is in this file.\n");
  ck_assert_msg(strstr(out, "=    Adaptec Ultra320 Manager Set    =") &&
                    !strstr(out, "\nAdaptec Ultra320 Manager Set\n"),
                "%s", out);
  free(out);
}
END_TEST

/* Converts 'text' as the file 'path'; the caller frees the result. */
static char *convert_named(const char *path, const char *text) {
  t2r_result res;
  t2r_result_init(&res);
  ck_assert_int_eq(t2r_convert_file(test_rules(), path, text, strlen(text),
                                    NULL, &res),
                   T2R_OK);
  char *out = t2r_strndup(res.rst.ptr, res.rst.len);
  t2r_result_release(&res);
  return out;
}

/* A first title naming a part any document has is the first section:
 * the file's name goes above it as the title; a first title of its own
 * stays the title. */
START_TEST(blocks_common_part_is_no_document_title) {
  char *out = convert_named("qcow2.txt", "== General ==\n\nThe format.\n\n"
                                         "== Header ==\n\nThe header.\n");
  ck_assert_str_eq(out, "=====\nqcow2\n=====\n\nGeneral\n=======\n\n"
                        "The format.\n\nHeader\n======\n\nThe header.\n");
  free(out);
  out = convert_named("qcow2.txt", "== QCOW2 format ==\n\nThe format.\n\n"
                                   "== Header ==\n\nThe header.\n");
  ck_assert_ptr_null(strstr(out, "qcow2\n"));
  ck_assert_ptr_nonnull(
      strstr(out, "============\nQCOW2 format\n============\n"));
  free(out);
}
END_TEST

/* Phrases alone over two titles or more head parts a level above those
 * titles; the first is no document title, the file's name is. */
START_TEST(blocks_parts_over_titles) {
  static const char in[] =
      "Output files\n\nmodules.order\n-------------\n"
      "This file records the order of modules.\n\n"
      "modules.builtin\n---------------\nThis file lists the built-in "
      "modules.\n\n\nEnvironment variables\n\nKCPPFLAGS\n---------\n"
      "Options to pass when preprocessing.\n\nKAFLAGS\n-------\n"
      "Options to the assembler.\n";
  char *out = convert_named("kbuild.txt", in);
  ck_assert_str_eq(
      out, "======\nkbuild\n======\n\n"
           "Output files\n============\n\nmodules.order\n-------------\n"
           "This file records the order of modules.\n\n"
           "modules.builtin\n---------------\nThis file lists the built-in "
           "modules.\n\n\nEnvironment variables\n=====================\n\n"
           "KCPPFLAGS\n---------\nOptions to pass when preprocessing.\n\n"
           "KAFLAGS\n-------\nOptions to the assembler.\n");
  free(out);
}
END_TEST

/* A first line in capitals naming a common part heads the first section
 * at the level of the document's other headings in capitals. */
START_TEST(blocks_common_part_in_caps_is_a_caps_heading) {
  char *out = convert_named(
      "usb-serial.txt",
      "INTRODUCTION\n\n  The USB serial driver supports converters.\n\n\n"
      "SPECIFIC DEVICES SUPPORTED\n\n  ConnectTech has been forthcoming.\n");
  ck_assert_str_eq(
      out, "==========\nusb-serial\n==========\n\nINTRODUCTION\n============\n"
           "\n  The USB serial driver supports converters.\n\n\n"
           "SPECIFIC DEVICES SUPPORTED\n==========================\n\n"
           "  ConnectTech has been forthcoming.\n");
  free(out);
}
END_TEST

/* A caller handing over its buffer gets it released once the text is
 * read, with the same output; a text refused keeps it (the caller's
 * message tells an empty file from one of blank lines). */
START_TEST(blocks_input_released_once_read) {
  static const char text[] = "Usage\n-----\n\nRun *it as root.\n";
  t2r_result plain, handed;
  t2r_result_init(&plain);
  t2r_result_init(&handed);
  ck_assert_int_eq(t2r_convert_file(test_rules(), "usage.txt", text,
                                    strlen(text), NULL, &plain),
                   T2R_OK);
  t2r_buf in;
  t2r_buf_init(&in);
  t2r_buf_puts(&in, text);
  t2r_file_options opt = {0, NULL, &in, NULL};
  ck_assert_int_eq(
      t2r_convert_file(test_rules(), "usage.txt", in.ptr, in.len, &opt, &handed),
      T2R_OK);
  ck_assert_uint_eq(in.cap, 0);
  ck_assert_str_eq(handed.rst.ptr, plain.rst.ptr);
  ck_assert_ptr_nonnull(strstr(handed.rst.ptr, "\\*it"));
  t2r_buf_puts(&in, "\n \n");
  t2r_result_release(&handed);
  t2r_result_init(&handed);
  ck_assert_int_eq(
      t2r_convert_file(test_rules(), "blank.txt", in.ptr, in.len, &opt, &handed),
      T2R_ERR_EMPTY);
  ck_assert_uint_eq(in.len, 3);
  t2r_buf_release(&in);
  t2r_result_release(&plain);
  t2r_result_release(&handed);
}
END_TEST

/* When the output is read again and that reading changes it, the tree
 * and the notes come from the readings, on the input's lines, each note
 * once (a line docutils refuses as too long is noted by every reading). */
START_TEST(blocks_later_reading_on_input_lines) {
  static const char head[] = "Doc\n\nAuthor: Jane\n\t*\n*.h\n\n";
  static const struct {
    t2r_node_kind kind;
    uint32_t first, last;
  } want[] = {{T2R_NODE_SECTION, 0, 0},    {T2R_NODE_TITLE, 0, 0},
              {T2R_NODE_FIELD_LIST, 2, 3}, {T2R_NODE_PARAGRAPH, 4, 4},
              {T2R_NODE_PARAGRAPH, 6, 6}};
  t2r_buf in;
  t2r_buf_init(&in);
  t2r_buf_puts(&in, head);
  t2r_buf_fill(&in, 'a', 10001);
  t2r_buf_putc(&in, '\n');
  t2r_result res;
  t2r_result_init(&res);
  ck_assert_int_eq(t2r_convert(test_rules(), in.ptr, in.len, &res), T2R_OK);
  int depth = 0;
  size_t k = 0;
  t2r_node *n = t2r_tree_next(t2r_tree_root(res.tree), &depth);
  for (; n; n = t2r_tree_next(n, &depth), k++) {
    ck_assert_uint_lt(k, sizeof want / sizeof *want);
    ck_assert_str_eq(t2r_node_kind_name(n->kind),
                     t2r_node_kind_name(want[k].kind));
    ck_assert_uint_eq(n->first, want[k].first);
    ck_assert_uint_eq(n->last, want[k].last);
  }
  ck_assert_uint_eq(k, sizeof want / sizeof *want);
  ck_assert_uint_eq(res.readings, 2);
  ck_assert_uint_eq(t2r_diags_count(&res.diags, T2R_DIAG_NOTE), 1);
  for (size_t i = 0; i < res.diags.len; i++)
    ck_assert_uint_le(res.diags.items[i].line, 7);
  t2r_result_release(&res);
  t2r_buf_release(&in);
}
END_TEST

START_TEST(blocks_refuse_binary) {
  t2r_result res;
  t2r_result_init(&res);
  ck_assert_int_eq(t2r_convert(test_rules(), "a\0b", 3, &res), T2R_ERR_BINARY);
  t2r_result_release(&res);
}
END_TEST

int main(void) {
  Suite *s = suite_create("blocks");
  TCase *tc = tcase_create("core");
  tcase_add_loop_test(tc, blocks_convert, 0,
                      (int)(sizeof cases / sizeof *cases));
  tcase_add_loop_test(tc, blocks_convert_markup, 0,
                      (int)(sizeof markup_cases / sizeof *markup_cases));
  tcase_add_loop_test(tc, blocks_written_in_rst_kept, 0,
                      (int)(sizeof written_in_rst / sizeof *written_in_rst));
  tcase_add_test(tc, blocks_tree);
  tcase_add_test(tc, blocks_note_tables);
  tcase_add_test(tc, blocks_clamped_siblings_settle_at_once);
  tcase_add_test(tc, blocks_literal_under_aligned_item_text);
  tcase_add_test(tc, blocks_deeper_columns_are_no_rows);
  tcase_add_test(tc, blocks_heading_right_under_separator);
  tcase_add_test(tc, blocks_lists_and_numbered_titles_settle_at_once);
  tcase_add_test(tc, blocks_glued_transcript_settles_at_once);
  tcase_add_test(tc, blocks_escaped_cells_settle_at_once);
  tcase_add_test(tc, blocks_rows_over_a_glued_title);
  tcase_add_test(tc, blocks_heading_under_colon_title);
  tcase_add_test(tc, blocks_escaped_adornment_run_stays_text);
  tcase_add_loop_test(tc, blocks_marked_heading_of_a_bar_stays_text, 0,
                      sizeof marked_not_titles / sizeof *marked_not_titles);
  tcase_add_test(tc, blocks_marked_heading_over_rule_line);
  tcase_add_loop_test(tc, blocks_wrapped_number_stays_in_paragraph, 0,
                      sizeof wrapped_numbers / sizeof *wrapped_numbers);
  tcase_add_test(tc, blocks_common_part_is_no_document_title);
  tcase_add_test(tc, blocks_parts_over_titles);
  tcase_add_test(tc, blocks_common_part_in_caps_is_a_caps_heading);
  tcase_add_test(tc, blocks_input_released_once_read);
  tcase_add_test(tc, blocks_later_reading_on_input_lines);
  tcase_add_test(tc, blocks_refuse_binary);
  tcase_add_test(tc, blocks_box_side_is_no_marked_heading);
  suite_add_tcase(s, tc);
  return test_run(s);
}
