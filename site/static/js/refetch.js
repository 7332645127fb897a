// A page kept in the browser's HTTP cache across a deploy (GitHub Pages keeps files 10 minutes) may name a
// Pyodide folder, `pyodide/<version>/`, that the new deploy removed: its engine cannot load. Then the page fetches
// the current files from the server once (`cache: "reload"` also refreshes the HTTP cache) and reloads. A
// sessionStorage flag, cleared only once an engine is ready, makes it once: if that does not help, the page says
// that the engine could not load, with what to do.

const FLAG = "krig-refetched";

/** After an engine that could not load: refetch and reload, once per tab; false when it was tried already. */
export async function refetchOnce(worker) {
  try {
    if (sessionStorage.getItem(FLAG)) return false;
    sessionStorage.setItem(FLAG, "1");
  } catch {
    return false; // without sessionStorage there is no guard: no reload
  }
  // a runtime's folder never changes (a new Pyodide gets a new one): nothing there to refresh
  const ours = (url) => url.startsWith(location.origin) && !/\/pyodide\/\d[^/]*\//.test(url);
  const files = [location.href, String(worker), ...performance.getEntriesByType("resource").map((entry) => entry.name)];
  await Promise.all([...new Set(files.filter(ours))].map((url) => fetch(url, { cache: "reload" }).catch(() => {})));
  location.reload();
  return true;
}

/** The engine is ready: a later deploy may be refetched again. */
export function engineLoaded() {
  try {
    sessionStorage.removeItem(FLAG);
  } catch {
    // nothing to clear
  }
}
