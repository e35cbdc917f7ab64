import { API_TOKEN_PREFIX } from '../../core/accounts/api-tokens.ts';

// A request's address read as a person would: only to classify it (not found, which headers, what a
// log may show), never to authorise it; access is the matched route's (docs/decisions/109).

/** Percent-decoded until it no longer changes (at most three times: `%2561` is `%61` is `a`). */
function decoded(text: string): string {
  let value = text;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(value);
    } catch {
      return value;
    }
    if (next === value) return value;
    value = next;
  }
  return value;
}

/** The path's segments, decoded and lower-case, without empty, `.` and `..` segments or `;` parameters. */
export function pathSegments(url: string): string[] {
  const segments: string[] = [];
  for (const raw of decoded(url.split('?')[0]!).split(/[/\\]/)) {
    const segment = raw.split(';')[0]!.trim().toLowerCase();
    if (segment === '..') segments.pop();
    else if (segment && segment !== '.') segments.push(segment);
  }
  return segments;
}

/** The address's query string, as sent (without the `?`). */
export const queryOf = (url: string) => url.split(/\?(.*)/s, 2)[1] ?? '';

/** Whether the address means the API, however it is spelt (`/API/`, `//api`, `/%61pi`, `/x/../api`). */
export const isApiPath = (url: string) => pathSegments(url)[0] === 'api';

/** Whether the address is a client's share link (its page or its API). */
export function isSharePath(url: string) {
  const segments = pathSegments(url);
  return segments[0] === 'shared' || (segments[0] === 'api' && segments[1] === 'shared');
}

const SECRET_SEGMENT = /(\/shared\/|\/calendar\/feed\/)[^/?#]+/gi;
const API_TOKEN = new RegExp(`${API_TOKEN_PREFIX}[A-Za-z0-9_-]+`, 'g');
const SECRET_PARAM = /token|secret|key|code|password|state|auth|session|signature/i;

/**
 * An address fit for a log: share link and calendar feed secrets, API tokens and the values of
 * secret-looking query parameters (`token`, `code`, `access_token`…) are blanked out.
 */
export function loggableUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = decoded(path).replace(SECRET_SEGMENT, '$1…').replace(API_TOKEN, `${API_TOKEN_PREFIX}…`);
  if (query === undefined) return safePath;
  const params = new URLSearchParams(query);
  for (const [name, value] of params) {
    params.set(name, SECRET_PARAM.test(name) ? '…' : value.replace(API_TOKEN, `${API_TOKEN_PREFIX}…`));
  }
  return `${safePath}?${params.toString().replaceAll('%E2%80%A6', '…')}`;
}
