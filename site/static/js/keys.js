// The keyboard: Space or Enter flips, one letter starts or pauses auto-play, another deals a new game. A pure
// function of the key event's plain fields.

/**
 * What a key press asks for: {action: "flip" | "autoplay" | "new" | null, prevent} (`prevent`: keep Space from
 * scrolling the page). `letters` are the shortcut letters per action, the Latin one first (it always works) and
 * then the page language's own; `inField` says the key went to a form field or a button, which react themselves.
 */
export function keyAction(event, letters) {
  const none = { action: null, prevent: false };
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.inField) return none;
  if (event.key === " " || event.key === "Enter") return { action: event.repeat ? null : "flip", prevent: true };
  const key = event.key.toLocaleLowerCase();
  for (const [action, choices] of Object.entries(letters)) {
    if (choices.some((letter) => letter.toLocaleLowerCase() === key)) {
      return { action: event.repeat ? null : action, prevent: false }; // holding a key down repeats nothing
    }
  }
  return none;
}
