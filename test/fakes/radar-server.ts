// A fake of Radar's REST API (autocomplete and forward geocode): a real HTTP server on
// 127.0.0.1 that the app reaches through RADAR_BASE_URL. Error modes are chosen by the
// publishable key (…_invalid → 401, …_ratelimited → 429, …_error500 → 500) or for every
// request through POST /__control { mode: 'ok' | '401' | '429' | '500' }.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

type Mode = 'ok' | '401' | '429' | '500';

interface Place {
  number: string; street: string; city: string; county: string; state: string; stateCode: string;
  postalCode: string; neighborhood?: string; latitude: number; longitude: number; countryCode?: string;
}

const PLACES: Place[] = [
  { number: '20', street: 'Jay St', city: 'Brooklyn', county: 'Kings County', state: 'New York', stateCode: 'NY', postalCode: '11201', neighborhood: 'DUMBO', latitude: 40.704, longitude: -73.987 },
  { number: '1600', street: 'Pennsylvania Ave NW', city: 'Washington', county: 'District of Columbia', state: 'District of Columbia', stateCode: 'DC', postalCode: '20500', latitude: 38.8977, longitude: -77.0365 },
  { number: '1600', street: 'Amphitheatre Pkwy', city: 'Mountain View', county: 'Santa Clara County', state: 'California', stateCode: 'CA', postalCode: '94043', latitude: 37.422, longitude: -122.084 },
  { number: '742', street: 'Evergreen Ter', city: 'Springfield', county: 'Sangamon County', state: 'Illinois', stateCode: 'IL', postalCode: '62704', latitude: 39.78, longitude: -89.65 },
  { number: '100', street: 'Main St', city: 'Springfield', county: 'Sangamon County', state: 'Illinois', stateCode: 'IL', postalCode: '62701', latitude: 39.8, longitude: -89.64 },
  { number: '100', street: 'Main St', city: 'Boise', county: 'Ada County', state: 'Idaho', stateCode: 'ID', postalCode: '83702', latitude: 43.615, longitude: -116.202 },
  { number: '233', street: 'S Wacker Dr', city: 'Chicago', county: 'Cook County', state: 'Illinois', stateCode: 'IL', postalCode: '60606', neighborhood: 'The Loop', latitude: 41.8789, longitude: -87.6359 },
  { number: '400', street: 'Broad St', city: 'Seattle', county: 'King County', state: 'Washington', stateCode: 'WA', postalCode: '98109', latitude: 47.6205, longitude: -122.3493 },
  { number: '1', street: 'Harbor Pl', city: 'Baltimore', county: 'Baltimore City', state: 'Maryland', stateCode: 'MD', postalCode: '21202', latitude: 39.2866, longitude: -76.6122 },
  { number: '55', street: 'Calle Fortaleza', city: 'San Juan', county: 'San Juan', state: 'Puerto Rico', stateCode: 'PR', postalCode: '00901', latitude: 18.4642, longitude: -66.1176 },
  { number: '3200', street: 'Lake Shore Blvd', city: 'Austin', county: 'Travis County', state: 'Texas', stateCode: 'TX', postalCode: '78703', latitude: 30.276, longitude: -97.77 },
  { number: '290', street: 'Bremner Blvd', city: 'Toronto', county: 'Toronto', state: 'Ontario', stateCode: 'ON', postalCode: 'M5V 3L9', latitude: 43.6426, longitude: -79.3871, countryCode: 'CA' },
];

const COUNTRIES: Record<string, { country: string; flag: string }> = {
  US: { country: 'United States', flag: '🇺🇸' },
  CA: { country: 'Canada', flag: '🇨🇦' },
};

function radarAddress(p: Place) {
  const countryCode = p.countryCode ?? 'US';
  const { country, flag } = COUNTRIES[countryCode]!;
  const addressLabel = `${p.number} ${p.street}`;
  return {
    latitude: p.latitude,
    longitude: p.longitude,
    geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
    country,
    countryCode,
    countryFlag: flag,
    county: p.county,
    distance: 0,
    city: p.city,
    number: p.number,
    ...(p.neighborhood ? { neighborhood: p.neighborhood } : {}),
    postalCode: p.postalCode,
    stateCode: p.stateCode,
    state: p.state,
    street: p.street,
    layer: 'address',
    formattedAddress: `${addressLabel}, ${p.city}, ${p.stateCode} ${p.postalCode} ${countryCode}`,
    addressLabel,
  };
}

const ALL = PLACES.map(radarAddress);

/** Every word of the query must start a word of the address (as a type-ahead does). */
function matches(query: string, text: string): boolean {
  const words = text.toLowerCase().split(/[\s,]+/);
  return query.toLowerCase().split(/[\s,]+/).filter(Boolean).every((q) => words.some((w) => w.startsWith(q)));
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const ERROR_BODIES: Record<Exclude<Mode, 'ok'>, [number, string]> = {
  '401': [401, 'Unauthorized'],
  '429': [429, 'Too Many Requests'],
  '500': [500, 'Internal Server Error'],
};

export interface FakeRadar {
  url: string;
  /** Every API request seen, newest last: path, query and the Authorization header. */
  requests: { path: string; query: Record<string, string>; authorization: string | undefined }[];
  setMode(mode: Mode): void;
  close(): Promise<void>;
}

function modeForKey(key: string | undefined, global: Mode): Mode {
  if (!key) return '401';
  if (global !== 'ok') return global;
  if (key.endsWith('_invalid') || !/^prj_(test|live)_pk_/.test(key)) return '401';
  if (key.endsWith('_ratelimited')) return '429';
  if (key.endsWith('_error500')) return '500';
  return 'ok';
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

export async function startFakeRadar(options: { port?: number } = {}): Promise<FakeRadar> {
  let mode: Mode = 'ok';
  const requests: FakeRadar['requests'] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'POST' && url.pathname === '/__control') {
        const body = JSON.parse((await readBody(req)) || '{}') as { mode?: Mode };
        mode = body.mode && ['ok', '401', '429', '500'].includes(body.mode) ? body.mode : 'ok';
        return send(res, 200, { mode });
      }
      const query = Object.fromEntries(url.searchParams);
      const authorization = req.headers.authorization;
      requests.push({ path: url.pathname, query, authorization });
      const chosen = modeForKey(authorization, mode);
      if (chosen !== 'ok') {
        const [status, message] = ERROR_BODIES[chosen];
        return send(res, status, { meta: { code: status, message } });
      }
      const text = (query.query ?? '').trim();
      if (!text) return send(res, 400, { meta: { code: 400, message: 'Bad request (query required)' } });
      const countries = (query.country ?? '').toUpperCase().split(',').filter(Boolean);
      const inCountry = (a: (typeof ALL)[number]) => countries.length === 0 || countries.includes(a.countryCode);
      if (url.pathname === '/v1/search/autocomplete') {
        const limit = Math.min(Number(query.limit ?? 10) || 10, 100);
        const hits = ALL.filter((a) => inCountry(a) && matches(text, a.formattedAddress)).slice(0, limit);
        return send(res, 200, { meta: { code: 200 }, addresses: hits });
      }
      if (url.pathname === '/v1/geocode/forward') {
        const exact = ALL.filter((a) => inCountry(a) && a.formattedAddress.toLowerCase() === text.toLowerCase());
        const hits = exact.length > 0 ? exact : ALL.filter((a) => inCountry(a) && matches(text, a.formattedAddress)).slice(0, 1);
        return send(res, 200, { meta: { code: 200 }, addresses: hits.map((a) => ({ ...a, confidence: exact.length ? 'exact' : 'fallback' })) });
      }
      return send(res, 404, { meta: { code: 404, message: 'Not found' } });
    })().catch((error: unknown) => send(res, 500, { meta: { code: 500, message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode(next) {
      mode = next;
    },
    close: () => new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((e) => (e ? reject(e) : resolve()));
    }),
  };
}

// `node --import tsx test/fakes/radar-server.ts [port]` runs it on its own (screenshots, manual checks).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeRadar({ port: Number(process.argv[2] ?? 0) });
  console.log(`fake Radar listening on ${fake.url}`);
}
