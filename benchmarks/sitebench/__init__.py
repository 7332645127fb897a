"""benchmarks/site.py by job: serving dist/, the page's probes, Chromium, play, Firefox and WebKit, the rows
of the table and the report."""
