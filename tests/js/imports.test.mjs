// The page's modules (site/static/js/) import one another without a cycle: a module is read whole before any
// module it imports needs it, and each one can be understood from those below it.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";

const DIR = new URL("../../site/static/js/", import.meta.url);

/** The modules `source` imports from this folder ("./x.js"), statically or by import("./x.js"), comments aside. */
export function importsOf(source) {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found = [...code.matchAll(/\bimport\b[^"';]*?(?:\bfrom\s*|\(\s*)["']\.\/([\w.-]+\.js)["']/g)];
  return [...new Set(found.map((match) => match[1]))];
}

/** Every cycle of the graph {module: [modules it imports]}, each as the path that closes it, e.g. [a, b, a]. */
export function cycles(graph) {
  const found = [];
  const done = new Set();
  const path = [];
  function visit(name) {
    const at = path.indexOf(name);
    if (at !== -1) {
      found.push([...path.slice(at), name]);
      return;
    }
    if (done.has(name)) return;
    path.push(name);
    for (const next of graph[name] ?? []) visit(next);
    path.pop();
    done.add(name);
  }
  for (const name of Object.keys(graph).sort()) visit(name);
  return found;
}

function pageGraph() {
  const graph = {};
  for (const name of readdirSync(DIR).filter((file) => file.endsWith(".js"))) {
    graph[name] = importsOf(readFileSync(new URL(name, DIR), "utf8"));
  }
  return graph;
}

test("the import lines are read: named, namespace and dynamic imports of this folder, nothing else", () => {
  const source = [
    'import { a, b } from "./one.js";',
    "import * as store from './two.js';",
    'import {\n  c,\n  d,\n} from "./three.js";',
    'import { loadPyodide } from "../pyodide/pyodide.mjs";',
    'const later = import("./four.js");',
    '// a comment that says import nothing from "./five.js" is no import',
    '/* nor import { e } from "./six.js" here */',
  ].join("\n");
  assert.deepEqual(importsOf(source), ["one.js", "two.js", "three.js", "four.js"]);
});

test("a cycle is found however long it is, and a graph without one has none", () => {
  assert.deepEqual(cycles({ "a.js": ["b.js"], "b.js": ["c.js"], "c.js": [] }), []);
  assert.deepEqual(cycles({ "a.js": ["b.js"], "b.js": ["a.js"] }), [["a.js", "b.js", "a.js"]]);
  const long = { "a.js": ["b.js"], "b.js": ["c.js"], "c.js": ["a.js"] };
  assert.deepEqual(cycles(long), [["a.js", "b.js", "c.js", "a.js"]]);
});

test("the page's modules import one another without a cycle", () => {
  const graph = pageGraph();
  assert.ok(Object.keys(graph).length > 20, "the page's modules are read");
  assert.ok(graph["play.js"].includes("state.js"), "their imports are read");
  assert.deepEqual(cycles(graph), []);
});
