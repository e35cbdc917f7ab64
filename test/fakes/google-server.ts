// A fake of Google's OAuth 2.0 and Calendar v3 endpoints: a real HTTP server on 127.0.0.1 that
// the app reaches through GOOGLE_AUTH_URL, GOOGLE_TOKEN_URL and GOOGLE_CALENDAR_URL. The
// authorisation page consents at once and redirects back with a code and the state. Trouble on
// demand (in-process through the returned object, or POST /__control from another process):
// every calendar call answering a status (403, 429, 503…), the next n calls failing, a revoked
// grant (refresh → invalid_grant, access tokens → 401), a delay per calendar call. Events of other
// people (attendees with their answers, all-day ones) are seeded with `addEvents` (or the control's
// `addEvents`) and read back through the events list (timeMin/timeMax, singleEvents, pages).
// A wrong setup is answered as Google answers it (docs/decisions/099): the token endpoint says
// invalid_client, 'The OAuth client was not found.' for an unknown client id and 'Unauthorized' for
// a wrong secret, invalid_grant for a code no consent gave; the authorisation page sends the
// browser to an error page (authError: base64 of the code and its description) for an unknown
// client id, or for a redirect URI that is not registered (`redirectUris`; null: any is).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { CALENDAR_TIME_ZONE, listEvents } from './google-events-list.ts';

export interface FakeEvent {
  id: string;
  status: 'confirmed' | 'cancelled';
  summary?: string;
  description?: string;
  start?: Record<string, string>;
  end?: Record<string, string>;
  location?: string;
  attendees?: { email: string; responseStatus?: 'needsAction' | 'declined' | 'tentative' | 'accepted' }[];
  reminders?: unknown;
  [key: string]: unknown;
}

export interface GoogleControl {
  /** Every calendar call answers this status (null: normal). */
  calendarStatus?: number | null;
  /** The next `count` calendar calls answer `status`. */
  failNext?: { count: number; status: number } | null;
  /** The grant is revoked: refresh answers invalid_grant, access tokens 401. false restores it. */
  revoked?: boolean;
  /** The client's authorized redirect URIs; null (the default): every redirect URI is accepted. */
  redirectUris?: string[] | null;
  /** Seconds a forced failure asks the caller to wait (Retry-After); null: only a 429 asks, 1 s. */
  retryAfter?: number | null;
  /** Milliseconds each calendar call waits before answering. */
  delayMs?: number;
  /** Lifetime of new access tokens, seconds. */
  accessTokenTtl?: number;
  /** Events put in the calendar as they are (someone else's meetings, all-day events); same id replaces. */
  addEvents?: FakeEvent[];
  reset?: boolean;
}

export interface FakeGoogle {
  url: string;
  authUrl: string;
  tokenUrl: string;
  calendarUrl: string;
  clientId: string;
  clientSecret: string;
  /** Live events (not deleted), by id. */
  events(): FakeEvent[];
  /** Puts events in the calendar as they are (a same id replaces); the events list returns them. */
  addEvents(events: FakeEvent[]): void;
  /** Every calendar request, in order ("POST /calendars/primary/events"). */
  calls: string[];
  /** Parameters of the last authorisation request. */
  lastAuthorization: URLSearchParams | null;
  /** The form of every token request. */
  tokenRequests: URLSearchParams[];
  control(change: GoogleControl): void;
  /** A valid access token, for a test that calls the fake itself (an "earlier attempt"). */
  accessToken(): string;
  /** Tokens as a completed consent would give them (tests that prepare a database themselves). */
  grant(): { accessToken: string; refreshToken: string };
  close(): Promise<void>;
}

const EVENT_ID = /^[a-v0-9]{5,1024}$/;
const CALENDAR = { id: 'office@hale-ortiz.example', summary: 'Hale & Ortiz Engineering' };

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
  if (body === undefined) {
    res.writeHead(status, headers).end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** Google's authError parameter: a protobuf of the code (field 1) and its description (field 2), base64. */
function authError(code: string, description: string): string {
  const field = (tag: number, text: string) => Buffer.concat([Buffer.from([tag, Buffer.byteLength(text)]), Buffer.from(text)]);
  return Buffer.concat([field(0x0a, code), field(0x12, description)]).toString('base64');
}

function readAuthError(base64: string): string[] {
  const bytes = Buffer.from(base64, 'base64');
  const texts: string[] = [];
  for (let i = 0; i + 1 < bytes.length; i += 2 + bytes[i + 1]!) texts.push(bytes.subarray(i + 2, i + 2 + bytes[i + 1]!).toString('utf8'));
  return texts;
}

const errorPage = (code: string, description: string, status: number) =>
  `<!doctype html><title>Error ${status}: ${code}</title><h1>Access blocked: authorisation error</h1><p>${description}</p><p>Error ${status}: ${code}</p>`;

const googleError = (code: number, message: string, reason: string) => ({ error: { code, message, errors: [{ reason, message }] } });

const ERRORS: Record<number, [string, string]> = {
  401: ['Invalid Credentials', 'authError'],
  403: ['Rate Limit Exceeded', 'rateLimitExceeded'],
  429: ['Too many requests', 'rateLimitExceeded'],
  500: ['Backend Error', 'backendError'],
  503: ['The service is currently unavailable.', 'backendError'],
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeGoogle(options: { port?: number; clientId?: string; clientSecret?: string; redirectUris?: string[] } = {}): Promise<FakeGoogle> {
  const clientId = options.clientId ?? 'fake-client-id.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const codes = new Map<string, string>(); // code → redirect_uri
  const refreshTokens = new Set<string>();
  const accessTokens = new Map<string, number>(); // token → expiry (ms)
  const store = new Map<string, FakeEvent>();
  const initial = () => ({ calendarStatus: null, failNext: null, retryAfter: null, revoked: false, delayMs: 0, accessTokenTtl: 3600, redirectUris: options.redirectUris ?? null });
  let settings: Required<Omit<GoogleControl, 'reset' | 'addEvents'>> = initial();
  const fake = { calls: [] as string[], lastAuthorization: null as URLSearchParams | null, tokenRequests: [] as URLSearchParams[] };

  const issueAccess = () => {
    const token = `ya29.${randomBytes(16).toString('hex')}`;
    accessTokens.set(token, Date.now() + settings.accessTokenTtl * 1000);
    return token;
  };

  const control = (change: GoogleControl) => {
    if (change.reset) {
      settings = initial();
      store.clear();
      fake.calls.length = 0;
    }
    for (const event of change.addEvents ?? []) store.set(event.id, { ...event });
    const { reset: _reset, addEvents: _events, ...rest } = change;
    settings = { ...settings, ...rest } as typeof settings;
  };

  function authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    fake.lastAuthorization = q;
    const redirect = q.get('redirect_uri');
    const refuse = (code: string, description: string, status: number) => res.writeHead(302, {
      location: `${url.origin}/signin/oauth/error/v2?${new URLSearchParams({ authError: authError(code, description), status: String(status) })}`,
    }).end();
    if (q.get('client_id') !== clientId) return refuse('invalid_client', 'The OAuth client was not found.', 401);
    if (redirect && settings.redirectUris && !settings.redirectUris.includes(redirect)) {
      return refuse('redirect_uri_mismatch', "You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy.", 400);
    }
    if (!redirect || q.get('response_type') !== 'code'
      || !q.get('scope')?.includes('https://www.googleapis.com/auth/calendar')) {
      return send(res, 400, { error: 'invalid_request', error_description: 'Missing or wrong parameters' });
    }
    const code = `4/${randomBytes(12).toString('hex')}`;
    codes.set(code, redirect);
    const back = new URL(redirect);
    back.searchParams.set('code', code);
    if (q.get('state') !== null) back.searchParams.set('state', q.get('state')!);
    back.searchParams.set('scope', q.get('scope')!);
    res.writeHead(302, { location: back.toString() }).end();
  }

  function token(form: URLSearchParams, res: ServerResponse) {
    fake.tokenRequests.push(form);
    if (form.get('client_id') !== clientId) return send(res, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    if (form.get('client_secret') !== clientSecret) return send(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
    const scope = 'https://www.googleapis.com/auth/calendar';
    if (form.get('grant_type') === 'authorization_code') {
      const code = form.get('code') ?? '';
      if (codes.get(code) !== form.get('redirect_uri')) return send(res, 400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
      codes.delete(code);
      const refresh = `1//${randomBytes(16).toString('hex')}`;
      refreshTokens.add(refresh);
      settings.revoked = false;
      return send(res, 200, { access_token: issueAccess(), refresh_token: refresh, expires_in: settings.accessTokenTtl, scope, token_type: 'Bearer' });
    }
    if (form.get('grant_type') === 'refresh_token') {
      if (settings.revoked || !refreshTokens.has(form.get('refresh_token') ?? '')) {
        return send(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      }
      return send(res, 200, { access_token: issueAccess(), expires_in: settings.accessTokenTtl, scope, token_type: 'Bearer' });
    }
    return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
  }

  async function calendar(req: IncomingMessage, url: URL, res: ServerResponse) {
    const path = url.pathname.slice('/calendar/v3'.length);
    fake.calls.push(`${req.method} ${path}`);
    if (settings.delayMs) await new Promise((r) => setTimeout(r, settings.delayMs));
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (settings.revoked || (accessTokens.get(bearer) ?? 0) < Date.now()) return send(res, 401, googleError(401, ...ERRORS[401]!));
    const forced = settings.calendarStatus ?? (settings.failNext && settings.failNext.count > 0 ? settings.failNext.status : null);
    if (forced) {
      if (settings.failNext && settings.calendarStatus === null) settings.failNext.count--;
      const [message, reason] = ERRORS[forced] ?? ['Error', 'error'];
      return send(res, forced, googleError(forced, message, forced === 403 && settings.calendarStatus === 403 ? 'forbidden' : reason),
        settings.retryAfter !== null ? { 'retry-after': String(settings.retryAfter) } : forced === 429 ? { 'retry-after': '1' } : {});
    }
    if (req.method === 'GET' && path === '/calendars/primary') return send(res, 200, { kind: 'calendar#calendar', ...CALENDAR, timeZone: CALENDAR_TIME_ZONE });
    const match = /^\/calendars\/primary\/events(?:\/([^/]+))?$/.exec(path);
    if (!match) return send(res, 404, googleError(404, 'Not Found', 'notFound'));
    const id = match[1] ? decodeURIComponent(match[1]) : null;
    if (req.method === 'GET' && !id) return send(res, ...listEvents([...store.values()], url.searchParams));
    const body = ['POST', 'PUT'].includes(req.method!) ? JSON.parse((await readBody(req)) || '{}') as Record<string, unknown> : {};
    const existing = id ? store.get(id) : undefined;
    const now = new Date().toISOString();
    if (req.method === 'POST' && !id) {
      const newId = typeof body.id === 'string' ? body.id : randomBytes(13).toString('hex');
      if (!EVENT_ID.test(newId)) return send(res, 400, googleError(400, 'Invalid resource id value.', 'invalid'));
      if (store.has(newId)) return send(res, 409, googleError(409, 'The requested identifier already exists.', 'duplicate'));
      const event = { ...body, id: newId, status: 'confirmed' as const, created: now, updated: now };
      store.set(newId, event);
      return send(res, 200, event);
    }
    if (!existing) return send(res, 404, googleError(404, 'Not Found', 'notFound'));
    if (existing.status === 'cancelled') return send(res, 410, googleError(410, 'Resource has been deleted', 'deleted'));
    if (req.method === 'GET') return send(res, 200, existing);
    if (req.method === 'PUT') {
      const event = { ...body, id: existing.id, status: 'confirmed' as const, created: existing.created, updated: now };
      store.set(existing.id, event);
      return send(res, 200, event);
    }
    if (req.method === 'DELETE') {
      existing.status = 'cancelled';
      return send(res, 204);
    }
    return send(res, 405, googleError(405, 'Method not allowed', 'notAllowed'));
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
      // The tests' own calls close their connection: a kept one that this server drops as idle (5 s) just as
      // a test reuses it is an ECONNRESET in the test, not a finding about the app.
      if (url.pathname === '/__control' && req.method === 'POST') {
        control(JSON.parse(await readBody(req)) as GoogleControl);
        return send(res, 200, { ok: true }, { connection: 'close' });
      }
      if (url.pathname === '/__state') return send(res, 200, { events: api.events(), calls: fake.calls.length }, { connection: 'close' });
      if (url.pathname === '/o/oauth2/v2/auth') return authorize(url, res);
      if (url.pathname === '/signin/oauth/error/v2') {
        const [code, description] = readAuthError(url.searchParams.get('authError') ?? '');
        const status = Number(url.searchParams.get('status') ?? 400);
        return res.writeHead(status, { 'content-type': 'text/html' }).end(errorPage(code ?? 'invalid_request', description ?? '', status));
      }
      if (url.pathname === '/token' && req.method === 'POST') return token(new URLSearchParams(await readBody(req)), res);
      if (url.pathname.startsWith('/calendar/v3/')) return calendar(req, url, res);
      return send(res, 404, { error: 'not_found' });
    })().catch((error: unknown) => send(res, 500, googleError(500, String(error), 'backendError')));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const api: FakeGoogle = {
    url: base,
    authUrl: `${base}/o/oauth2/v2/auth`,
    tokenUrl: `${base}/token`,
    calendarUrl: `${base}/calendar/v3`,
    clientId,
    clientSecret,
    events: () => [...store.values()].filter((e) => e.status !== 'cancelled'),
    addEvents: (events) => control({ addEvents: events }),
    get calls() {
      return fake.calls;
    },
    get lastAuthorization() {
      return fake.lastAuthorization;
    },
    tokenRequests: fake.tokenRequests,
    control,
    accessToken: issueAccess,
    grant() {
      const refreshToken = `1//${randomBytes(16).toString('hex')}`;
      refreshTokens.add(refreshToken);
      return { accessToken: issueAccess(), refreshToken };
    },
    close: () => new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((e) => (e ? reject(e) : resolve()));
    }),
  };
  return api;
}

/** The environment that points the app at a fake. */
export const googleEnv = (fake: FakeGoogle): Record<string, string> => ({
  GOOGLE_CLIENT_ID: fake.clientId,
  GOOGLE_CLIENT_SECRET: fake.clientSecret,
  GOOGLE_AUTH_URL: fake.authUrl,
  GOOGLE_TOKEN_URL: fake.tokenUrl,
  GOOGLE_CALENDAR_URL: fake.calendarUrl,
});

// `node --import tsx test/fakes/google-server.ts [port]` runs it on its own (bench, kill test, manual checks).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeGoogle({ port: Number(process.argv[2] ?? 0) });
  console.log(`fake Google listening on ${fake.url}`);
}
