import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_HEADER } from '../../src/core/constants.ts';
import type { TDataRole } from '../../src/core/api/auth.ts';
import { buildApp } from '../../src/server/app.ts';
import { DocumentPool } from '../../src/server/documents/pool.ts';
import type { DatabaseHandle } from '../../src/server/db/connection.ts';
import { loadEnv } from '../../src/server/env.ts';
import { hashPassword } from '../../src/server/features/auth/index.ts';
import { createUser } from '../../src/server/features/users/service.ts';
import { freshDatabase } from './test-database.ts';

export const TEST_PASSWORD = 'correct horse battery';
// One pool of document workers per test process, as a server has one, shared by the apps its files build: a
// thread's start and its first document (its modules, the fonts) cost 2 to 3 CPU s, paid by every file that
// printed (docs/decisions/218). Piscina lets an idle thread go unreferenced: it keeps no process alive.
let documents: DocumentPool | undefined;
// Every test user shares it: hashed once per worker process (argon2id is about 50 ms of CPU a hash).
let testPasswordHash: Promise<string> | undefined;

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
  /** Creates a user with the given data role. */
  user(role: TDataRole, email?: string): Promise<{ id: string; email: string }>;
  /** Signs in and returns an agent that sends the session cookie and CSRF header. */
  signIn(email: string, password?: string): Promise<Agent>;
}

export interface Agent {
  cookies: Record<string, string>;
  csrf: string;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

let counter = 0;

export async function createTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...envOverrides });
  const database = await freshDatabase(env.TZ);
  const app = await buildApp({ database, env, sessionSecret: 'test-secret-'.padEnd(40, 'x'), documents: (documents ??= new DocumentPool(env.DOCUMENT_WORKERS)) });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
    async user(role, email) {
      const address = email ?? `${role}.${++counter}.${Date.now()}@firm.test`;
      const user = await createUser(database.db, {
        email: address, passwordHash: await (testPasswordHash ??= hashPassword(TEST_PASSWORD)), firstName: 'Test', lastName: role, role,
      });
      return { id: user.id, email: address };
    },
    async signIn(email, password = TEST_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
      return agentFrom(app, res);
    },
  };
}

export function cookiesOf(res: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
}

function agentFrom(app: FastifyInstance, res: LightMyRequestResponse): Agent {
  const cookies = cookiesOf(res);
  const agent: Agent = {
    cookies,
    csrf: cookies['csrf-token']!,
    request: async (options) => {
      const reply = await app.inject({
        ...options,
        cookies: { ...agent.cookies, ...(options.cookies ?? {}) },
        headers: { [CSRF_HEADER]: agent.csrf, ...(options.headers ?? {}) },
      });
      const fresh = cookiesOf(reply);
      if (fresh['csrf-token']) agent.csrf = fresh['csrf-token'];
      Object.assign(agent.cookies, fresh);
      return reply;
    },
  };
  return agent;
}
