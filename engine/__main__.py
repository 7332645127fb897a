"""``python -m krig``: see ``krig.cli``."""

import sys

from .cli import main

sys.exit(main())
