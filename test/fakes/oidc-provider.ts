// A fake OpenID Connect provider (Google or Microsoft in the tests): a real HTTP server on 127.0.0.1
// that the app reaches only through the issuer URL set in Settings (docs/decisions/091). It serves
// the discovery document, an authorize endpoint that signs in the configured person at once and
// redirects back with a code (state passed through, the PKCE challenge kept), a token endpoint that
// checks the client secret, redirect URI and PKCE verifier, an RS256-signed ID token carrying the
// nonce, and its JWKS. The product never imports this file.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

export interface FakePerson {
  email: string;
  emailVerified: boolean;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | null;
  person: FakePerson;
  used: boolean;
}

export interface FakeOidcProvider {
  /** The issuer URL to set in Settings (http://127.0.0.1:<port>). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the authorize endpoint signs in next. */
  signInAs(person: FakePerson): void;
  /** The next authorize request answers error=access_denied (the person cancelled). */
  refuseNext(): void;
  /** Token requests refused so far, with the reason (bad secret, bad verifier, reused code…). */
  refusals: string[];
  close(): Promise<void>;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function signJwt(payload: Record<string, unknown>, key: KeyObject, kid: string): string {
  const input = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }))}.${b64url(JSON.stringify(payload))}`;
  return `${input}.${b64url(sign('sha256', Buffer.from(input), key))}`;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The client's id and secret from client_secret_post or client_secret_basic. */
function clientOf(req: IncomingMessage, form: URLSearchParams) {
  const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (basic) {
    const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':').map((p) => decodeURIComponent(p));
    return { id, secret };
  }
  return { id: form.get('client_id') ?? undefined, secret: form.get('client_secret') ?? undefined };
}

export async function startFakeOidcProvider(options: {
  port?: number; clientId?: string; clientSecret?: string; person?: FakePerson;
} = {}): Promise<FakeOidcProvider> {
  const clientId = options.clientId ?? 'casebook-test-client';
  const clientSecret = options.clientSecret ?? 'fake-oidc-secret';
  let person: FakePerson = options.person ?? { email: 'someone@firm.test', emailVerified: true };
  let refuse = false;
  const refusals: string[] = [];
  const grants = new Map<string, Grant>();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('hex');
  let issuer = '';

  const discovery = () => ({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    scopes_supported: ['openid', 'email', 'profile'],
    claims_supported: ['sub', 'email', 'email_verified', 'name'],
  });

  function authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri');
    if (q.get('client_id') !== clientId || !redirectUri) return send(res, 400, { error: 'invalid_request', error_description: 'unknown client or no redirect_uri' });
    const back = new URL(redirectUri);
    const state = q.get('state');
    if (state !== null) back.searchParams.set('state', state);
    const challenge = q.get('code_challenge');
    if (refuse) {
      refuse = false;
      back.searchParams.set('error', 'access_denied');
    } else if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !challenge || !q.get('scope')?.split(' ').includes('openid')) {
      back.searchParams.set('error', 'invalid_request');
    } else {
      const code = randomBytes(24).toString('base64url');
      grants.set(code, { clientId, redirectUri, challenge, nonce: q.get('nonce'), person: { ...person }, used: false });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.href, 'cache-control': 'no-store' });
    res.end();
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = await formOf(req);
    const client = clientOf(req, form);
    const refuseWith = (status: number, error: string, reason: string) => {
      refusals.push(reason);
      send(res, status, { error, error_description: reason });
    };
    if (client.id !== clientId || client.secret !== clientSecret) return refuseWith(401, 'invalid_client', 'wrong client id or secret');
    if (form.get('grant_type') !== 'authorization_code') return refuseWith(400, 'unsupported_grant_type', 'not an authorization code grant');
    const grant = grants.get(form.get('code') ?? '');
    if (!grant || grant.used) return refuseWith(400, 'invalid_grant', 'unknown or reused code');
    grant.used = true;
    if (form.get('redirect_uri') !== grant.redirectUri) return refuseWith(400, 'invalid_grant', 'redirect_uri differs from the authorize request');
    const verifier = form.get('code_verifier') ?? '';
    if (b64url(createHash('sha256').update(verifier).digest()) !== grant.challenge) return refuseWith(400, 'invalid_grant', 'PKCE verifier does not match');
    const now = Math.floor(Date.now() / 1000);
    const idToken = signJwt({
      iss: issuer, sub: createHash('sha256').update(grant.person.email).digest('hex').slice(0, 20), aud: grant.clientId,
      iat: now, exp: now + 300, ...(grant.nonce ? { nonce: grant.nonce } : {}),
      email: grant.person.email, email_verified: grant.person.emailVerified, name: grant.person.email.split('@')[0],
    }, privateKey, kid);
    send(res, 200, { access_token: randomBytes(24).toString('base64url'), token_type: 'Bearer', expires_in: 300, id_token: idToken, scope: 'openid email profile' });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /.well-known/openid-configuration') return send(res, 200, discovery());
    if (route === 'GET /authorize') return authorize(url, res);
    if (route === 'POST /token') return void token(req, res).catch((e: unknown) => send(res, 500, { error: 'server_error', error_description: String(e) }));
    if (route === 'GET /jwks') return send(res, 200, { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] });
    send(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer, clientId, clientSecret, refusals,
    signInAs(next) {
      person = next;
    },
    refuseNext() {
      refuse = true;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// `node --import tsx test/fakes/oidc-provider.ts [port] [email]` runs one by hand.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeOidcProvider({
    port: Number(process.argv[2] ?? 0), person: { email: process.argv[3] ?? 'margaret.hale@casebook.test', emailVerified: true },
  });
  console.log(`fake OpenID provider: issuer ${fake.issuer}, client id ${fake.clientId}, secret ${fake.clientSecret}`);
}
