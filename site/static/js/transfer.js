// A game as a file or a link: export, import (checked by the bridge like a stored record), and share the deal.

import { note } from "./announce.js";
import { play } from "./answers.js";
import { dealOver } from "./back.js";
import { dealLink } from "./deal.js";
import { IMPORT_LIMIT, REQUESTS } from "./facts.js";
import { clearLog } from "./log.js";
import { state } from "./page.js";
import { CHOICES } from "./settings.js";
import { refusal } from "./stored.js";
import { text } from "./strings.js";

const $ = (id) => document.getElementById(id);

function download(name, data) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

/** The game on screen as a file: the engine's save. */
export function exportGame() {
  if (state.record) download(`krig-round-${state.record.board.round}.json`, state.record.game);
}

/** The stored record the bridge refused, exactly as it was stored. */
export function exportDamaged() {
  download("krig-damaged-save.json", state.damaged);
}

function importFailed(reason) {
  $("import-failed-reason").textContent = reason;
  $("import-failed").hidden = false;
}

export async function importFile(file) {
  $("import-failed").hidden = true;
  if (!file) return;
  if (file.size > IMPORT_LIMIT) return importFailed(text("file_too_big"));
  let data;
  try {
    data = JSON.parse(await file.text());
  } catch {
    return importFailed(text("not_json"));
  }
  // an exported game or a whole record: the bridge tells them apart and checks them like a stored record
  const request = { type: REQUESTS.import, file: data, settings: state.settings };
  const refused = (error) => importFailed(refusal(error, text, true));
  if (await dealOver(state.record, () => play(request, { loaded: true, stop: true }, refused))) {
    clearLog();
    note(text("imported"));
  }
}

/**
 * Share the deal's link: through the system's share sheet where there is one (phones), else copied, with the link
 * in a field to copy by hand. Said in the share's own small notice: the status line keeps the round's sentence.
 */
export async function share() {
  if (!state.record) return;
  const href = dealLink(state.record.board.deal, location.href, CHOICES);
  const said = $("share-note");
  said.textContent = "";
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: document.title, url: href });
      return;
    } catch (error) {
      if (error && error.name === "AbortError") return; // the person closed the share sheet
      // no share here after all (not allowed, not supported): the link is copied instead
    }
  }
  const input = $("share-url");
  input.value = href;
  $("share-result").hidden = false;
  input.focus();
  input.select();
  try {
    await navigator.clipboard.writeText(href);
    said.textContent = text("copied");
  } catch {
    // no clipboard permission: the link is selected in the field for copying by hand
  }
}
