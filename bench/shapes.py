"""shapes.py DIR - pathological inputs for bench/run, each at a size n
(NAME-1.txt) and 2n (NAME-2.txt): one very long line full of stray
marks, a million tiny lines, a list nested item under item, and a long
table in aligned columns."""
import random
import sys

out = sys.argv[1]
WORDS = ["alpha", "beta", "*ptr", "foo_bar", "the", "`quote'", "|x", "and"]


def long_line(scale):
    rnd = random.Random(1)
    words, size = [], 0
    while size < scale * 5_000_000:
        w = rnd.choice(WORDS)
        words.append(w)
        size += len(w) + 1
    return "Title\n=====\n\n" + " ".join(words) + "\n"


def tiny_lines(scale):
    return "a\n" * (scale * 1_000_000)


def nested_list(scale):
    # whole descents of 2000 levels, so that 2n is twice n's bytes
    lines = ["  " * (i % 2000) + "- item %d" % i for i in range(scale * 4000)]
    return "Title\n=====\n\n" + "\n".join(lines) + "\n"


def table(scale):
    rows = ["name_%-10d\tvalue %d" % (i, i) for i in range(scale * 10000)]
    return "Title\n=====\n\nValues:\n\n" + "\n".join(rows) + "\n"


for name, make in [("long-line", long_line), ("tiny-lines", tiny_lines),
                   ("nested-list", nested_list), ("table", table)]:
    for scale in (1, 2):
        with open("%s/%s-%d.txt" % (out, name, scale), "w") as f:
            f.write(make(scale))
