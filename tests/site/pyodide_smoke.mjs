// Load Pyodide from a built dist/ under Node.js, install the engine wheel through our pyodide-lock.json, and play.
// Usage: node pyodide_smoke.mjs <dist>. Prints one JSON line with what the engine did inside Pyodide.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dist = path.resolve(process.argv[2]);
const worker = fs.readFileSync(path.join(dist, "js", "worker.js"), "utf8");
const indexURL = path.join(dist, worker.match(/from "\.\.\/(pyodide\/[^"]+)\/pyodide\.mjs"/)[1]) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
// the wheel is found beside the lock file, outside the runtime's folder
const pyodide = await loadPyodide({ indexURL, lockFileURL: path.join(dist, "pyodide", "pyodide-lock.json") });
await pyodide.loadPackage("krig");
const out = pyodide.runPython(`
import json, sys
from krig import Game, simulate
from krig.webapp.narrate import Narrator

game = Game.new(4, seed=2026)
first = game.play_round().to_dict()
game.finish()
stats = simulate(2, 20, seed=1)
json.dumps({
    "python": sys.version.split()[0],
    "first_round_cards": len(first["pile"]),
    "over": game.over,
    "result": game.result,
    "games": len(stats.rounds),
    "russian": Narrator("ru").card("QD"),
    "bengali_digits": Narrator("bn").number(52),
})
`);
console.log(out);
