import { z } from 'zod';
import {
  ZAttorney, ZAttorneyBody, ZAttorneyListQuery, ZAttorneyListResponse, ZAttorneyUpdateBody,
  ZLawFirm, ZLawFirmBody, ZLawFirmListQuery, ZLawFirmListResponse, ZLawFirmUpdateBody,
} from '../../../core/api/attorneys.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import {
  attorneyById, createAttorney, createLawFirm, deleteAttorney, deleteLawFirm, listAttorneys, listLawFirms,
  updateAttorney, updateLawFirm,
} from './service.ts';

const ZIdParams = z.object({ id: z.guid() });

/** Attorneys and law firms: everyone signed in reads; admins and super admins write. */
export function attorneyRoutes({ app, db }: AppContext) {
  app.get('/api/attorneys', { config: { access: 'user' }, schema: { querystring: ZAttorneyListQuery, response: { 200: ZAttorneyListResponse } } },
    async (request) => {
      requireUser(request);
      return { attorneys: await listAttorneys(db, request.query) };
    });

  app.get('/api/attorneys/:id', { config: { access: 'user' }, schema: { params: ZIdParams, response: { 200: ZAttorney } } }, async (request) => {
    requireUser(request);
    return attorneyById(db, request.params.id);
  });

  app.post('/api/attorneys', { config: { access: 'admin' }, schema: { body: ZAttorneyBody, response: { 201: ZAttorney } } }, async (request, reply) => {
    requireUser(request);
    return reply.status(201).send(await createAttorney(db, request.body));
  });

  app.put('/api/attorneys/:id', { config: { access: 'admin' }, schema: { params: ZIdParams, body: ZAttorneyUpdateBody, response: { 200: ZAttorney } } },
    async (request) => {
      requireUser(request);
      const { version, ...values } = request.body;
      return updateAttorney(db, { id: request.params.id, version, values });
    });

  app.delete('/api/attorneys/:id', { config: { access: 'admin' }, schema: { params: ZIdParams } }, async (request, reply) => {
    requireUser(request);
    await deleteAttorney(db, request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/law-firms', { config: { access: 'user' }, schema: { querystring: ZLawFirmListQuery, response: { 200: ZLawFirmListResponse } } },
    async (request) => {
      requireUser(request);
      return { lawFirms: await listLawFirms(db, request.query) };
    });

  app.post('/api/law-firms', { config: { access: 'admin' }, schema: { body: ZLawFirmBody, response: { 201: ZLawFirm } } }, async (request, reply) => {
    requireUser(request);
    return reply.status(201).send(await createLawFirm(db, request.body));
  });

  app.put('/api/law-firms/:id', { config: { access: 'admin' }, schema: { params: ZIdParams, body: ZLawFirmUpdateBody, response: { 200: ZLawFirm } } },
    async (request) => {
      requireUser(request);
      const { version, ...values } = request.body;
      return updateLawFirm(db, { id: request.params.id, version, values });
    });

  app.delete('/api/law-firms/:id', { config: { access: 'admin' }, schema: { params: ZIdParams } }, async (request, reply) => {
    requireUser(request);
    await deleteLawFirm(db, request.params.id);
    return reply.status(204).send();
  });
}
