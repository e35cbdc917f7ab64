import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('has working defaults: demo mode on PGlite in ./data, port 3000', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', FIRM_NAME: 'Casebook', demo: true, COOKIE_SECURE: 'auto' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('production never runs in demo mode and needs a session secret', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: is required in production/);
    const env = loadEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) });
    expect(env.demo).toBe(false);
    expect(() => loadEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), DEMO: 'true' })).toThrow(/DEMO/);
  });

  it.each([
    [{}, '127.0.0.1'],
    [{ DEMO: 'false' }, '0.0.0.0'],
    [{ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }, '0.0.0.0'],
    [{ HOST: '0.0.0.0' }, '0.0.0.0'],
    [{ DEMO: 'false', HOST: '10.1.2.3' }, '10.1.2.3'],
  ])('listens on this computer only in demo mode unless HOST is set: %o → %s', (vars, host) => {
    expect(loadEnv(vars).HOST).toBe(host);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL: must start with postgres/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET: must be at least 32 characters/],
    [{ COOKIE_SECURE: 'maybe' }, /COOKIE_SECURE/],
    [{ TZ: 'Mars/Olympus' }, /TZ: unknown time zone/],
    [{ TOKEN_ENCRYPTION_KEY: 'abc' }, /TOKEN_ENCRYPTION_KEY: must be 32 bytes/],
    [{ GOOGLE_TOKEN_URL: 'not a url' }, /GOOGLE_TOKEN_URL/],
    [{ PUBLIC_URL: 'ftp://x.test' }, /PUBLIC_URL/],
    [{ SHUTDOWN_TIMEOUT_SECONDS: '0' }, /SHUTDOWN_TIMEOUT_SECONDS/],
    [{ SHUTDOWN_GRACE_SECONDS: '-1' }, /SHUTDOWN_GRACE_SECONDS/],
    [{ SHUTDOWN_GRACE_SECONDS: '10', SHUTDOWN_TIMEOUT_SECONDS: '5' }, /SHUTDOWN_GRACE_SECONDS: must be less than SHUTDOWN_TIMEOUT_SECONDS/],
    [{ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://db/x', GOOGLE_CLIENT_SECRET: 's' }, /TOKEN_ENCRYPTION_KEY: is required/],
    // Two-factor secrets are sealed with it too: PostgreSQL in production needs it, calendar or not.
    [{ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://db/x' }, /TOKEN_ENCRYPTION_KEY: is required/],
  ])('rejects %o with a message naming the variable', (vars, message) => {
    expect(() => loadEnv(vars)).toThrow(EnvError);
    expect(() => loadEnv(vars)).toThrow(message);
  });

  it('points Google at its real addresses unless told otherwise', () => {
    expect(loadEnv({})).toMatchObject({
      GOOGLE_AUTH_URL: 'https://accounts.google.com/o/oauth2/v2/auth',
      GOOGLE_TOKEN_URL: 'https://oauth2.googleapis.com/token',
      GOOGLE_CALENDAR_URL: 'https://www.googleapis.com/calendar/v3',
    });
    expect(loadEnv({ TOKEN_ENCRYPTION_KEY: 'ab'.repeat(32) }).TOKEN_ENCRYPTION_KEY).toBe('ab'.repeat(32));
  });

  it('drains for at least 1 s on shutdown and forces the exit after 30 s', () => {
    expect(loadEnv({})).toMatchObject({ SHUTDOWN_GRACE_SECONDS: 1, SHUTDOWN_TIMEOUT_SECONDS: 30 });
    expect(loadEnv({ SHUTDOWN_GRACE_SECONDS: '0', SHUTDOWN_TIMEOUT_SECONDS: '90' })).toMatchObject({ SHUTDOWN_GRACE_SECONDS: 0, SHUTDOWN_TIMEOUT_SECONDS: 90 });
  });

  it('reports every problem at once', () => {
    expect(() => loadEnv({ PORT: 'x', COOKIE_SECURE: 'y' })).toThrow(/PORT[\s\S]*COOKIE_SECURE/);
  });
});
