// Restore the built memory snapshot under Node.js and check that the engine and every catalog are already there.
// Usage: node snapshot_smoke.mjs <dist>. Prints one JSON line.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dist = path.resolve(process.argv[2]);
const indexURL = path.join(dist, "pyodide") + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL,
  lockFileURL: path.join(indexURL, "pyodide-lock.json"),
  _loadSnapshot: fs.readFileSync(path.join(dist, "snapshot", "krig.snapshot")),
});
console.log(pyodide.runPython(`
import json
from krig import Game
from krig.webapp.narrate import Narrator

game = Game.new(2, seed=11)
game.finish()
json.dumps({"over": game.over, "french": Narrator("fr").card("KH"), "swahili": Narrator("sw").seat(2)})
`));
