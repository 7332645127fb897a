// Where the pages keep what they save: IndexedDB's database and object store (store.js). The pages' inline first
// script (site/inline/early.js) opens the same database, so it takes these names from here.

export const DATABASE = "krig";
export const STORE = "saves";
