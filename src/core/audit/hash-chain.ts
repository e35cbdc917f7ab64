// The tamper-evident chain (issue 42, docs/decisions/140): one module for custody entries and the
// audit log. Each link's hash is SHA-256 over its canonical content and the previous link's hash;
// Verify recomputes every link in order and names the first that does not match. Core holds the
// canonical text and the walk; the SHA-256 itself is handed in (node:crypto on the server), since
// core uses no Node API.

/** SHA-256 of a UTF-8 text as 64 lower-case hex digits. */
export type Sha256 = (text: string) => string;

type Canonical = null | boolean | number | string | Canonical[] | { [key: string]: Canonical | undefined };

/**
 * JSON with object keys in code-point order and no spaces: the same content always gives the same
 * text, whatever order its fields were written in. Undefined fields are left out, as JSON does.
 */
export function canonicalJson(value: Canonical): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('canonical JSON has no NaN or Infinity');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).filter((k) => value[k] !== undefined).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k]!)}`).join(',')}}`;
}

/** What one link hashes: its content's canonical text and the previous hash (none for the first). */
export const linkText = (content: string, prevHash: string | null) => `${prevHash ?? ''}\n${content}`;

export const linkHash = (sha256: Sha256, content: string, prevHash: string | null) => sha256(linkText(content, prevHash));

/** One stored link as Verify reads it: its canonical content (recomputed from the stored row) and the hashes stored beside it. */
export interface StoredLink {
  /** How the result names it: an entry's number, an audit row's id. */
  label: string;
  content: string;
  prevHash: string | null;
  hash: string;
}

export type ChainVerdict =
  | { ok: true; checked: number; lastHash: string | null }
  | { ok: false; checked: number; firstBad: { index: number; label: string; reason: ChainProblem } };

export type ChainProblem = 'content' | 'link';

export const CHAIN_PROBLEM_TEXT: Record<ChainProblem, string> = {
  content: 'its content does not match its stored hash (changed after it was recorded)',
  link: 'it does not point at the entry before it (an entry was removed, inserted or reordered)',
};

/**
 * Walks links in order from `startHash` (null for the chain's beginning): each must name the hash
 * before it and hash to what is stored. The first that does not is named; the links after it are not
 * judged (their hashes build on the bad one).
 */
export function verifyLinks(links: Iterable<StoredLink>, sha256: Sha256, startHash: string | null = null, startIndex = 0): ChainVerdict {
  let prev = startHash;
  let index = startIndex;
  for (const link of links) {
    if (link.prevHash !== prev) return { ok: false, checked: index - startIndex, firstBad: { index, label: link.label, reason: 'link' } };
    if (linkHash(sha256, link.content, link.prevHash) !== link.hash) {
      return { ok: false, checked: index - startIndex, firstBad: { index, label: link.label, reason: 'content' } };
    }
    prev = link.hash;
    index++;
  }
  return { ok: true, checked: index - startIndex, lastHash: prev };
}

/** The verdict in one sentence, as the screen and the custody report print it. */
export function verdictText(verdict: ChainVerdict, noun = 'entries'): string {
  if (verdict.ok) return `Chain verified: all ${verdict.checked} ${noun} match their SHA-256 hashes.`;
  return `Chain broken at ${verdict.firstBad.label}: ${CHAIN_PROBLEM_TEXT[verdict.firstBad.reason]}.`;
}
