// Write the standard library the game really imports, as bytecode compiled by Pyodide's own Python, for
// loadPyodide({stdLibURL}): a first visit then downloads and compiles a fraction of Python's standard library.
// Usage: node tools/trim_stdlib.mjs <wheel> <output zip> <language,...>
//
// It starts Pyodide under Node.js with the whole standard library, installs the wheel as js/worker.js does
// (unpackArchive) with the import fallback (site/stdlib/_stdlib_fallback.py), imports the bridge, and runs
// tools/stdlib_flows.py: every bridge request type, every error path, in every language. The modules then in
// sys.modules that came from the standard library's zip (plus all of Pyodide's own `_pyodide` and `pyodide`
// packages, which its JavaScript imports on demand) are compiled as -OO does (no docstrings, no asserts), with
// unchecked hashes, and stored uncompressed (the host's brotli then sees all of them at once) as sourceless .pyc
// files, which zipimport loads without any source. The fallback and the list of the modules left out go in too.
// It prints a one-line JSON summary.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [wheel, output] = process.argv.slice(2, 4).map((p) => path.resolve(p));
const languages = process.argv[4].split(",");
const here = path.dirname(fileURLToPath(import.meta.url));
const indexURL = path.join(here, "..", "node_modules", "pyodide") + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
// Without column positions (-X no_debug_ranges): a quarter smaller; tracebacks in the standard library keep their
// line numbers and lose only the ^^^ under the failing expression.
const pyodide = await loadPyodide({ indexURL, stdout: () => {}, env: { PYTHONNODEBUGRANGES: "1" } });

const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: sitePackages });
pyodide.FS.mkdirTree("/trace");
for (const file of ["tools/stdlib_flows.py", "site/stdlib/_stdlib_fallback.py"]) {
  pyodide.FS.writeFile(`/trace/${path.basename(file)}`, fs.readFileSync(path.join(here, "..", file)));
}
pyodide.globals.set("languages", pyodide.toPy(languages));
const summary = pyodide.runPython(`
import sys

STDLIB = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
sys.path.insert(0, "/trace")
with open("/trace/_stdlib_fallback.names", "w") as f:
    f.write("")  # the trace has the whole standard library: it must never need the fallback
import _stdlib_fallback


def never(url):
    raise AssertionError("the trace asked the import fallback for a module")


_stdlib_fallback.install("", fetch=never)
import krig.webapp.bridge, krig.webapp.narrate

krig.webapp.narrate.preload()
import stdlib_flows

report = stdlib_flows.run(list(languages))
origins = [getattr(getattr(module, "__spec__", None), "origin", None) or "" for module in list(sys.modules.values())]
used = {origin[len(STDLIB) + 1:] for origin in origins if origin.startswith(STDLIB + "/")}

# Only now the tool's own imports, which the game does not need
import importlib.util, json, time, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

with zipfile.ZipFile(STDLIB) as whole:
    everything = [info.filename for info in whole.infolist()]
    sources = {name: whole.read(name) for name in everything if name.endswith(".py")}
used |= {name for name in sources if name.startswith(("_pyodide/", "pyodide/"))}
used.add("_stdlib_fallback.py")
sources["_stdlib_fallback.py"] = open("/trace/_stdlib_fallback.py", "rb").read()


def module_name(file):
    name = file[:-3].replace("/", ".")
    return name[:-len(".__init__")] if name.endswith(".__init__") else name


left_out = sorted(module_name(name) for name in sources if name not in used)
stamp = time.gmtime(${Number(process.env.SOURCE_DATE_EPOCH || 1767225600)})[:6]
with zipfile.ZipFile("/trace/stdlib.zip", "w", zipfile.ZIP_STORED) as trimmed:
    for name in sorted(used):
        source = sources[name]
        code = compile(source, f"{STDLIB}/{name}", "exec", dont_inherit=True, optimize=2)
        info = zipfile.ZipInfo(name[:-3] + ".pyc", date_time=stamp)
        info.external_attr = 0o644 << 16
        trimmed.writestr(info, _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
    info = zipfile.ZipInfo("_stdlib_fallback.names", date_time=stamp)
    info.external_attr = 0o644 << 16
    trimmed.writestr(info, "\\n".join(left_out) + "\\n")
json.dumps({"modules": len(used), "left_out": len(left_out), **report})
`);
fs.writeFileSync(output, pyodide.FS.readFile("/trace/stdlib.zip"));
console.log(summary);
