// The pages' first script, put in their <head> by the build (sitebuild/early.py) with its hash in the CSP: it costs
// no request. A fresh profile's first use of storage takes 100–160 ms, while IndexedDB makes its database; begun
// here, before the page is parsed and laid out, it is over or nearly by the time game.js asks for the saved game
// (docs/performance.md, "IndexedDB opened by an inline script"). It opens the database as store.js does, making its
// store on first use, and closes it again: it reads nothing, and store.js opens its own.

import { DATABASE, STORE } from "../static/js/database.js";

try {
  const opening = indexedDB.open(DATABASE);
  opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
  opening.onsuccess = () => opening.result.close();
} catch {
  // no IndexedDB here, or none allowed: store.js finds that out for itself and says so
}
