#!/usr/bin/python3
"""mailcheck.py OURS GIT - compare a series txt2rst wrote (OURS) with the
one git format-patch writes for the same commits (GIT), git being the
judge of what a mail looks like: the same file names, and in each mail
the same From:, Date: and Subject: headers (folded alike) and the same
diffstat and summary.

Commit ids and the signature differ by nature, and so do the similarity
percentages and, where git and libgit2 pair renamed files differently,
the files a mail lists: a mail whose "diff --git" lines differ is left
out of the diffstat check.  git's cover letter is a template, but its
diffstat of the whole series is checked too, where git pairs the same
files.  Fails when any checked part differs, or when
fewer than nine mails in ten could be checked."""
import pathlib
import re
import sys


def headers(text):
    """The header lines of a mail, continuation lines kept, without the
    "From <commit>" line."""
    head = text.split('\n\n', 1)[0].split('\n')
    return [line for line in head if not re.match(r'From [0-9a-f]{40} ', line)]


def diffstat(text):
    """The lines between "---" and the first patch (in a cover letter,
    those after the shortlog), similarity percentages masked."""
    lines = text.split('\n')
    if '---' in lines:
        start = lines.index('---') + 1
    else:
        start = max(i for i, line in enumerate(lines) if line.endswith('):'))
        while lines[start]:
            start += 1
    stat = []
    for line in lines[start:]:
        if line.startswith('diff --git') or line == '-- ':
            break
        stat.append(re.sub(r'\(\d+%\)$', '(N%)', line))
    return stat


def summary(text):
    """The diffstat's summary lines: the files created, deleted, renamed."""
    return sorted(line for line in diffstat(text)
                  if re.match(r' (create|delete|rename|copy|mode) ', line))


def file_heads(text):
    return re.findall(r'^diff --git .*$', text, flags=re.M)


def main(ours_dir, git_dir):
    ours = sorted(pathlib.Path(ours_dir).iterdir())
    git = sorted(pathlib.Path(git_dir).iterdir())
    problems = []
    if [p.name for p in ours] != [p.name for p in git]:
        names = set(p.name for p in ours) ^ set(p.name for p in git)
        problems.append('file names differ: %s' % ', '.join(sorted(names)[:6]))
    mails = checked = 0
    for a, b in zip(ours, git):
        ta, tb = a.read_text(), b.read_text()
        if a.name.startswith('0000-'):
            # git's cover letter is a template to fill in, but for its
            # diffstat of the whole series: checked where git pairs the
            # same files (the same summary lines)
            if summary(ta) == summary(tb) and diffstat(ta) != diffstat(tb):
                problems.append('%s: diffstat\n%s\ngit:\n%s' % (
                    a.name, '\n'.join(diffstat(ta)), '\n'.join(diffstat(tb))))
            continue
        mails += 1
        if headers(ta) != headers(tb):
            problems.append('%s: headers %r, git %r' % (a.name, headers(ta),
                                                        headers(tb)))
        if file_heads(ta) != file_heads(tb):
            continue
        checked += 1
        if diffstat(ta) != diffstat(tb):
            problems.append('%s: diffstat\n%s\ngit:\n%s' % (
                a.name, '\n'.join(diffstat(ta)), '\n'.join(diffstat(tb))))
    for p in problems[:10]:
        print(p)
    print('mailcheck: %d mails, %d diffstats checked, %d problems'
          % (mails, checked, len(problems)))
    return 1 if problems or checked * 10 < mails * 9 else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1], sys.argv[2]))
