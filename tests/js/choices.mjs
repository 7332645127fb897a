// What the game page's form offers, as Python's krig.webapp.settings.table("fr") and krig.webapp.variants give it
// (tests/site/test_page_scripts.py checks that they still do): the settings table and the pairs not offered.

export const CHOICES = Object.freeze({
  settings: [
    { name: "players", kind: "choice", values: [2, 3, 4], default: 2, deal: true, link: "players" },
    { name: "order", kind: "choice", values: ["shuffled", "played"], default: "shuffled", deal: true, link: "order" },
    { name: "face_down", kind: "choice", values: [1, 2, 3, 4, 5], default: 1, deal: true, link: "down" },
    {
      name: "peace", kind: "toggle", values: [false, true], default: false, deal: true, link: "peace",
      house: "peace", excludes: ["jokers"],
    },
    {
      name: "jokers", kind: "toggle", values: [false, true], default: false, deal: true, link: "jokers",
      house: "jokers", excludes: ["peace"],
    },
    {
      name: "only_tied", kind: "toggle", values: [false, true], default: false, deal: true, link: "only-tied",
      house: "only-tied",
    },
    { name: "speed", kind: "range", values: [1, 5], default: 3, deal: false },
    { name: "animation", kind: "choice", values: ["normal", "fast", "none"], default: "normal", deal: false },
    { name: "sound", kind: "toggle", values: [false, true], default: true, deal: false },
    { name: "stop_war", kind: "toggle", values: [false, true], default: false, deal: false },
    { name: "deck", kind: "choice", values: ["standard", "four-colour"], default: "standard", deal: false },
    { name: "letters", kind: "choice", values: ["international", "fr"], default: "international", deal: false },
  ],
  unoffered: [["played", 2], ["played", 4]],
});
