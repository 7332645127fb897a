// The simulator's sums: the worker's batches of games added up, and the numbers of face-down cards and the house
// rules compared; the size of its batches and the time a run has left.
// Pure functions of plain data (a batch is the bridge's simulate answer: {rounds, wins, draws, repetitions}).

/** Nothing counted yet, for `players` seats. */
export function noGames(players) {
  return { rounds: [], wins: new Array(players).fill(0), draws: 0, repetitions: 0 };
}

/** `totals` with one more batch counted in. */
export function added(totals, batch) {
  return {
    rounds: totals.rounds.concat(batch.rounds),
    wins: totals.wins.map((count, seat) => count + batch.wins[seat]),
    draws: totals.draws + batch.draws,
    repetitions: totals.repetitions + batch.repetitions,
  };
}

/** The mean game length in whole rounds. */
export function average(rounds) {
  return Math.round(rounds.reduce((a, b) => a + b, 0) / rounds.length);
}

/**
 * One row per run ({face_down, house, totals}: its number of face-down cards and the names of its house rules)
 * that played any game: its games, their average length, the games drawn and ended by a repetition, each with
 * its share, and each seat's share of the games won.
 */
export function comparison(runs) {
  return runs.filter((run) => run.totals.rounds.length).map(({ face_down: faceDown, house, totals }) => {
    const games = totals.rounds.length;
    return {
      face_down: faceDown,
      house,
      games,
      average: average(totals.rounds),
      draws: totals.draws,
      share: totals.draws / games,
      repetitions: totals.repetitions,
      repeated: totals.repetitions / games,
      wins: totals.wins.map((count) => count / games),
    };
  });
}

/**
 * The next batch's size: as many games as the worker plays in about `seconds` at `rate` (games per second, 0
 * before the first batch), so that the progress moves often and Cancel is felt at once; never more than `left`.
 */
export function batchSize(rate, left, { seconds = 0.2, least = 50, most = 10000 } = {}) {
  const size = rate > 0 ? Math.round(rate * seconds) : least;
  return Math.min(left, Math.max(least, Math.min(most, size)));
}

/** The whole seconds left until `end` (ms, as `now`; null while it is not known yet): at least 1 until the end. */
export function secondsLeft(end, now) {
  return end === null ? null : Math.max(1, Math.ceil((end - now) / 1000));
}
