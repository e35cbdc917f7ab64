import { ADDRESS_MESSAGES } from '../../../core/address.ts';
import type { TAddressLookupStatus, TAutocompleteResponse, TPlaceResponse } from '../../../core/api/address.ts';
import { ADDRESS_DEFAULT_COUNTRY } from '../../../core/constants.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import { radarAutocomplete, radarGeocode, RadarHttpError } from '../../integrations/radar/client.ts';
import { addressFromRadar, labelOf } from '../../integrations/radar/map.ts';
import { activeLookupKey } from './settings-service.ts';

const UNREACHABLE_MESSAGE = 'The address-lookup service could not be reached. Please try again later.';

/**
 * Provider failures become the spec's texts (SPEC §8). Never a 401 to the browser: that
 * would read as "your session ended" rather than "the firm's key is wrong".
 */
function providerError(error: unknown, otherStatus: (status: number) => string): AppError {
  if (!(error instanceof RadarHttpError)) return new AppError('SERVICE_UNAVAILABLE', UNREACHABLE_MESSAGE);
  const details = { providerStatus: error.status };
  if (error.status === 401 || error.status === 403) return new AppError('SERVICE_UNAVAILABLE', ADDRESS_MESSAGES.invalidKey, details);
  if (error.status === 429) return new AppError('RATE_LIMIT', ADDRESS_MESSAGES.rateLimited, details);
  return new AppError('SERVICE_UNAVAILABLE', otherStatus(error.status), details);
}

async function configured(db: DbOrTx, baseUrl: string) {
  const active = await activeLookupKey(db);
  if (!active) throw new AppError('SERVICE_UNAVAILABLE', ADDRESS_MESSAGES.notConfigured, { reason: 'not_configured' });
  return { baseUrl, publishableKey: active.key };
}

export async function lookupStatus(db: DbOrTx): Promise<TAddressLookupStatus> {
  const active = await activeLookupKey(db);
  const { radar_environment } = await db.selectFrom('integration_settings').select('radar_environment')
    .where('id', '=', 1).executeTakeFirstOrThrow();
  return { enabled: active !== null, environment: radar_environment };
}

export async function autocompleteAddress(
  db: DbOrTx, options: { baseUrl: string; query: string; country?: string; limit: number },
): Promise<TAutocompleteResponse> {
  const config = await configured(db, options.baseUrl);
  try {
    const hits = await radarAutocomplete(config, {
      query: options.query, country: (options.country ?? ADDRESS_DEFAULT_COUNTRY).toUpperCase(), limit: options.limit,
    });
    return { addresses: hits.map((hit) => ({ label: labelOf(hit), address: addressFromRadar(hit) })) };
  } catch (error) {
    throw providerError(error, ADDRESS_MESSAGES.searchFailed);
  }
}

/** Resolves a place id (an address text from a suggestion) to the full address. */
export async function lookupPlace(db: DbOrTx, options: { baseUrl: string; placeId: string }): Promise<TPlaceResponse> {
  const config = await configured(db, options.baseUrl);
  let hits;
  try {
    hits = await radarGeocode(config, { query: options.placeId });
  } catch (error) {
    throw providerError(error, ADDRESS_MESSAGES.placeLookupFailed);
  }
  const [first] = hits;
  if (!first) throw new AppError('RECORD_NOT_FOUND', ADDRESS_MESSAGES.noResults);
  return { address: addressFromRadar(first) };
}
