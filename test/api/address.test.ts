import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeRadar, type FakeRadar } from '../fakes/radar-server.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let radar: FakeRadar;
let admin: Agent;
let limited: Agent;

const GOOD_KEY = 'prj_test_pk_0123456789abcdef0123';

beforeAll(async () => {
  radar = await startFakeRadar();
  t = await createTestApp({ RADAR_BASE_URL: radar.url });
  admin = await t.signIn((await t.user('admin')).email);
  limited = await t.signIn((await t.user('limited_user')).email);
});
afterAll(async () => {
  await t?.close();
  await radar?.close();
});

async function configure(values: { enabled?: boolean; environment?: 'test' | 'live'; testKey?: string | null; liveKey?: string | null }) {
  const current = (await admin.request({ method: 'GET', url: '/api/settings/address-lookup' })).json();
  const res = await admin.request({
    method: 'PUT', url: '/api/settings/address-lookup',
    payload: { enabled: true, environment: 'test', version: current.version, ...values },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const autocomplete = (agent: Agent, query: string) =>
  agent.request({ method: 'GET', url: `/api/address/autocomplete?query=${encodeURIComponent(query)}` });

describe('address lookup proxy', () => {
  beforeEach(() => radar.setMode('ok'));

  it('says it is not configured until enabled with a key', async () => {
    const res = await autocomplete(limited, '20 jay');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('The address-lookup API is not configured. Please enter your publishable key.');
    await configure({ enabled: false, testKey: GOOD_KEY });
    expect((await autocomplete(limited, '20 jay')).json().error.message)
      .toBe('The address-lookup API is not configured. Please enter your publishable key.');
    expect((await limited.request({ method: 'GET', url: '/api/address/status' })).json()).toEqual({ enabled: false, environment: 'test' });
  });

  it('returns suggestions with every field filled, US only, using the stored key', async () => {
    await configure({ testKey: GOOD_KEY });
    const res = await autocomplete(limited, '100 main');
    expect(res.statusCode, res.body).toBe(200);
    const [first] = res.json().addresses;
    expect(res.json().addresses).toHaveLength(2);
    expect(first).toEqual({
      label: '100 Main St, Springfield, IL 62701 US',
      address: {
        fullAddress: '100 Main St, Springfield, IL 62701 US', streetAddress1: '100 Main St', streetAddress2: '',
        city: 'Springfield', stateCode: 'IL', stateName: 'Illinois', postalCode: '62701', country: 'United States',
        source: 'radar', radarPlaceId: '100 Main St, Springfield, IL 62701 US',
      },
    });
    const sent = radar.requests.at(-1)!;
    expect(sent.path).toBe('/v1/search/autocomplete');
    expect(sent.authorization).toBe(GOOD_KEY);
    expect(sent.query).toMatchObject({ query: '100 main', country: 'US', layers: 'address' });
    // Toronto exists in the fake but is outside the default US restriction.
    expect((await autocomplete(limited, '290 bremner')).json().addresses).toEqual([]);
  });

  it('resolves a place id to the full address', async () => {
    await configure({ testKey: GOOD_KEY });
    const res = await limited.request({ method: 'GET', url: `/api/address/place?placeId=${encodeURIComponent('20 Jay St, Brooklyn, NY 11201 US')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().address).toMatchObject({ streetAddress1: '20 Jay St', city: 'Brooklyn', stateCode: 'NY', postalCode: '11201' });
    expect(radar.requests.at(-1)!.path).toBe('/v1/geocode/forward');
  });

  it.each([
    ['401', 503, 'Invalid API key. Please check your publishable key.', 'Invalid API key. Please check your publishable key.'],
    ['429', 429, 'Rate limit exceeded. Please try again later.', 'Rate limit exceeded. Please try again later.'],
    ['500', 503, 'Search failed with status 500', 'Place lookup failed with status 500'],
  ] as const)('gives the spec text when the provider answers %s', async (mode, status, searchText, placeText) => {
    await configure({ testKey: GOOD_KEY });
    radar.setMode(mode);
    const search = await autocomplete(limited, '20 jay');
    expect(search.statusCode).toBe(status);
    expect(search.json().error.message).toBe(searchText);
    const place = await limited.request({ method: 'GET', url: '/api/address/place?placeId=x' });
    expect(place.json().error.message).toBe(placeText);
  });

  it('uses the live key in the live environment', async () => {
    await configure({ environment: 'live', testKey: GOOD_KEY, liveKey: 'prj_live_pk_invalid' });
    expect((await autocomplete(limited, '20 jay')).json().error.message).toBe('Invalid API key. Please check your publishable key.');
    await configure({ environment: 'test' });
  });

  it('needs a signed-in user and a query', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/address/autocomplete?query=abc' })).statusCode).toBe(401);
    expect((await limited.request({ method: 'GET', url: '/api/address/autocomplete?query=' })).statusCode).toBe(400);
  });
});

describe('address-lookup settings', () => {
  it('shows keys masked, and in clear only through the keys call', async () => {
    const saved = await configure({ testKey: GOOD_KEY, liveKey: null });
    expect(saved.testKeyMasked).toBe('prj_test_pk_••••••••0123');
    expect(saved.liveKeyMasked).toBeNull();
    expect(JSON.stringify(saved)).not.toContain(GOOD_KEY);
    const keys = await admin.request({ method: 'GET', url: '/api/settings/address-lookup/keys' });
    expect(keys.json()).toEqual({ testKey: GOOD_KEY, liveKey: null });
    expect(keys.headers['cache-control']).toBe('no-store');
  });

  it('keeps a key that is left out of the save', async () => {
    await configure({ testKey: GOOD_KEY });
    const saved = await configure({ enabled: false });
    expect(saved).toMatchObject({ enabled: false, testKeyMasked: 'prj_test_pk_••••••••0123' });
  });

  it('tests a typed or stored key with the spec texts', async () => {
    await configure({ testKey: GOOD_KEY, liveKey: null });
    const test = (body: object) => admin.request({ method: 'POST', url: '/api/settings/address-lookup/test', payload: body });
    expect((await test({ environment: 'test' })).json())
      .toEqual({ ok: true, message: 'Connected successfully to the address-lookup API (test environment)' });
    expect((await test({ environment: 'live', publishableKey: 'prj_live_pk_goodkey123456' })).json())
      .toEqual({ ok: true, message: 'Connected successfully to the address-lookup API (live environment)' });
    expect((await test({ environment: 'live' })).json().message)
      .toBe('The address-lookup API is not configured. Please enter your publishable key.');
    expect((await test({ environment: 'test', publishableKey: 'prj_test_pk_invalid' })).json().message)
      .toBe('Invalid API key. Please check your publishable key.');
    expect((await test({ environment: 'test', publishableKey: 'prj_test_pk_ratelimited' })).json().message)
      .toBe('Rate limit exceeded. Please try again later.');
    expect((await test({ environment: 'test', publishableKey: 'prj_test_pk_error500' })).json().message)
      .toBe('API request failed with status 500');
  });

  it('is for admins only: limited users get 403 on every settings call', async () => {
    for (const attempt of [
      { method: 'GET' as const, url: '/api/settings/address-lookup' },
      { method: 'GET' as const, url: '/api/settings/address-lookup/keys' },
      { method: 'PUT' as const, url: '/api/settings/address-lookup', payload: { enabled: true, environment: 'test', version: 1 } },
      { method: 'POST' as const, url: '/api/settings/address-lookup/test', payload: { environment: 'test' } },
    ]) {
      expect((await limited.request(attempt)).statusCode, attempt.url).toBe(403);
    }
  });

  it('answers a stale version with 409 and no keys in the conflict', async () => {
    const current = await configure({ testKey: GOOD_KEY });
    const res = await admin.request({
      method: 'PUT', url: '/api/settings/address-lookup',
      payload: { enabled: true, environment: 'test', version: current.version - 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).not.toContain(GOOD_KEY);
  });
});
