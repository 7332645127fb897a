"""Firefox ESR and WebKitGTK, driven for the cross-browser tests (tests/crossbrowser) and the benchmark
(benchmarks/site.py --browsers): `drivers` (one small tab interface over both) and `killing` (a browser killed
as a crash would, and the deal it must resume, shared with the Chromium twin in tests/browser)."""
