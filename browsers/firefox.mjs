// Drives Firefox ESR for the cross-browser tests: puppeteer-core over WebDriver BiDi (no geckodriver). It reads
// one JSON command per line on stdin and answers each with one JSON line on stdout, {value} or {error}.
// Each tab keeps its console errors and uncaught exceptions until they are asked for. Arguments: Firefox's path,
// the preferences to start with (JSON), and a profile folder to start on (kept as the browser leaves it), or none
// for a fresh one.
import { createInterface } from "node:readline";

import puppeteer from "puppeteer-core";

const [executablePath, prefs, userDataDir] = process.argv.slice(2);
const browser = await puppeteer.launch({ browser: "firefox", executablePath, userDataDir, headless: true,
  extraPrefsFirefox: JSON.parse(prefs) });
const tabs = [];

const commands = {
  async open() {
    const page = await browser.newPage();
    const errors = [];
    page.on("console", (message) => { if (message.type() === "error") errors.push(message.text()); });
    page.on("pageerror", (error) => errors.push(String(error)));
    tabs.push({ page, errors });
    return tabs.length - 1;
  },
  // `parsed`: only until the page is parsed, not its load event (a held-back worker's script delays that)
  async goto({ tab, url, parsed }) { await tabs[tab].page.goto(url, parsed ? { waitUntil: "domcontentloaded" } : {}); },
  async reload({ tab }) { await tabs[tab].page.reload(); },
  // A string is evaluated by the browser itself, so the page's CSP (no eval) does not apply.
  evaluate: ({ tab, fn, args }) => tabs[tab].page.evaluate(`(${fn})(...${JSON.stringify(args)})`),
  click: ({ tab, selector }) => tabs[tab].page.click(selector),
  resize: ({ tab, width, height }) => tabs[tab].page.setViewport({ width, height }),
  errors: ({ tab }) => tabs[tab].errors.splice(0),
  close: ({ tab }) => tabs[tab].page.close(),
  pid: () => browser.process().pid,
};

const answer = (reply) => process.stdout.write(`${JSON.stringify(reply)}\n`);
answer({ value: await browser.version() });
for await (const line of createInterface({ input: process.stdin })) {
  const { op, ...args } = JSON.parse(line);
  try {
    const value = await commands[op](args);
    answer({ value: value ?? null });
  } catch (error) {
    answer({ error: String(error) });
  }
}
await browser.close();
