"""The build of the Krig website, one module per job; build.py runs them in order (see its build())."""
