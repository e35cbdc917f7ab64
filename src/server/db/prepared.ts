import { CompiledQuery, type Compilable, type QueryResult } from 'kysely';
import type pg from 'pg';

// Named prepared statements (docs/decisions/201). A query that runs on every request (the
// session read) is built and compiled once, and each connection parses and plans it once, instead
// of on each call: PostgreSQL's planning of its four-table join cost more than running it. Only
// queries whose SQL text never varies are prepared, so each connection holds a handful.

const names = new Map<string, string>();

type Executor = { executeQuery<O>(query: CompiledQuery<O>): Promise<QueryResult<O>> };

/**
 * A query built once with a stand-in for each named value; each call runs it with the values given.
 * `build` must only place the values as parameters (no value may change the SQL text).
 */
export function prepare<K extends string, R>(keys: readonly K[], build: (values: Record<K, string>) => Compilable<R>) {
  const standIns = Object.fromEntries(keys.map((key) => [key, `\u0000${key}`])) as Record<K, string>;
  const compiled = build(standIns).compile();
  if (!names.has(compiled.sql)) names.set(compiled.sql, `casebook_${names.size + 1}`);
  const slots = compiled.parameters.map((value) => keys.find((key) => standIns[key] === value));
  return (db: Executor, values: Record<K, unknown>) => db.executeQuery<R>(CompiledQuery.raw(
    compiled.sql, slots.map((key, i) => (key === undefined ? compiled.parameters[i] : values[key])),
  ) as CompiledQuery<R>);
}

const preparing = new WeakSet<pg.PoolClient>();

/** Makes a pool's connections send each prepared text by its name (pg parses it once per connection). */
export function preparingConnections(pool: pg.Pool): pg.Pool {
  pool.on('connect', (client) => {
    if (preparing.has(client)) return;
    preparing.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (text: unknown, ...rest: unknown[]) => {
      const name = typeof text === 'string' ? names.get(text) : undefined;
      return name ? query({ name, text, values: rest[0] }, ...rest.slice(1)) : query(text, ...rest);
    };
  });
  return pool;
}
