import {
  ZAcceptSuggestionBody, ZAcceptSuggestionResult, ZDay, ZDayQuery, ZTimerStartBody, ZTimerState, ZTimerStopBody, ZTimerStopResult,
} from '../../../../core/api/timesheet.ts';
import type { AppContext } from '../../../app-context.ts';
import { requireUser } from '../../../http/session.ts';
import { CalendarConnection } from '../../calendar/index.ts';
import { acceptSuggestion } from './day-accept.ts';
import { readDay } from './day-service.ts';
import { discardTimer, readTimer, startTimer } from './timer-service.ts';
import { stopTimer } from './timer-stop.ts';

/** The timer (one per person, on the server) and the day's calendar as time (docs/decisions/089). */
export function timerRoutes(context: AppContext) {
  const { app, db, env } = context;
  const connection = new CalendarConnection(db, env, context.tokenCipher, context.sessionSecret);
  const timeZone = env.TZ;

  app.get('/api/timer', { config: { access: 'user' }, schema: { response: { 200: ZTimerState } } }, async (request) =>
    readTimer(db, { userId: requireUser(request).user.id }));

  app.post('/api/timer/start', { config: { access: 'user' }, schema: { body: ZTimerStartBody, response: { 200: ZTimerState } } }, async (request) =>
    startTimer(db, { userId: requireUser(request).user.id, body: request.body }));

  app.post('/api/timer/stop', { config: { access: 'user' }, schema: { body: ZTimerStopBody, response: { 200: ZTimerStopResult } } }, async (request) =>
    stopTimer(db, { userId: requireUser(request).user.id, body: request.body, timeZone }));

  app.delete('/api/timer', { config: { access: 'user' } }, async (request, reply) => {
    await discardTimer(db, { userId: requireUser(request).user.id });
    return reply.status(204).send();
  });

  app.get('/api/timesheet/day', { config: { access: 'user' }, schema: { querystring: ZDayQuery, response: { 200: ZDay } } }, async (request) =>
    readDay(db, connection, { viewer: requireUser(request).user, ...request.query, timeZone }));

  app.post('/api/timesheet/day/accept', { config: { access: 'user' }, schema: { body: ZAcceptSuggestionBody, response: { 200: ZAcceptSuggestionResult } } },
    async (request) => acceptSuggestion(db, { viewer: requireUser(request).user, body: request.body }));
}
