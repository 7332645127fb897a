// The site root (index.html): send the visitor to the first of their languages that Krig has, else English.
// Without scripts, the page lists every language as a plain link.

import { registerServiceWorker } from "./js/offline.js";

const LANGUAGES = "__LANGUAGES__";

function choose(preferred) {
  for (const tag of preferred) {
    const primary = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(primary)) return primary;
  }
  return "en";
}

registerServiceWorker(new URL("sw.js", import.meta.url));
const preferred = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
location.replace(`${choose(preferred)}/index.html`);
