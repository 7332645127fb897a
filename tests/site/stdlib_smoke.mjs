// Start Pyodide under Node.js from a built dist/ as js/worker.js does (the trimmed standard library, our wheel
// unpacked, the import fallback installed, the bridge imported), then run tools/stdlib_flows.py.
// Usage: node stdlib_smoke.mjs <dist> <mode> <languages, comma-separated>. Prints one JSON line. Modes:
//   fresh     a fresh start
//   snapshot  a memory snapshot made right after the bridge import (the earliest the worker could), restored in
//             a new Pyodide whose file system holds no wheel
//   fallback  imports of modules the trimmed library left out, with the whole one read from dist/, then with a
//             download that fails
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dist, mode, languages] = [path.resolve(process.argv[2]), process.argv[3], process.argv[4].split(",")];
const ours = path.join(dist, "pyodide"); // the lock file, the wheel and the trimmed standard library
const worker = fs.readFileSync(path.join(dist, "js", "worker.js"), "utf8");
const indexURL = path.join(dist, worker.match(/from "\.\.\/(pyodide\/[^"]+)\/pyodide\.mjs"/)[1]) + path.sep;
const build = JSON.parse(worker.match(/const BUILD = (\{.*\});/)[1]);
const stdLibURL = path.join(ours, build.stdlib);
const lock = JSON.parse(fs.readFileSync(path.join(ours, "pyodide-lock.json"), "utf8"));
const wheel = new Uint8Array(fs.readFileSync(path.join(ours, lock.packages.krig.file_name)));
const flows = fs.readFileSync(new URL("../../tools/stdlib_flows.py", import.meta.url));
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);

async function started(options = {}) {
  const pyodide = await loadPyodide({ indexURL, lockFileURL: path.join(ours, "pyodide-lock.json"), stdLibURL,
    stdout: () => {}, stderr: () => {}, ...options });
  if (options._loadSnapshot) return pyodide; // all that follows is in the snapshot's memory
  pyodide.unpackArchive(wheel, "wheel", { extractDir: pyodide.runPython("import site; site.getsitepackages()[0]") });
  pyodide.FS.writeFile("/tmp/whole.zip", new Uint8Array(fs.readFileSync(path.join(indexURL, "python_stdlib.zip"))));
  pyodide.runPython(`
import _stdlib_fallback
fetches = []
def read(url):
    fetches.append(url)
    if url == "broken":
        raise OSError("the network is down")
    return open("/tmp/whole.zip", "rb").read()
_stdlib_fallback.install("whole", fetch=read)
import krig.webapp.bridge, krig.webapp.narrate
krig.webapp.narrate.preload()
`);
  return pyodide;
}

function runFlows(pyodide) {
  pyodide.FS.mkdirTree("/flows");
  pyodide.FS.writeFile("/flows/stdlib_flows.py", flows);
  pyodide.globals.set("languages", pyodide.toPy(languages));
  return JSON.parse(pyodide.runPython(`
import json, sys
sys.path.insert(0, "/flows")
import stdlib_flows
from krig.webapp.narrate import Narrator
report = stdlib_flows.run(list(languages))
json.dumps({**report, "fetches": fetches, "french": Narrator("fr").card("KH")})
`));
}

let report;
if (mode === "fresh") {
  report = runFlows(await started());
} else if (mode === "snapshot") {
  const snapshot = (await started({ _makeSnapshot: true })).makeMemorySnapshot();
  const restored = await started({ _loadSnapshot: snapshot });
  report = { ...runFlows(restored), wheel: restored.FS.analyzePath(restored._api.sitePackages + "/krig").exists };
} else if (mode === "fallback") {
  const pyodide = await started();
  report = JSON.parse(pyodide.runPython(`
import importlib, json, sys
finder = sys.meta_path[-1]
probes = []
for name in ("_winapi", "nt", "no_such_module"):  # optional modules the standard library probes for
    try:
        importlib.import_module(name)
    except ImportError:
        probes.append(name)
probes_fetched = len(fetches)
import csv, xml.dom.minidom, encodings.cp1252  # left out: a module, a package's submodule, an encoding
doc = xml.dom.minidom.parseString("<deck><card>KH</card></deck>")
whole = {"fetches": len(fetches), "probes": probes, "probes_fetched": probes_fetched, "used": list(finder.used),
         "parsed": doc.documentElement.firstChild.firstChild.data, "cp1252": b"\\x80".decode("cp1252")}
finder.url = "broken"
import os
os.remove("/lib/python_stdlib_whole.zip")
failures = []
for name in ("wave", "wave"):  # a second try does not download again
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as error:
        failures.append(str(error))
json.dumps({**whole, "failures": failures, "fetches_after": len(fetches)})
`));
}
console.log(JSON.stringify(report));
