"""``python -m tienlen``: the command line."""

import sys

from tienlen.cli import main

sys.exit(main())
