import { describe, expect, it } from 'vitest';
import { clientConnection } from './postgres-engine.ts';

// pg_dump and psql get DATABASE_URL without its password, which goes in their environment (docs/decisions/222).
describe('clientConnection', () => {
  it.each([
    ['postgres://casebook:s3cret@db.example:5432/casebook', 'postgres://casebook@db.example:5432/casebook', 's3cret'],
    ['postgres://u:p%40ss%3Aw%2F@db:5432/c?sslmode=require', 'postgres://u@db:5432/c?sslmode=require', 'p@ss:w/'],
    ['postgres://postgres@127.0.0.1:5432/test', 'postgres://postgres@127.0.0.1:5432/test', undefined],
    ['postgres:///casebook?host=/var/run/postgresql', 'postgres:///casebook?host=/var/run/postgresql', undefined],
    ['host=db dbname=casebook', 'host=db dbname=casebook', undefined],
  ])('%s', (url, dbname, password) => {
    const { args, env } = clientConnection(url);
    expect(args).toEqual(['--dbname', dbname]);
    expect(args.join(' ')).not.toMatch(/s3cret|p%40ss/);
    expect(env.PGPASSWORD).toBe(password ?? process.env.PGPASSWORD);
  });
});
