# Sphinx configuration for txt2rst's documentation (docs/).
project = 'txt2rst'
master_doc = 'index'
exclude_patterns = ['_build']
html_theme = 'alabaster'
man_pages = [('txt2rst', 'txt2rst',
              'convert legacy plain-text documentation to reStructuredText',
              [], 1)]
