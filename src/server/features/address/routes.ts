import {
  ZAddressLookupStatus, ZAutocompleteQuery, ZAutocompleteResponse, ZPlaceQuery, ZPlaceResponse,
} from '../../../core/api/address.ts';
import {
  ZAddressLookupKeys, ZAddressLookupSettings, ZAddressLookupSettingsBody, ZAddressLookupTestBody,
  ZAddressLookupTestResult,
} from '../../../core/api/settings.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { autocompleteAddress, lookupPlace, lookupStatus } from './lookup-service.ts';
import {
  getLookupKeys, getLookupSettings, saveLookupSettings, testLookupConnection,
} from './settings-service.ts';

/** The address-lookup proxy (any signed-in user) and its settings (admins only). */
export function addressRoutes({ app, db, env }: AppContext) {
  const baseUrl = env.RADAR_BASE_URL;

  app.get('/api/address/status', { config: { access: 'user' }, schema: { response: { 200: ZAddressLookupStatus } } }, async (request) => {
    requireUser(request);
    return lookupStatus(db);
  });

  app.get('/api/address/autocomplete', { config: { access: 'user' }, schema: { querystring: ZAutocompleteQuery, response: { 200: ZAutocompleteResponse } } },
    async (request) => {
      requireUser(request);
      return autocompleteAddress(db, { baseUrl, ...request.query });
    });

  app.get('/api/address/place', { config: { access: 'user' }, schema: { querystring: ZPlaceQuery, response: { 200: ZPlaceResponse } } }, async (request) => {
    requireUser(request);
    return lookupPlace(db, { baseUrl, placeId: request.query.placeId });
  });

  app.get('/api/settings/address-lookup', { config: { access: 'admin' }, schema: { response: { 200: ZAddressLookupSettings } } }, async (request) => {
    requireUser(request);
    return getLookupSettings(db);
  });

  // The keys in clear, only when an admin opens the form for editing.
  app.get('/api/settings/address-lookup/keys', { config: { access: 'admin' }, schema: { response: { 200: ZAddressLookupKeys } } }, async (request, reply) => {
    requireUser(request);
    void reply.header('cache-control', 'no-store');
    return getLookupKeys(db);
  });

  app.put('/api/settings/address-lookup', { config: { access: 'admin' }, schema: { body: ZAddressLookupSettingsBody, response: { 200: ZAddressLookupSettings } } },
    async (request) => {
      requireUser(request);
      return saveLookupSettings(db, request.body);
    });

  app.post('/api/settings/address-lookup/test', { config: { access: 'admin' }, schema: { body: ZAddressLookupTestBody, response: { 200: ZAddressLookupTestResult } } },
    async (request) => {
      requireUser(request);
      return testLookupConnection(db, { baseUrl, ...request.body });
    });
}
