import { sql } from 'kysely';
import type { TMailSecurity, TMailSettings, TMailSettingsBody } from '../../../core/api/mail.ts';
import { defaultMailPort } from '../../../core/mail.ts';
import type { DbOrTx } from '../../db/connection.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../errors/app-error.ts';
import type { TokenCipher } from '../../integrations/google/token-cipher.ts';

interface SettingsRow {
  host: string | null;
  port: number | null;
  security: TMailSecurity;
  username: string | null;
  password_sealed: string | null;
  from_address: string | null;
  updated_at: Date | string;
  version: number;
}

/** What the worker sends with: SMTP_URL's, else the saved server's; null when none is set. */
export type MailServer =
  | { source: 'environment'; url: string; label: string; from: string | null }
  | {
    source: 'settings'; host: string; port: number; security: TMailSecurity; username: string | null;
    password: string | null; label: string; from: string | null;
  };

const readRow = async (db: DbOrTx): Promise<SettingsRow> => {
  const row = (await sql<SettingsRow>`
    select host, port, security, username, password_sealed, from_address, updated_at, version from mail_settings where id = 1`.execute(db)).rows[0];
  // 042 inserts the single row; a missing one means the schema was tampered with.
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return row;
};

/** SMTP_URL's host and port only: its user and password stay on the server. */
export function environmentServerLabel(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    const port = parsed.port || (parsed.protocol === 'smtps:' ? '465' : '587');
    return `${parsed.hostname}:${port}`;
  } catch {
    return 'SMTP_URL';
  }
}

/** The server messages go out through now, and the sender: the environment wins over Settings. */
export async function activeServer(db: DbOrTx, env: Env, cipher: TokenCipher): Promise<MailServer | null> {
  const row = await readRow(db);
  const from = env.MAIL_FROM ?? row.from_address;
  if (env.SMTP_URL) return { source: 'environment', url: env.SMTP_URL, label: `${environmentServerLabel(env.SMTP_URL)} (SMTP_URL)`, from };
  if (!row.host) return null;
  const port = row.port ?? defaultMailPort(row.security);
  let password: string | null = null;
  if (row.password_sealed) {
    try {
      password = cipher.decrypt(row.password_sealed);
    } catch {
      // Sealed with another key (TOKEN_ENCRYPTION_KEY changed): say so rather than log in without it.
      throw new Error('The saved SMTP password cannot be read with this server\'s token key: save it again in Settings → E-mail');
    }
  }
  return {
    source: 'settings', host: row.host, port, security: row.security, username: row.username, password,
    label: `${row.host}:${port} (Settings)`, from,
  };
}

export async function getMailSettings(db: DbOrTx, env: Env): Promise<TMailSettings> {
  const row = await readRow(db);
  const environmentServer = environmentServerLabel(env.SMTP_URL);
  const port = row.port ?? (row.host ? defaultMailPort(row.security) : null);
  const activeServer = environmentServer
    ? `${environmentServer}, from SMTP_URL on the server`
    : row.host ? `${row.host}:${port}, from these settings` : 'None: messages are kept in Sent mail as not sent';
  return {
    host: row.host,
    port: row.port,
    security: row.security,
    username: row.username,
    passwordSaved: row.password_sealed !== null,
    fromAddress: row.from_address,
    environmentServer,
    environmentFrom: env.MAIL_FROM ?? null,
    activeServer,
    canSend: Boolean(environmentServer || row.host),
    updatedAt: new Date(row.updated_at).toISOString(),
    version: row.version,
  };
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** Saves the form; a stale version is EDIT_CONFLICT carrying what the page shows (never the sealed password). */
export async function saveMailSettings(
  db: DbOrTx, env: Env, cipher: TokenCipher, body: TMailSettingsBody, actorId: string,
): Promise<TMailSettings> {
  const password = body.password === undefined ? undefined : body.password === '' ? null : cipher.encrypt(body.password);
  const host = orNull(body.host);
  const result = await sql`
    update mail_settings set host = ${host}, port = ${host ? body.port : null}, security = ${body.security},
      username = ${orNull(body.username)}, from_address = ${orNull(body.fromAddress)},
      password_sealed = ${password === undefined ? sql`password_sealed` : password},
      updated_by = ${actorId}, updated_at = now(), version = version + 1
    where id = 1 and version = ${body.version}`.execute(db);
  if (!Number(result.numAffectedRows ?? 0)) {
    throw new AppError('EDIT_CONFLICT', undefined, { current: await getMailSettings(db, env) });
  }
  return getMailSettings(db, env);
}
