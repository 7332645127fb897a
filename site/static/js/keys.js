// The keyboard: Space or Enter flips, one letter starts or pauses auto-play, another deals a new game (wherever the
// focus is, but in a field that takes letters). During a
// replay the same keys step through it and play or pause it, and the arrows, Home and End move in it. A pure
// function of the key event's plain fields.

const REPLAY_KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };

/**
 * What a key press asks for: {action: "flip" | "autoplay" | "new" | null, prevent} (`prevent`: keep Space from
 * scrolling the page). `letters` are the shortcut letters per action, the Latin one first (it always works) and
 * then the page language's own; `inField` says the key went to a form field or a button, which take Space and
 * Enter themselves, and `inText` to a field that takes letters (a text field, a select's type-ahead): only there
 * are the letters left alone.
 * With `replaying`, the actions are a replay's: "forward" (Space, Enter, →), "back" (←), "first" (Home), "last"
 * (End) and "play" (the auto-play letter); they keep the page from scrolling. The arrows, Home and End work on a
 * button too, but not in a field that moves with them itself (`inTyping`: a text field, a range, a select).
 */
export function keyAction(event, letters) {
  const none = { action: null, prevent: false };
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return none;
  if (event.replaying && REPLAY_KEYS[event.key] && !event.inTyping) {
    return { action: REPLAY_KEYS[event.key], prevent: true };
  }
  if (event.key === " " || event.key === "Enter") {
    if (event.inField) return none;
    return { action: event.repeat ? null : event.replaying ? "forward" : "flip", prevent: true };
  }
  if (event.inText) return none;
  const key = event.key.toLocaleLowerCase();
  for (const [action, choices] of Object.entries(letters)) {
    if (choices.some((letter) => letter.toLocaleLowerCase() === key)) {
      if (event.repeat) return none; // holding a key down repeats nothing
      if (event.replaying) return { action: action === "autoplay" ? "play" : null, prevent: false };
      return { action, prevent: false };
    }
  }
  return none;
}
