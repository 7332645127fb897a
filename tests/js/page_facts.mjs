// The page's facts block (#krig-facts) for a module under test that reads facts.js: imported before it, so that
// facts.js finds the block as on a built page. Only the facts the tests need.

const FACTS = { requests: ["history"], refusals: ["not-a-save", "newer", "damaged", "too-big", "unoffered"] };

globalThis.document = {
  getElementById: (id) => (id === "krig-facts" ? { textContent: JSON.stringify(FACTS) } : null),
};
