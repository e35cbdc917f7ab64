import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { TCalendarConnection, TCalendarTestResult } from '../../../core/api/calendar.ts';
import { CALENDAR_ON_DEMAND_REFRESH_WINDOW_MS } from '../../../core/constants.ts';
import { CALENDAR_MESSAGES as M } from '../../../core/calendar/calendar.ts';
import { withActor, type Db } from '../../db/connection.ts';
import { EnvError, type Env } from '../../env.ts';
import { AppError } from '../../errors/app-error.ts';
import { CalendarApi, CalendarHttpError } from '../../integrations/google/calendar-api.ts';
import { authorizationUrl, exchangeCode, OAuthError, refreshAccessToken, type OAuthClient } from '../../integrations/google/oauth.ts';
import type { TokenCipher } from '../../integrations/google/token-cipher.ts';
import { CalendarUnavailable, calendarErrorMessage } from './errors.ts';
import { checkSetup, exchangeFailure } from './setup-check.ts';

const STATE_MAX_AGE_MS = 15 * 60_000;
const KEY_CHECK = 'casebook-calendar-key';

interface Row {
  key_check: string | null;
  client_secret: string | null;
  access_token: string | null;
  refresh_token: string | null;
  token_expiry: Date | null;
  scope: string | null;
  calendar_id: string | null;
  calendar_summary: string | null;
  needs_reconnect: boolean;
  last_error: string | null;
  connected_at: Date | null;
}

/** The token-bearing client a run of calendar calls shares (see withApi). */
export interface ApiHandle { api?: CalendarApi }

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The connection as the API answers it, less the redirect URI (which depends on the request: see the plugin). */
export type ConnectionStatus = Omit<TCalendarConnection, 'redirectUri'>;

/** The firm's Google Calendar connection (SPEC §4 "Calendar connection"), tokens sealed at rest. */
export class CalendarConnection {
  private refreshing: Promise<string> | null = null;

  constructor(private readonly db: Db, private readonly env: Env, private readonly cipher: TokenCipher, private readonly secret: string) {}

  private async row(): Promise<Row> {
    const { rows } = await sql<Row>`select * from calendar_connection where id = 1`.execute(this.db);
    return rows[0]!;
  }

  /** At start: the configured key must be the one that sealed what is stored, or nothing could be read. */
  async verifyKey(): Promise<void> {
    const { key_check } = await this.row();
    if (!key_check) {
      await sql`update calendar_connection set key_check = ${this.cipher.encrypt(KEY_CHECK)} where id = 1`.execute(this.db);
      return;
    }
    let ok: boolean;
    try {
      ok = this.cipher.decrypt(key_check) === KEY_CHECK;
    } catch {
      ok = false;
    }
    if (!ok) {
      throw new EnvError('TOKEN_ENCRYPTION_KEY: is not the key the stored calendar tokens were encrypted with '
        + '(set the original key, or disconnect the calendar by clearing table calendar_connection).');
    }
  }

  async clientId(): Promise<string | null> {
    if (this.env.GOOGLE_CLIENT_ID) return this.env.GOOGLE_CLIENT_ID;
    const row = await this.db.selectFrom('integration_settings').select('google_client_id').where('id', '=', 1).executeTakeFirst();
    return row?.google_client_id?.trim() || null;
  }

  /**
   * The settings' client id (Settings, admins), used when GOOGLE_CLIENT_ID is not set. Refused while
   * connected: the stored tokens belong to the client that obtained them.
   */
  async saveClientId(clientId: string, actorId: string): Promise<ConnectionStatus> {
    if (this.env.GOOGLE_CLIENT_ID) throw new AppError('VALIDATION_ERROR', M.clientIdFromEnvironment);
    const row = await this.row();
    if (row.access_token || row.refresh_token) throw new AppError('VALIDATION_ERROR', M.clientIdWhileConnected);
    await withActor(this.db, actorId, (tx) =>
      tx.updateTable('integration_settings').set({ google_client_id: clientId || null }).where('id', '=', 1).execute());
    return this.status();
  }

  /**
   * The settings' client secret (admins), sealed like the tokens, used when GOOGLE_CLIENT_SECRET is
   * not set; empty clears it. Allowed while connected: Google lets a client's secret be replaced,
   * and the tokens stay the client's. Read from the database at each use: no restart, any instance.
   */
  async saveClientSecret(clientSecret: string, actorId: string): Promise<ConnectionStatus> {
    if (this.env.GOOGLE_CLIENT_SECRET) throw new AppError('VALIDATION_ERROR', M.clientSecretFromEnvironment);
    const sealed = clientSecret ? this.cipher.encrypt(clientSecret) : null;
    await withActor(this.db, actorId, (tx) =>
      sql`update calendar_connection set client_secret = ${sealed}, updated_at = now() where id = 1`.execute(tx));
    return this.status();
  }

  private clientSecret(row: Row): string | null {
    if (this.env.GOOGLE_CLIENT_SECRET) return this.env.GOOGLE_CLIENT_SECRET;
    return row.client_secret ? this.cipher.decrypt(row.client_secret) : null;
  }

  private async oauthClient(row?: Row): Promise<OAuthClient | null> {
    const [clientId, current] = await Promise.all([this.clientId(), row ?? this.row()]);
    const clientSecret = this.clientSecret(current);
    return clientId && clientSecret ? { tokenUrl: this.env.GOOGLE_TOKEN_URL, clientId, clientSecret } : null;
  }

  async status(): Promise<ConnectionStatus> {
    const [row, clientId] = await Promise.all([this.row(), this.clientId()]);
    const secretSet = Boolean(this.env.GOOGLE_CLIENT_SECRET || row.client_secret);
    const missing = [...(clientId ? [] : ['GOOGLE_CLIENT_ID']), ...(secretSet ? [] : ['GOOGLE_CLIENT_SECRET'])];
    const connected = Boolean(row.refresh_token || row.access_token);
    return {
      configured: missing.length === 0,
      missing,
      clientId,
      clientIdFromEnvironment: Boolean(this.env.GOOGLE_CLIENT_ID),
      clientSecretSet: secretSet,
      clientSecretFromEnvironment: Boolean(this.env.GOOGLE_CLIENT_SECRET),
      connected,
      needsReconnect: connected && row.needs_reconnect,
      message: connected ? (row.needs_reconnect ? M.accessExpired : row.last_error) : null,
      calendarId: row.calendar_id,
      calendarSummary: row.calendar_summary,
      scope: row.scope,
      tokenExpiry: iso(row.token_expiry),
      connectedAt: iso(row.connected_at),
    };
  }

  private sign(sessionId: string, stamp: string): string {
    return createHmac('sha256', this.secret).update(`calendar-oauth|${sessionId}|${stamp}`).digest('base64url');
  }

  /** The provider's authorisation address, with a state only this session can bring back. */
  async startUrl(sessionId: string, redirectUri: string): Promise<string> {
    const clientId = await this.clientId();
    if (!clientId) throw new AppError('VALIDATION_ERROR', M.clientIdMissing);
    if (!this.clientSecret(await this.row())) throw new AppError('VALIDATION_ERROR', M.clientSecretMissing);
    const stamp = `${Date.now().toString(36)}.${randomBytes(12).toString('base64url')}`;
    return authorizationUrl({ authUrl: this.env.GOOGLE_AUTH_URL, clientId, redirectUri, state: `${stamp}.${this.sign(sessionId, stamp)}` });
  }

  private stateIsValid(state: string, sessionId: string): boolean {
    const parts = state.split('.');
    if (parts.length !== 3) return false;
    const stamp = `${parts[0]}.${parts[1]}`;
    const expected = Buffer.from(this.sign(sessionId, stamp));
    const given = Buffer.from(parts[2]!);
    const age = Date.now() - parseInt(parts[0]!, 36);
    return expected.length === given.length && timingSafeEqual(expected, given) && age >= 0 && age < STATE_MAX_AGE_MS;
  }

  /**
   * Marks a state used, in the database so that every instance knows (docs/decisions/192): true the
   * first time, false ever after. States past their 15 minutes are refused by their stamp, so their
   * rows are cleared here.
   */
  private async spendState(state: string): Promise<boolean> {
    await this.db.deleteFrom('oauth_states_used').where('used_at', '<', new Date(Date.now() - STATE_MAX_AGE_MS)).execute();
    const inserted = await this.db.insertInto('oauth_states_used').values({ state_hash: createHash('sha256').update(state).digest('hex') })
      .onConflict((oc) => oc.column('state_hash').doNothing()).returning('state_hash').executeTakeFirst();
    return inserted !== undefined;
  }

  /** The provider sent the browser back with a code: exchange it, store the tokens, read the calendar. */
  async complete(options: { code: string; state: string; sessionId: string; redirectUri: string; userId: string }): Promise<ConnectionStatus> {
    if (!this.stateIsValid(options.state, options.sessionId) || !(await this.spendState(options.state))) {
      throw new AppError('VALIDATION_ERROR', M.invalidState);
    }
    const client = await this.oauthClient();
    if (!client) throw new AppError('VALIDATION_ERROR', M.clientIdMissing);
    let tokens;
    try {
      tokens = await exchangeCode(client, options.code, options.redirectUri);
    } catch (error) {
      throw new AppError('SERVICE_UNAVAILABLE', exchangeFailure(error));
    }
    const previous = await this.row();
    const refresh = tokens.refresh_token ?? (previous.refresh_token ? this.cipher.decrypt(previous.refresh_token) : null);
    let calendar: { id: string; summary?: string } | null = null;
    try {
      calendar = await new CalendarApi(this.env.GOOGLE_CALENDAR_URL, tokens.access_token).primaryCalendar();
    } catch {
      // Connected all the same; Test connection will say what is wrong.
    }
    try {
      await sql`update calendar_connection set
        access_token = ${this.cipher.encrypt(tokens.access_token)},
        refresh_token = ${refresh ? this.cipher.encrypt(refresh) : null},
        token_expiry = now() + make_interval(secs => ${tokens.expires_in}),
        scope = ${tokens.scope ?? null}, calendar_id = ${calendar?.id ?? null}, calendar_summary = ${calendar?.summary ?? null},
        needs_reconnect = false, last_error = null, connected_by = ${options.userId}, connected_at = now(), updated_at = now()
        where id = 1`.execute(this.db);
    } catch (error) {
      throw new AppError('DATABASE_ERROR', M.storeFailed(error instanceof Error ? error.message : String(error)));
    }
    return this.status();
  }

  async disconnect(): Promise<ConnectionStatus> {
    try {
      await sql`update calendar_connection set access_token = null, refresh_token = null, token_expiry = null,
        scope = null, calendar_id = null, calendar_summary = null, needs_reconnect = false, last_error = null,
        connected_by = null, connected_at = null, updated_at = now() where id = 1`.execute(this.db);
    } catch (error) {
      throw new AppError('DATABASE_ERROR', M.disconnectFailed(error instanceof Error ? error.message : String(error)));
    }
    return this.status();
  }

  /** A usable access token, refreshed first when it expires within `withinMs`. */
  async accessToken(withinMs = CALENDAR_ON_DEMAND_REFRESH_WINDOW_MS): Promise<string> {
    const row = await this.row();
    if (!(await this.oauthClient(row))) throw new CalendarUnavailable('notConfigured', M.notConnected);
    if (!row.refresh_token && !row.access_token) throw new CalendarUnavailable('notConnected', M.notConnected);
    if (row.needs_reconnect) throw new CalendarUnavailable('needsReconnect', M.accessExpired);
    const fresh = row.access_token && row.token_expiry && new Date(row.token_expiry).getTime() - Date.now() > withinMs;
    if (fresh) return this.cipher.decrypt(row.access_token!);
    // One refresh at a time in this process; another instance refreshing too is harmless.
    this.refreshing ??= this.refresh(row).finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  private async refresh(row: Row): Promise<string> {
    const client = (await this.oauthClient(row))!;
    const markExpired = async (detail: string) => {
      await sql`update calendar_connection set needs_reconnect = true, last_error = ${detail}, updated_at = now() where id = 1`.execute(this.db);
      return new CalendarUnavailable('needsReconnect', M.accessExpired);
    };
    if (!row.refresh_token) throw await markExpired(M.tokenRefreshFailed('no refresh token'));
    let tokens;
    try {
      tokens = await refreshAccessToken(client, this.cipher.decrypt(row.refresh_token));
    } catch (error) {
      if (error instanceof OAuthError && error.revoked) throw await markExpired(M.tokenRefreshFailed(error.message));
      throw new CalendarUnavailable('transient', M.tokenRefreshFailed(error instanceof Error ? error.message : String(error)));
    }
    try {
      await sql`update calendar_connection set access_token = ${this.cipher.encrypt(tokens.access_token)},
        refresh_token = coalesce(${tokens.refresh_token ? this.cipher.encrypt(tokens.refresh_token) : null}, refresh_token),
        token_expiry = now() + make_interval(secs => ${tokens.expires_in}),
        scope = coalesce(${tokens.scope ?? null}, scope), last_error = null, updated_at = now() where id = 1`.execute(this.db);
    } catch (error) {
      throw new CalendarUnavailable('transient', M.updateTokensFailed(error instanceof Error ? error.message : String(error)));
    }
    return tokens.access_token;
  }

  /** The background check (SPEC §4): refresh when the token expires within `withinMs`; quiet when not connected. */
  async refreshIfExpiring(withinMs: number): Promise<void> {
    try {
      await this.accessToken(withinMs);
    } catch (error) {
      if (error instanceof CalendarUnavailable && error.reason === 'transient') throw error;
    }
  }

  async api(): Promise<CalendarApi> {
    return new CalendarApi(this.env.GOOGLE_CALENDAR_URL, await this.accessToken());
  }

  /**
   * Runs calendar calls; a 401 (the access token was revoked or expired early) refreshes the token
   * once and tries again. A refused refresh marks the connection as needing reconnect. Calls that
   * pass the same `handle` (a batch of sync jobs) read and decrypt the token once, and share a refresh.
   */
  async withApi<T>(fn: (api: CalendarApi) => Promise<T>, handle: ApiHandle = {}): Promise<T> {
    handle.api ??= await this.api();
    try {
      return await fn(handle.api);
    } catch (error) {
      if (!(error instanceof CalendarHttpError && error.status === 401)) throw error;
      handle.api = new CalendarApi(this.env.GOOGLE_CALENDAR_URL, await this.accessToken(Number.POSITIVE_INFINITY));
      return fn(handle.api);
    }
  }

  /**
   * Test connection (docs/decisions/099). Connected: GET /calendars/primary (its id and summary are
   * remembered). Not connected, or when that fails: what Google makes of the client id, the secret
   * and the redirect URI, in words naming the field.
   */
  async test(redirectUri: string): Promise<TCalendarTestResult> {
    const none = { calendarId: null, calendarSummary: null };
    const row = await this.row();
    const client = await this.oauthClient(row);
    if (!client) {
      const clientId = await this.clientId();
      return { ok: false, problem: clientId ? 'clientSecret' : 'clientId', message: clientId ? M.clientSecretMissing : M.clientIdMissing, ...none };
    }
    let failure: string | null = null;
    if (row.refresh_token || row.access_token) {
      try {
        const calendar = (await this.withApi((api) => api.primaryCalendar()))!;
        await sql`update calendar_connection set calendar_id = ${calendar.id}, calendar_summary = ${calendar.summary ?? null},
          last_error = null where id = 1`.execute(this.db);
        return { ok: true, problem: null, message: `Connected to ${calendar.summary ?? calendar.id}`, calendarId: calendar.id, calendarSummary: calendar.summary ?? null };
      } catch (error) {
        failure = calendarErrorMessage(error);
      }
    }
    const verdict = await checkSetup(client, this.env.GOOGLE_AUTH_URL, redirectUri);
    if (verdict) return { ok: false, ...verdict, ...none };
    return failure ? { ok: false, problem: null, message: failure, ...none } : { ok: true, problem: null, message: M.setupWorks, ...none };
  }
}
