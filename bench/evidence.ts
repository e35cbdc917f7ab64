// Evidence custody benchmark (issue 42), on PostgreSQL, through the real app over HTTP on 127.0.0.1:
//  1. Verify chain of an item with 10,000 custody entries: server time, median of 5 — target ≤ 1 s;
//  2. the custody report PDF of an item with 200 entries, each with its own drawn signature, rendered
//     off the request thread: median of 5 — target ≤ 2 s;
//  3. the audit log's chain: sealing 10,000 new rows, then verifying all of them (reported; the
//     same ≤ 1 s target for the verification).
// Each target ends in PASS or FAIL (the exit code is 1 when any fails).
// Run: node --import tsx bench/evidence.ts   (BENCH_DATABASE_URL to use another server)
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import sharp from 'sharp';
import { linkHash } from '../src/core/audit/hash-chain.ts';
import { buildApp } from '../src/server/app.ts';
import { openDatabase, withActor } from '../src/server/db/connection.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { loadEnv } from '../src/server/env.ts';
import { entryContent, sha256Bytes, sha256Text } from '../src/server/features/evidence/chain.ts';
import { createUser } from '../src/server/features/users/service.ts';
import { admin, ADMIN_URL, fmt, pct } from './lib.ts';

const DB_NAME = 'casebook_bench_evidence';
const RUNS = 5;

/** A drawn-looking signature as the app stores it: a 600 × 180 JPEG on white, different each time. */
async function signature(seed: number) {
  const points = Array.from({ length: 14 }, (_, i) => `${30 + i * 38},${90 + Math.round(50 * Math.sin(i + seed))}`).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="180"><rect width="600" height="180" fill="#fff"/>
    <polyline points="${points}" fill="none" stroke="#0b1f4d" stroke-width="3"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

const url = new URL(ADMIN_URL);
url.pathname = `/${DB_NAME}`;
await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin(`CREATE DATABASE ${DB_NAME}`);
const database = await openDatabase({ kind: 'postgres', url: url.toString() });
try {
  await migrate(database.db);
  const user = await createUser(database.db, { email: 'bench@firm.test', password: 'bench-password-1', firstName: 'Bench', lastName: 'User', role: 'admin' });
  const caseId = await withActor(database.db, user.id, async (tx) => {
    const client = await tx.insertInto('clients').values({ name: 'Bench Client LLC', is_business_client: true, completion_percentage: 100 }).returning('id').executeTakeFirstOrThrow();
    return (await tx.insertInto('cases').values({ client_id: client.id, file_number: 'B-42' }).returning('id').executeTakeFirstOrThrow()).id;
  });

  /** An item with `count` entries, hashed and linked exactly as the app links them, inserted in batches. */
  async function itemWith(count: number, signatures: (i: number) => Promise<Buffer | null>) {
    const itemId = randomUUID();
    await database.db.insertInto('evidence_items').values({
      id: itemId, case_id: caseId, description: `Item with ${count} entries`, collected_at: new Date(), collected_by_name: 'Bench User', custodian: 'Bench User',
    }).execute();
    let prev: string | null = null;
    let batch: Record<string, unknown>[] = [];
    const start = Date.now() - count * 60_000;
    for (let seq = 1; seq <= count; seq++) {
      const signature = await signatures(seq);
      const row = {
        id: randomUUID(), item_id: itemId, seq, kind: seq === 1 ? 'collected' : seq % 2 ? 'received' : 'released', at: new Date(start + seq * 60_000),
        from_party: seq === 1 ? '' : `Custodian ${seq - 1}`, to_party: `Custodian ${seq}`, location: `Shelf ${seq % 40}`, purpose: 'Storage and transport',
        corrects_id: null, signed_by_name: `Signer ${seq}`, signature_sha256: signature ? sha256Bytes(signature) : null, photo_sha256s: [] as string[],
        recorded_by: user.id,
      };
      const hash = linkHash(sha256Text, entryContent(row), prev);
      batch.push({ ...row, signature, signature_type: signature ? 'image/jpeg' : null, recorded_by_name: 'Bench User', prev_hash: prev, hash });
      prev = hash;
      if (batch.length === 500 || seq === count) {
        await database.db.insertInto('evidence_entries').values(batch as never).execute();
        batch = [];
      }
    }
    return itemId;
  }

  const shared = await signature(0);
  const big = await itemWith(10_000, async () => shared);
  const signatures = await Promise.all(Array.from({ length: 200 }, (_, i) => signature(i + 1)));
  const report = await itemWith(200, async (i) => signatures[i - 1]!);

  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', FIRM_NAME: 'Bench Engineering' });
  const app = await buildApp({ database, env, sessionSecret: 'bench-secret-'.padEnd(40, 'x') });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@firm.test', password: 'bench-password-1' }) });
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith('csrf-token='))!.split('=')[1]!;
  const headers = { cookie: cookies.join('; '), 'x-csrf-token': csrf };
  const timed = async (path: string, method = 'GET') => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { method, headers });
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok) throw new Error(`${path} → ${res.status} ${body.toString().slice(0, 200)}`);
    return { ms: performance.now() - t0, body };
  };
  const target = (what: string, value: number, limit: number) => {
    const pass = value <= limit;
    if (!pass) process.exitCode = 1;
    console.log(`  ${what}: ${fmt(value)}  target ≤ ${limit} ms  → ${pass ? 'PASS' : 'FAIL'}`);
  };
  const repeated = async (path: string, method = 'GET') => {
    await timed(path, method);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await timed(path, method));
    return runs;
  };

  const verify = await repeated(`/api/evidence/${big}/verify`, 'POST');
  const verdict = JSON.parse(verify[0]!.body.toString()) as { ok: boolean; checked: number };
  console.log(`Verify chain, 10,000 entries (${RUNS} runs; ok=${verdict.ok}, checked ${verdict.checked}; max ${fmt(Math.max(...verify.map((r) => r.ms)))})`);
  target('median server time', pct(verify.map((r) => r.ms), 50), 1000);

  const pdf = await repeated(`/api/evidence/${report}/custody.pdf`);
  console.log(`Custody report PDF, 200 entries with 200 signatures (${RUNS} runs; ${(pdf[0]!.body.length / 1024).toFixed(0)} KB; max ${fmt(Math.max(...pdf.map((r) => r.ms)))})`);
  target('median server time', pct(pdf.map((r) => r.ms), 50), 2000);

  await timed('/api/audit/verify', 'POST');
  await sql`insert into audit_log (actor_id, table_name, row_id, action, before, after)
    select null, 'clients', g::text, 'update', jsonb_build_object('name', 'Client ' || g), jsonb_build_object('name', 'Client ' || g || ' LLC')
    from generate_series(1, 10000) g`.execute(database.db);
  const seal = await timed('/api/audit/verify', 'POST');
  console.log(`Audit log: sealing 10,000 new rows and verifying the chain: ${fmt(seal.ms)}`);
  const audit = await repeated('/api/audit/verify', 'POST');
  const auditVerdict = JSON.parse(audit[0]!.body.toString()) as { ok: boolean; checked: number };
  console.log(`Audit log verify, ${auditVerdict.checked} rows (ok=${auditVerdict.ok})`);
  target('median server time', pct(audit.map((r) => r.ms), 50), 1000);
  await app.close();
} finally {
  await database.close();
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
}
