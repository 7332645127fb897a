// What the rounds sound like, and which sound is heard when rounds come faster than sounds should: pure
// functions of plain data, read from the bridge's board (its wars, the round's winner, the game over) and from the
// finished game's entry (who won it). sound.js plays what these decide.

/** The cues, least important first: a plain round, the visitor taking the pile, a war, the end of the game. */
export const PRIORITY = Object.freeze({ flip: 1, pile: 2, war: 3, won: 4, over: 4 });

/** ms: at most one sound this often. Rounds by hand come slower; fast auto-play is thinned out. */
export const SOUND_GAP = 300;

/**
 * What an answer that played rounds (a flip, or "finish") sounds like: `won` or `over` when the game has ended
 * (the visitor won it, by the finished game's entry `ended`, or not: a loss, a draw, a repetition), `war` when
 * the round went to war (the board's `wars`), `pile` when the visitor took the pile
 * (seat 0 is the round's winner), else `flip`.
 */
export function roundCue(board, ended = null) {
  if (board.over) return ended && ended.winner === 0 ? "won" : "over";
  if (board.wars > 0) return "war";
  return board.winner === 0 ? "pile" : "flip";
}

// The thinning rule. A cue asked for after a quiet SOUND_GAP plays at once (so a flip by hand is heard as it
// happens). One asked for sooner waits until SOUND_GAP has passed since the last sound, and while it waits a cue
// at least as important takes its place and a less important one is dropped. So sounds never pile up: during
// fast auto-play one sound is heard every SOUND_GAP, the most important of the rounds played in between (end >
// war > pile > flip), and the end of a game is never lost. `thinning` is {playedAt, waiting}; both functions
// return the next one with `play`, the cue to play now (or null).

export const quiet = Object.freeze({ playedAt: -Infinity, waiting: null });

/** `cue` is asked for at `now` (ms). */
export function ask(thinning, cue, now) {
  if (!thinning.waiting && now - thinning.playedAt >= SOUND_GAP) return { playedAt: now, waiting: null, play: cue };
  const { waiting } = thinning;
  const kept = waiting && PRIORITY[waiting] > PRIORITY[cue] ? waiting : cue;
  return { playedAt: thinning.playedAt, waiting: kept, play: null };
}

/** The gap after the last sound is over, at `now`: the waiting cue, if any, plays. */
export function due(thinning, now) {
  if (!thinning.waiting) return { ...thinning, play: null };
  return { playedAt: now, waiting: null, play: thinning.waiting };
}
