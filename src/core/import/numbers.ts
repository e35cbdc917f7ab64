// The numbers an import gives the cases and projects it creates (issue 38, docs/decisions/118).
// Casebook has no counter of its own: a person types each case's file number. The firm's series is
// therefore read from what it typed: the newest case's file number, cut into a prefix and a number
// at its trailing digits ('26-0187' → '26-' and 187, four digits wide), continued from the highest
// number of that series. A project takes its case's number and a two-digit suffix ('26-0188-01'),
// as the firm's projects do.

export interface NumberSeries {
  prefix: string;
  width: number;
  next: number;
}

/** Numbers of earlier imports ('IMP-3') are no series of the firm's. */
const IMPORTED = /^IMP-\d+$/i;
const TRAILING_DIGITS = /^(.*?)(\d+)$/;

/**
 * The series new file numbers continue: that of the newest case whose file number ends in digits,
 * else, with none, this year's `YY-0001` series (the year as the firm's own numbers begin).
 */
export function firmSeries(newestFirst: readonly string[], allFileNumbers: Iterable<string>, today: string): NumberSeries {
  const pattern = newestFirst.map((n) => n.trim()).find((n) => !IMPORTED.test(n) && TRAILING_DIGITS.test(n));
  const [, prefix, digits] = pattern ? TRAILING_DIGITS.exec(pattern)! : [null, `${today.slice(2, 4)}-`, '0000'];
  const lowerPrefix = prefix.toLowerCase();
  let highest = 0;
  for (const number of allFileNumbers) {
    const trimmed = number.trim();
    if (!trimmed.toLowerCase().startsWith(lowerPrefix)) continue;
    const rest = trimmed.slice(prefix.length);
    if (/^\d{1,15}$/.test(rest)) highest = Math.max(highest, Number(rest));
  }
  return { prefix, width: digits.length, next: highest + 1 };
}

/** The series' next number that no case has (`taken`: lower case), taken from the series. */
export function takeFileNumber(series: NumberSeries, taken: ReadonlySet<string>): string {
  for (;;) {
    const number = `${series.prefix}${String(series.next++).padStart(series.width, '0')}`;
    if (!taken.has(number.toLowerCase())) return number;
  }
}

/** A case's next project number no project has (`taken`: lower case): `<file number>-01`, `-02`… */
export function takeProjectNumber(fileNumber: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const number = `${fileNumber}-${String(n).padStart(2, '0')}`;
    if (!taken.has(number.toLowerCase())) return number;
  }
}
