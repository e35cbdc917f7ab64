import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '../core/constants.ts';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    FIRM_NAME: z.string().min(1).default('Casebook'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
    // Addresses of the reverse proxies in front (comma-separated; CIDRs and proxy-addr's names
    // loopback, linklocal, uniquelocal allowed): only their X-Forwarded-* headers are believed.
    // Never "trust everything": clients could pick their own address and dodge the login throttle.
    TRUST_PROXY: z
      .string()
      .regex(/^[0-9a-zA-Z.:/]+(,[0-9a-zA-Z.:/]+)*$/, 'must be a comma-separated list of proxy addresses')
      .optional(),
    TZ: z.string().min(1).default(DEFAULT_TIME_ZONE),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).default(120),
    SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
    ONE_TIME_PASSWORD_HOURS: z.coerce.number().int().min(1).max(8760).default(72),
    DEMO: bool.optional(),
    RADAR_BASE_URL: z.url().default('https://api.radar.io'),
    WEB_DIR: z.string().min(1).optional(),
    // Backups (docs/decisions/072): the folder, the daily hour (HH:MM in TZ) and how many scheduled ones to keep.
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_HOUR: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24-hour)').default('02:00'),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
    // Google Calendar (docs/decisions/051, 099). Both win over the id and secret saved in Settings (the secret sealed there).
    GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
    GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
    GOOGLE_CALENDAR_URL: z.url().default('https://www.googleapis.com/calendar/v3'),
    // Sign in with Google or Microsoft (docs/decisions/091): the client secrets live only here; the
    // issuer URL and client id are set in Settings. A provider without its secret is not offered.
    OIDC_GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
    OIDC_MICROSOFT_CLIENT_SECRET: z.string().trim().min(1).optional(),
    // The address browsers use, for the OAuth redirects and feed links; default: the request's own origin, except
    // for the sign-in providers in production, which need it (checked once the database is open: docs/decisions/168).
    PUBLIC_URL: z.url().regex(/^https?:\/\//, 'must start with http:// or https://').optional(),
    // 32 bytes as 64 hex characters (or base64) encrypting the calendar tokens and two-factor secrets; generated into DATA_DIR when unset.
    TOKEN_ENCRYPTION_KEY: z.string().trim()
      .refine((v) => /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, 'base64').length === 32,
        'must be 32 bytes: 64 hex characters or base64')
      .optional(),
    // Threads that render PDFs and XLSX off the event loop (docs/decisions/065): one per core but one, at least one.
    DOCUMENT_WORKERS: z.coerce.number().int().min(1).max(32).default(Math.max(1, availableParallelism() - 1)),
    // Photos' originals in an S3-compatible bucket (docs/decisions/162), path-style; all four set, or none
    // (the originals then stay in the database).
    S3_ENDPOINT: z.url().regex(/^https?:\/\//, 'must start with http:// or https://').optional(),
    S3_BUCKET: z.string().trim().min(3).max(63).optional(),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    // E-mail (issue 41, docs/decisions/131): both win over the server and sender saved in Settings → E-mail.
    // smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465 (TLS from the start).
    SMTP_URL: z.string().trim().regex(/^smtps?:\/\/[^\s]+$/, 'must be smtp://user:password@host:port or smtps://…').optional(),
    MAIL_FROM: z.string().trim().min(3).max(320).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Graceful shutdown (docs/decisions/053): new requests hear 503 for at least the grace window while
    // accepted ones finish; past the timeout (or at a second SIGTERM) the process exits regardless.
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(120).default(1),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(30),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production' && env.DEMO) {
      ctx.addIssue({ code: 'custom', path: ['DEMO'], message: 'demo data is never used in production' });
    }
    // Instances sharing PostgreSQL must share the key: a generated one lives in one instance's DATA_DIR. It seals
    // the calendar tokens and every user's two-factor secret (docs/decisions/090), so production on PostgreSQL needs it.
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.TOKEN_ENCRYPTION_KEY) {
      ctx.addIssue({ code: 'custom', path: ['TOKEN_ENCRYPTION_KEY'], message: 'is required in production on PostgreSQL (it seals calendar tokens and two-factor secrets)' });
    }
    if (env.SHUTDOWN_GRACE_SECONDS >= env.SHUTDOWN_TIMEOUT_SECONDS) {
      ctx.addIssue({ code: 'custom', path: ['SHUTDOWN_GRACE_SECONDS'], message: 'must be less than SHUTDOWN_TIMEOUT_SECONDS' });
    }
    const s3 = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      const missing = (['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !env[k]);
      ctx.addIssue({ code: 'custom', path: [missing[0]!], message: `is needed with the other S3_* settings (missing: ${missing.join(', ')})` });
    }
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: env.TZ });
    } catch {
      ctx.addIssue({ code: 'custom', path: ['TZ'], message: `unknown time zone "${env.TZ}"` });
    }
  });

export type Env = Omit<z.infer<typeof EnvSchema>, 'HOST'> & {
  /** Demo mode seeds demo data on first start and offers the test-account sign-in. */
  demo: boolean;
  /** As set, else 127.0.0.1 in demo mode (nothing on the network reaches a demo) and 0.0.0.0 otherwise. */
  HOST: string;
};

export class EnvError extends Error {}

/** Reads configuration once at start; every problem is reported at once, by variable name. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const demo = env.DEMO ?? env.NODE_ENV !== 'production';
  return { ...env, demo, HOST: env.HOST ?? (demo ? '127.0.0.1' : '0.0.0.0') };
}
