// Compile the wheel's Python modules to bytecode with Pyodide's own Python, so the browser imports them without
// compiling (a host Python of another version would write bytecode that Pyodide rejects).
// Usage: node tools/compile_pyc.mjs <wheel> <output folder>. Writes <output>/<path in wheel>.pyc files
// as __pycache__/<name>.cpython-XY.pyc with unchecked hashes, which Python uses without looking at the source.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [wheel, output] = process.argv.slice(2).map((p) => path.resolve(p));
const indexURL = fileURLToPath(new URL("../node_modules/pyodide/", import.meta.url));
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL, stdout: () => {} });
pyodide.FS.writeFile("/tmp/krig.whl", fs.readFileSync(wheel));
const written = pyodide.runPython(`
import compileall, pathlib, py_compile, zipfile
root = pathlib.Path("/tmp/krig")
zipfile.ZipFile("/tmp/krig.whl").extractall(root)
compileall.compile_dir(root, quiet=2, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
[str(p.relative_to(root)) for p in root.rglob("*.pyc")]
`).toJs();
for (const name of written) {
  fs.mkdirSync(path.dirname(path.join(output, name)), { recursive: true });
  fs.writeFileSync(path.join(output, name), pyodide.FS.readFile(`/tmp/krig/${name}`));
}
