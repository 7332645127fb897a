// The pages' first script, put in their <head> by the build (sitebuild/early.py) with its hash in the CSP: it costs
// no request. A fresh profile's first use of storage takes 100–300 ms, while IndexedDB makes its database, and a
// page's first request of a Web Lock waits 60–120 ms for its answer. Begun here, before the page is parsed and
// laid out, both are over or nearly by the time game.js asks for the saved game and the game's lock
// (docs/performance.md, "IndexedDB opened by an inline script"). It opens the database as store.js does, making its
// store on first use, and closes it again; it asks which locks are held, and holds none: lock.js asks for the
// game's.

import { DATABASE, STORE } from "../static/js/database.js";

try {
  const opening = indexedDB.open(DATABASE);
  opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
  opening.onsuccess = () => opening.result.close();
} catch {
  // no IndexedDB here, or none allowed: store.js finds that out for itself and says so
}
navigator.locks?.query().catch(() => {}); // no Web Locks allowed here: lock.js finds that out too
