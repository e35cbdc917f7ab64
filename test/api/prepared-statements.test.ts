import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../../src/server/db/connection.ts';
import { findSessionById } from '../../src/server/features/auth/index.ts';
import { prepare } from '../../src/server/db/prepared.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The session read is a named prepared statement (docs/decisions/201): built and compiled once,
// parsed and planned once per connection, on both databases.

let t: TestApp;
let database: DatabaseHandle;

beforeAll(async () => {
  t = await createTestApp();
  database = t.database;
});
afterAll(async () => t?.close());

describe('prepared statements', () => {
  it('runs with each call’s values in their places and the built-in constants kept', async () => {
    await sql`create table prepared_probe (id int primary key, kind text, label text)`.execute(database.db);
    await sql`insert into prepared_probe values (1, 'a', 'one'), (2, 'a', 'two'), (3, 'b', 'three')`.execute(database.db);
    const byId = prepare(['id'], ({ id }) => database.db
      .selectFrom('prepared_probe' as never)
      .select(sql<string>`label`.as('label'))
      .where(sql.ref('kind'), '=', 'a')
      .where(sql.ref('id'), '=', sql`${id}::int`));
    const labels = async (id: number) => (await byId(database.db, { id: String(id) })).rows.map((row) => row.label);
    expect(await labels(1)).toEqual(['one']);
    expect(await labels(2)).toEqual(['two']);
    expect(await labels(3)).toEqual([]); // kind 'a' stays a constant of the statement
  });

  it('is parsed once per connection: the connection holds the session read by name after a call', async () => {
    const config = { secret: 'probe-secret-'.padEnd(40, 'x'), idleMinutes: 30, maxHours: 12 };
    const held = await database.db.transaction().execute(async (tx) => {
      // A transaction keeps one connection: the read runs on it, then the connection is asked.
      expect(await findSessionById(tx as unknown as Db, 'no-such-session', config)).toBeNull();
      return (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(tx)).rows;
    });
    const session = held.find((row) => row.statement.includes('from "sessions"'));
    expect(session?.name).toMatch(/^casebook_\d+$/);
  });

  it('still runs after its table is dropped and made again (a restore): PostgreSQL plans it again', async () => {
    await sql`create table prepared_restore (id int, label text)`.execute(database.db);
    await sql`insert into prepared_restore values (1, 'before')`.execute(database.db);
    const read = prepare(['id'], ({ id }) => database.db
      .selectFrom('prepared_restore' as never).select(sql<string>`label`.as('label')).where(sql.ref('id'), '=', sql`${id}::int`));
    expect((await read(database.db, { id: '1' })).rows).toEqual([{ label: 'before' }]);
    await sql`drop table prepared_restore`.execute(database.db);
    await sql`create table prepared_restore (id int, label text)`.execute(database.db);
    await sql`insert into prepared_restore values (1, 'after')`.execute(database.db);
    expect((await read(database.db, { id: '1' })).rows).toEqual([{ label: 'after' }]);
  });
});
