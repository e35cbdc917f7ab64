import { z } from 'zod';

/** One address of Radar's autocomplete and geocode responses (the fields we read). */
const ZRadarAddress = z.object({
  formattedAddress: z.string().optional(),
  addressLabel: z.string().optional(),
  placeLabel: z.string().optional(),
  number: z.string().optional(),
  street: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  stateCode: z.string().optional(),
  postalCode: z.string().optional(),
  country: z.string().optional(),
  countryCode: z.string().optional(),
  layer: z.string().optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
}).loose();
export type RadarAddress = z.infer<typeof ZRadarAddress>;

const ZRadarAddressList = z.object({ addresses: z.array(ZRadarAddress) }).loose();

/** Radar answered with a status other than 200; the caller turns it into the spec's message. */
export class RadarHttpError extends Error {
  constructor(readonly status: number) {
    super(`Radar answered ${status}`);
  }
}

/** Radar could not be reached at all (DNS, refused connection, timeout). */
class RadarUnreachableError extends Error {}

export interface RadarConfig {
  baseUrl: string;
  publishableKey: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 8000;

async function get(config: RadarConfig, path: string, params: Record<string, string | undefined>) {
  const url = new URL(path, config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Authorization: config.publishableKey, Accept: 'application/json' },
      signal: AbortSignal.timeout(config.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    throw new RadarUnreachableError(String(error));
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new RadarHttpError(response.status);
  }
  return ZRadarAddressList.parse(await response.json()).addresses;
}

/** GET /v1/search/autocomplete (address layer, restricted to the given countries). */
export function radarAutocomplete(
  config: RadarConfig,
  options: { query: string; country: string; limit: number; layers?: string },
): Promise<RadarAddress[]> {
  return get(config, 'v1/search/autocomplete', {
    query: options.query,
    country: options.country,
    layers: options.layers ?? 'address',
    limit: String(options.limit),
  });
}

/** GET /v1/geocode/forward: resolves a full address text (our place id) to its parts. */
export function radarGeocode(config: RadarConfig, options: { query: string; country?: string }): Promise<RadarAddress[]> {
  return get(config, 'v1/geocode/forward', { query: options.query, country: options.country });
}
