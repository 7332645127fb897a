// The bins of the game-length histogram: round widths (every 100 or 150 rounds, say), and a tail bin that counts
// every game from where the usual lengths end. Pure functions of plain data.

const WIDTHS = [1, 2, 5, 10, 20, 25, 50, 100, 150, 200, 250, 500, 1000, 2000, 2500, 5000, 10000];
export const MOST_BINS = 10; // bins of one width, before the tail: few enough to read on a phone

/** The length that 99 % of the games do not pass, so that a few freak games squash nothing. */
function usual(rounds) {
  const sorted = [...rounds].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];
}

/**
 * The game lengths `rounds` (at least one game) counted in bins: [{low, high, count}], each `high` - `low` + 1
 * rounds wide, the narrowest round width that needs at most MOST_BINS bins below the 99th percentile, then the
 * tail bin {low, high: null, count} of the games of `low` rounds or more: the longest 1 % at least.
 */
export function lengthBins(rounds) {
  const top = usual(rounds);
  const width = WIDTHS.find((w) => Math.floor(top / w) <= MOST_BINS) ?? 10 ** Math.ceil(Math.log10(top + 1));
  const regular = Math.floor(top / width);
  const bins = Array.from({ length: regular }, (_, bin) => ({ low: bin * width, high: (bin + 1) * width - 1, count: 0 }));
  const tail = { low: regular * width, high: null, count: 0 };
  for (const length of rounds) {
    if (length >= tail.low) tail.count += 1;
    else bins[Math.floor(length / width)].count += 1;
  }
  return [...bins, tail];
}
