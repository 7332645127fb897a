// Make a Pyodide memory snapshot with the engine, the worker's bridge and every catalog already imported, so the
// browser can restore a ready Python in a few hundred milliseconds instead of starting one (issue: warm start).
// Usage: node tools/make_snapshot.mjs <dist> <output file>. The snapshot is bound to this exact Pyodide build and
// to this wheel; the worker falls back to a normal start whenever restoring fails.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dist, output] = process.argv.slice(2).map((p) => path.resolve(p));
const indexURL = path.join(dist, "pyodide") + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL,
  lockFileURL: path.join(indexURL, "pyodide-lock.json"),
  packages: ["krig"],
  _makeSnapshot: true,
  stdout: () => {},
});
pyodide.runPython("import krig.webapp.bridge, krig.webapp.narrate; krig.webapp.narrate.preload()");
// Packages loaded through the lock file are recorded in a JS object that the snapshot cannot hold; the modules
// themselves are already imported, so the restored interpreter never needs to load the package again.
delete pyodide.loadedPackages.krig;
fs.mkdirSync(path.dirname(output), { recursive: true });
fs.writeFileSync(output, pyodide.makeMemorySnapshot());
