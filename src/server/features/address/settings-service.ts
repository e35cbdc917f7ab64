import { ADDRESS_MESSAGES } from '../../../core/address.ts';
import type {
  TAddressLookupKeys, TAddressLookupSettings, TAddressLookupSettingsBody, TAddressLookupTestResult, TRadarEnvironment,
} from '../../../core/api/settings.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { updateVersioned } from '../../db/versioned.ts';
import { radarAutocomplete, RadarHttpError } from '../../integrations/radar/client.ts';
import { AppError } from '../../errors/app-error.ts';

const SETTINGS_ID = '1';
// A harmless query that any valid key answers; the result itself is not used.
const TEST_QUERY = '1600 Pennsylvania Ave';

async function readRow(db: DbOrTx) {
  const row = await db.selectFrom('integration_settings')
    .select([
      'radar_enabled', 'radar_environment', 'radar_test_publishable_key', 'radar_live_publishable_key', 'updated_at', 'version',
    ])
    .where('id', '=', 1).executeTakeFirst();
  // 001 inserts the single row; a missing one means the schema was tampered with.
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return row;
}

/** 'prj_test_pk_••••••••3f9a': enough to recognise the key, not enough to use it. */
export function maskKey(key: string | null): string | null {
  if (!key) return null;
  const prefix = /^(prj_(?:test|live)_pk_|[a-z]+_)/.exec(key)?.[1] ?? '';
  const tail = key.length - prefix.length > 8 ? key.slice(-4) : '';
  return `${prefix}${'•'.repeat(8)}${tail}`;
}

export async function getLookupSettings(db: DbOrTx): Promise<TAddressLookupSettings> {
  const row = await readRow(db);
  return {
    enabled: row.radar_enabled,
    environment: row.radar_environment,
    testKeyMasked: maskKey(row.radar_test_publishable_key),
    liveKeyMasked: maskKey(row.radar_live_publishable_key),
    updatedAt: new Date(row.updated_at).toISOString(),
    version: row.version,
  };
}

export async function getLookupKeys(db: DbOrTx): Promise<TAddressLookupKeys> {
  const row = await readRow(db);
  return { testKey: row.radar_test_publishable_key, liveKey: row.radar_live_publishable_key };
}

const keyValue = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v.trim() : null);

export async function saveLookupSettings(db: DbOrTx, body: TAddressLookupSettingsBody): Promise<TAddressLookupSettings> {
  const testKey = keyValue(body.testKey);
  const liveKey = keyValue(body.liveKey);
  try {
    await updateVersioned(db, 'integration_settings', SETTINGS_ID, body.version, {
      radar_enabled: body.enabled,
      radar_environment: body.environment,
      ...(testKey !== undefined ? { radar_test_publishable_key: testKey } : {}),
      ...(liveKey !== undefined ? { radar_live_publishable_key: liveKey } : {}),
    });
  } catch (error) {
    // The conflict's current row holds every integration secret; send back only what this page shows.
    if (error instanceof AppError && error.code === 'EDIT_CONFLICT') {
      throw new AppError('EDIT_CONFLICT', undefined, { current: await getLookupSettings(db) });
    }
    throw error;
  }
  return getLookupSettings(db);
}

/** The key lookups use now: enabled, and a key stored for the chosen environment. */
export async function activeLookupKey(db: DbOrTx): Promise<{ key: string; environment: TRadarEnvironment } | null> {
  const row = await readRow(db);
  const key = row.radar_environment === 'live' ? row.radar_live_publishable_key : row.radar_test_publishable_key;
  return row.radar_enabled && key ? { key, environment: row.radar_environment } : null;
}

/** Test on the Settings page: the typed key, else the stored one of that environment. */
export async function testLookupConnection(
  db: DbOrTx, options: { baseUrl: string; environment: TRadarEnvironment; publishableKey?: string },
): Promise<TAddressLookupTestResult> {
  let key = options.publishableKey?.trim();
  if (!key) {
    const keys = await getLookupKeys(db);
    key = (options.environment === 'live' ? keys.liveKey : keys.testKey) ?? undefined;
  }
  if (!key) return { ok: false, message: ADDRESS_MESSAGES.notConfigured };
  try {
    await radarAutocomplete({ baseUrl: options.baseUrl, publishableKey: key }, { query: TEST_QUERY, country: 'US', limit: 1 });
    return { ok: true, message: ADDRESS_MESSAGES.connected(options.environment) };
  } catch (error) {
    if (!(error instanceof RadarHttpError)) {
      return { ok: false, message: 'The address-lookup service could not be reached. Please try again later.' };
    }
    if (error.status === 401 || error.status === 403) return { ok: false, message: ADDRESS_MESSAGES.invalidKey };
    if (error.status === 429) return { ok: false, message: ADDRESS_MESSAGES.rateLimited };
    return { ok: false, message: ADDRESS_MESSAGES.requestFailed(error.status) };
  }
}
