#!/usr/bin/python3
"""rstcheck.py PATH... - parse each .rst file (for a directory, every *.rst
in it) with docutils, transforms included, and fail on any system message
of level WARNING or above.  Validity is the real parser's verdict; Sphinx's
toctree and roles are known, and left for a Sphinx build to check."""
import pathlib
import sys

from docutils import core, nodes
from docutils.parsers.rst import Directive, directives, roles
from docutils.readers import standalone


class Toctree(Directive):
    """Sphinx's toctree, which plain docutils lacks: its entries are not
    checked here, a Sphinx build checks them."""
    has_content = True
    option_spec = {'maxdepth': directives.nonnegative_int,
                   'caption': directives.unchanged, 'hidden': directives.flag,
                   'glob': directives.flag, 'numbered': directives.flag,
                   'titlesonly': directives.flag}

    def run(self):
        return []


directives.register_directive('toctree', Toctree)

SPHINX_ROLES = ('ref', 'doc', 'numref', 'term', 'keyword', 'option', 'envvar',
                'download', 'abbr', 'command', 'dfn', 'file', 'guilabel',
                'kbd', 'manpage', 'program', 'samp')
DOMAIN_ROLES = ('func', 'macro', 'type', 'struct', 'union', 'enum',
                'enumerator', 'member', 'data', 'var', 'expr', 'texpr', 'id',
                'class', 'meth', 'attr', 'exc', 'mod', 'obj', 'const', 'any')


def sphinx_role(name, rawtext, text, lineno, inliner, options=None,
                content=None):
    """A Sphinx role, shown as literal text: Sphinx resolves it."""
    return [nodes.literal(rawtext, text)], []


for _name in SPHINX_ROLES + DOMAIN_ROLES + tuple(
        domain + ':' + role for domain in ('c', 'cpp', 'py', 'js')
        for role in DOMAIN_ROLES):
    roles.register_local_role(_name, sphinx_role)

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
