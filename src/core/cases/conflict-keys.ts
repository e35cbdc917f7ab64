// The keys a conflict check compares (issue 39, docs/decisions/120): a name, a claim number and a
// loss address each reduced to one spelling, so 'Liberty Mutual Ins. Co.' meets 'Liberty Mutual
// Insurance Company' and '123 Main St.' meets '123 Main Street, Unit 3'. Migration 038 holds the
// same rules as SQL functions (casebook_name_key, casebook_claim_key, casebook_address_key) for
// the indexes; test/api/conflict-keys.test.ts holds both to one table of cases.

/**
 * Anything but A-Z, 0-9 and '&' a space (before lower case, so no letter outside ASCII turns into
 * one inside it, as 'İ' would), lower case, '&' as 'and', single spaces.
 */
export function plainWords(text: string): string[] {
  return text.replace(/[^A-Za-z0-9&]+/g, ' ').toLowerCase().replaceAll('&', ' and ').trim().split(/ +/).filter(Boolean);
}

/** Common spellings of an organization's name reduced to one; legal forms dropped (they tell nothing apart). */
export const NAME_WORDS: Readonly<Record<string, string>> = {
  insurance: 'ins', ins: 'ins', company: '', co: '', incorporated: '', inc: '', corporation: '', corp: '',
  llc: '', ltd: '', limited: '', and: '', the: '',
};

/** A name as similarity compares it; the plain words when nothing but legal forms is left ('Co.' alone). */
export function nameKey(name: string): string {
  const words = plainWords(name);
  const kept = words.map((w) => NAME_WORDS[w] ?? w).filter(Boolean);
  return (kept.length > 0 ? kept : words).join(' ');
}

/** A claim or policy number with punctuation, spaces and case ignored: 'clm-2024/0113 a' → 'CLM20240113A'. */
export function claimKey(claim: string): string {
  return claim.replace(/[^A-Za-z0-9]+/g, '').toUpperCase();
}

/** Street words in the post office's short form. */
export const ADDRESS_WORDS: Readonly<Record<string, string>> = {
  street: 'st', str: 'st', avenue: 'ave', av: 'ave', road: 'rd', boulevard: 'blvd', drive: 'dr', lane: 'ln', court: 'ct',
  place: 'pl', highway: 'hwy', parkway: 'pkwy', terrace: 'ter', circle: 'cir', square: 'sq', north: 'n', south: 's', east: 'e',
  west: 'w', northeast: 'ne', northwest: 'nw', southeast: 'se', southwest: 'sw',
};
/** Words that start a unit; the unit and what follows it are left out (a unit of the same building is the same loss site). */
export const UNIT_WORDS = ['unit', 'apt', 'apartment', 'suite', 'ste', 'room', 'rm', 'floor', 'fl', 'bldg', 'building'] as const;

/**
 * A loss address's street line as compared: before the first comma, '#' as a unit, street words
 * short, the unit dropped. Empty when no house number and street are left (nothing to compare).
 */
export function addressKey(address: string): string {
  const line = (address.split(',')[0] ?? '').replaceAll('#', ' unit ');
  const words = plainWords(line);
  const unitAt = words.findIndex((w) => (UNIT_WORDS as readonly string[]).includes(w));
  const street = (unitAt === -1 ? words : words.slice(0, unitAt)).map((w) => ADDRESS_WORDS[w] ?? w);
  return street.length >= 2 && /\d/.test(street.join('')) ? street.join(' ') : '';
}

/** Whether a name has anything to compare: a letter or a digit (a name of only punctuation is refused). */
export const hasLettersOrDigits = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);
