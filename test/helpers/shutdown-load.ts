// Shutdown under load (issue 22, docs/decisions/053): many clients auto-saving time entries through
// the real routes while the process is told to stop. Shared by test/api/shutdown.test.ts and
// bench/shutdown.ts; plain node:http, one keep-alive connection per client, as a browser tab has.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { CSRF_COOKIE, CSRF_HEADER } from '../../src/core/constants.ts';
import type { Db } from '../../src/server/db/connection.ts';
import { createUser } from '../../src/server/features/users/service.ts';
import { timeBody, trackedProject } from './time-tracking-fixtures.ts';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Session {
  base: string;
  cookie: string;
  csrf: string;
}

/** One request; a network failure rejects with its code (ECONNREFUSED, ECONNRESET…). */
export function send(
  base: string, method: string, path: string, options: { agent?: http.Agent | false; session?: Session; json?: unknown } = {},
): Promise<Answer> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: http.OutgoingHttpHeaders = {};
  if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  if (options.session) Object.assign(headers, { cookie: options.session.cookie, [CSRF_HEADER]: options.session.csrf });
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent: options.agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export interface Firm {
  email: string;
  password: string;
  /** The project every client saves time on. */
  projectId: string;
}

/** What the load needs in a migrated database, written before the process starts: a user and a project. */
export async function prepareFirm(db: Db): Promise<Firm> {
  const firm = { email: 'shutdown.load@firm.test', password: 'shutdown load password' };
  const user = await createUser(db, { ...firm, firstName: 'Load', lastName: 'Test', role: 'super_admin' });
  const { projectId } = await trackedProject(db, user.id);
  return { ...firm, projectId };
}

export async function signIn(base: string, firm: Firm): Promise<Session> {
  const res = await send(base, 'POST', '/api/auth/login', { agent: false, json: { email: firm.email, password: firm.password } });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${res.body}`);
  const cookies = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith(`${CSRF_COOKIE}=`))!.slice(CSRF_COOKIE.length + 1);
  return { base, cookie: cookies.join('; '), csrf };
}

/** The ids of the project's time entries as the (restarted) server has them. */
export async function savedEntryIds(session: Session, projectId: string): Promise<Set<string>> {
  const res = await send(session.base, 'GET', `/api/time-tracking/projects/${projectId}`, { agent: false, session });
  if (res.status !== 200) throw new Error(`entries: ${res.status} ${res.body}`);
  return new Set((JSON.parse(res.body) as { timeEntries: { id: string }[] }).timeEntries.map((e) => e.id));
}

export interface LoadResult {
  /** Saves answered 2xx, and how many of them answered after the signal. */
  saved: string[];
  savedAfterSignal: number;
  /** Saves refused with a well-formed drain answer (503, envelope, Connection: close, Retry-After). */
  refused: string[];
  /** Clients that, after the signal, found the socket closed (ECONNREFUSED): each client ends so. */
  connectionRefused: number;
  /** Anything else: a reset, a malformed refusal, another status. Must stay empty. */
  failures: string[];
  /** /api/health asked on new connections during the drain: its answers. */
  healthDuringDrain: number[];
  /** From the signal to the process's exit. */
  exitMs: number;
  exitCode: number | NodeJS.Signals | null;
}

/** What a drain refusal must look like; null when it does. */
export function badRefusal(res: Answer): string | null {
  let body: { error?: { code?: string; details?: { draining?: boolean } } } = {};
  try {
    body = JSON.parse(res.body) as typeof body;
  } catch {
    // reported below
  }
  if (body.error?.code !== 'SERVICE_UNAVAILABLE' || body.error.details?.draining !== true) return `503 body ${res.body}`;
  if (res.headers.connection !== 'close') return `503 without Connection: close (${res.headers.connection})`;
  if (!/^\d+$/.test(String(res.headers['retry-after']))) return `503 without Retry-After (${res.headers['retry-after']})`;
  return null;
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `clients` saving loops until `savesBeforeSignal` saves have been answered, then calls
 * `signal` (which sends SIGTERM and returns the process's exit). Each client keeps saving; a
 * refused one waits Retry-After and tries again, as the app's save queue would, until it finds
 * the socket closed (ECONNREFUSED: it would retry on the restarted server). Meanwhile
 * /api/health is asked on new connections until it has answered 503.
 */
export async function saveThroughShutdown(options: {
  session: Session;
  projectId: string;
  clients: number;
  savesBeforeSignal: number;
  signal: () => Promise<number | NodeJS.Signals | null>;
}): Promise<LoadResult> {
  const { session, projectId } = options;
  const result: LoadResult = {
    saved: [], savedAfterSignal: 0, refused: [], connectionRefused: 0, failures: [], healthDuringDrain: [], exitMs: 0, exitCode: null,
  };
  let signalled = false;
  let signalAt = 0;
  let markReady!: () => void;
  const readyToSignal = new Promise<void>((resolve) => (markReady = resolve));

  const save = (agent: http.Agent, id: string) => send(session.base, 'PUT', `/api/time-entries/${id}`, {
    agent, session,
    json: timeBody(projectId, { hours: 0.25, description: `shutdown load ${id}` }),
  });

  const client = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (;;) {
        const id = randomUUID();
        let res: Answer;
        try {
          res = await save(agent, id);
        } catch (error) {
          if (signalled && errorCode(error) === 'ECONNREFUSED') result.connectionRefused++;
          else result.failures.push(`save: ${errorCode(error)}${signalled ? ' (after the signal)' : ''}`);
          return;
        }
        if (res.status >= 200 && res.status < 300) {
          result.saved.push(id);
          if (signalled) result.savedAfterSignal++;
          if (result.saved.length >= options.savesBeforeSignal) markReady();
          continue;
        }
        if (res.status !== 503) {
          result.failures.push(`save: ${res.status} ${res.body}`);
          return;
        }
        const bad = badRefusal(res);
        if (bad) result.failures.push(bad);
        result.refused.push(id);
        await sleep(Number(res.headers['retry-after']) * 1000);
      }
    } finally {
      agent.destroy();
    }
  };

  const probeHealth = async () => {
    await readyToSignal;
    while (!result.healthDuringDrain.includes(503)) {
      try {
        const res = await send(session.base, 'GET', '/api/health', { agent: false });
        if (signalled) result.healthDuringDrain.push(res.status);
        if (res.status === 503 && badRefusal(res)) result.failures.push(`health: ${badRefusal(res)}`);
      } catch (error) {
        result.failures.push(`health: ${errorCode(error)}`);
        return;
      }
      await sleep(50);
    }
  };

  const loops = Array.from({ length: options.clients }, client);
  void Promise.all(loops).then(markReady); // every client failed early: no point waiting
  const health = probeHealth();
  await readyToSignal;
  signalAt = performance.now();
  signalled = true;
  const exit = options.signal().then((code) => {
    result.exitMs = Math.round(performance.now() - signalAt);
    return code;
  });
  await Promise.all([...loops, health]);
  result.exitCode = await exit;
  return result;
}
