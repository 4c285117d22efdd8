#!/usr/bin/python3
"""rstcheck.py PATH... - parse each .rst file (for a directory, every *.rst
in it) with docutils, transforms included, and fail on any system message
of level WARNING or above.  Validity is the real parser's verdict."""
import pathlib
import sys

from docutils import core
from docutils.readers import standalone

SETTINGS = {'_disable_config': True, 'report_level': 5, 'halt_level': 5,
            'warning_stream': False, 'tab_width': 8}


class ObservedReader(standalone.Reader):
    """A reader whose document records every system message."""

    def __init__(self):
        super().__init__()
        self.messages = []

    def new_document(self):
        document = super().new_document()
        document.reporter.attach_observer(self.messages.append)
        return document


def problems(path):
    """(line, level, text) of each message of level WARNING or above."""
    reader = ObservedReader()
    core.publish_doctree(path.read_text(encoding='utf-8'),
                         source_path=str(path), reader=reader,
                         settings_overrides=SETTINGS)
    return [(m.get('line'), m['level'], m.astext().split('\n', 1)[0])
            for m in reader.messages if m['level'] >= 2]


def main(args):
    files = []
    for arg in args:
        p = pathlib.Path(arg)
        files += sorted(p.glob('*.rst')) if p.is_dir() else [p]
    failed = 0
    for f in files:
        found = problems(f)
        for line, level, text in found:
            print('%s:%s: level %d: %s' % (f, line, level, text))
        failed += bool(found)
    print('rstcheck: %d passed, %d failed' % (len(files) - failed, failed))
    return 1 if failed or not files else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
