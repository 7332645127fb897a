// Storage kept for good. Browsers may clear a site's storage: Chromium under disk pressure, unless it is
// persistent; Safari after 7 days without a visit, unless the site is on the home screen. After the first save
// that follows the visitor's first action, the browser is asked once (navigator.storage.persist) to keep it; the
// answer is stored, so a refusal is never asked again. "Saving and privacy" says whether this browser keeps the
// game for good, and how much space it uses (navigator.storage.estimate). No notice: the sentence waits there.

import { state, update } from "./page.js";
import { askedToKeep } from "./state.js";
import * as store from "./store.js";
import { bytes, format, text } from "./strings.js";

const $ = (id) => document.getElementById(id);

const SENTENCES = {
  true: () => text("persisted_true"),
  false: () => text("persisted_false"),
  unknown: () => text("persisted_unknown"),
};

/** navigator.storage, or null where it is missing or its getter throws. */
function storageManager() {
  try {
    return navigator.storage || null;
  } catch {
    return null;
  }
}

/** After a save: the first one after the visitor's first action asks the browser, once ever. */
export async function askToKeep() {
  if (!state.acted || state.asked) return;
  update(askedToKeep);
  const storage = storageManager();
  try {
    if (!storage || typeof storage.persist !== "function") return;
    if ((await store.loadPersistence()) !== null || (await storage.persisted())) return;
    const granted = Boolean(await storage.persist());
    await store.savePersistence({ asked: true, granted });
  } catch {
    return; // a browser that throws here simply keeps its usual rules
  }
  await showPersistence();
}

/** Whether this browser keeps the site's data for good: "true", "false", or "unknown" when it does not say. */
async function persisted(storage) {
  try {
    return typeof storage.persisted === "function" ? String(Boolean(await storage.persisted())) : "unknown";
  } catch {
    return "unknown";
  }
}

/** The sentence on the space used, or "" when the browser does not say. */
async function usage(storage) {
  try {
    const estimate = await storage.estimate();
    const ours = estimate.usageDetails && estimate.usageDetails.indexedDB;
    if (Number.isFinite(ours)) return format(text("usage_game"), { size: bytes(ours) });
    if (Number.isFinite(estimate.usage)) return format(text("usage_site"), { size: bytes(estimate.usage) });
  } catch {
    // no estimate here
  }
  return "";
}

/** Say in "Saving and privacy" whether the game is kept for good, and the space it uses. */
export async function showPersistence() {
  const storage = storageManager();
  const kept = storage ? await persisted(storage) : "unknown";
  const used = storage ? await usage(storage) : "";
  const element = $("persistence");
  element.dataset.persisted = kept;
  element.querySelector(".kept").textContent = SENTENCES[kept]();
  element.querySelector(".usage").textContent = used;
}
