// Which picture shows a card in the deck chosen. This follows krig.webapp.decks.picture, the rule build.py drew
// the pictures by, from what Python hands over (facts.js DECKS); tests/site/test_decks.py checks that the two
// agree on every card of every deck. Pure: no DOM.

const changes = (table, name, part) => Object.hasOwn(table || {}, name) && table[name].includes(part);

/**
 * The picture of the card `code` under cards/, in the deck of the settings `{letters, deck}`: in the folder named
 * by the choices that change this card's face ("fr-four-colour/KD.svg"), else the standard deck's ("2S.svg").
 * A choice `decks` does not know changes nothing.
 */
export function picture(code, { letters, deck }, decks) {
  const changed = [];
  if (changes(decks.letters, letters, code.slice(0, -1))) changed.push(letters);
  if (changes(decks.deck, deck, code.slice(-1))) changed.push(deck);
  return changed.length ? `${changed.join("-")}/${code}.svg` : `${code}.svg`;
}
