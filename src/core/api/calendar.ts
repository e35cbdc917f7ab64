import { z } from 'zod';

// HTTP contract of the Google Calendar connection, the sync queue and the calendar feed.

export const ZCalendarConnection = z.object({
  /** Client id and secret are both set (environment, or the settings' client id). */
  configured: z.boolean(),
  /** The environment variables still to set, e.g. ['GOOGLE_CLIENT_SECRET']. */
  missing: z.array(z.string()),
  /** The OAuth client id in use (not a secret: it is part of every authorisation address). */
  clientId: z.string().nullable(),
  /** GOOGLE_CLIENT_ID is set: it wins, and the settings' client id cannot be edited. */
  clientIdFromEnvironment: z.boolean(),
  /** A client secret is in use (environment or settings). The secret itself is never sent. */
  clientSecretSet: z.boolean(),
  /** GOOGLE_CLIENT_SECRET is set: it wins, and the settings' secret cannot be edited. */
  clientSecretFromEnvironment: z.boolean(),
  /** The exact address Google sends the browser back to: it must be one of the client's authorized redirect URIs. */
  redirectUri: z.string(),
  connected: z.boolean(),
  needsReconnect: z.boolean(),
  /** Why it needs reconnecting, or the last problem with the connection. */
  message: z.string().nullable(),
  calendarId: z.string().nullable(),
  calendarSummary: z.string().nullable(),
  scope: z.string().nullable(),
  tokenExpiry: z.string().nullable(),
  connectedAt: z.string().nullable(),
});
export type TCalendarConnection = z.infer<typeof ZCalendarConnection>;

/** The settings' client id (used when GOOGLE_CLIENT_ID is not set); empty clears it. The secret is never taken here. */
export const ZCalendarClientIdBody = z.object({
  clientId: z.string().trim().max(256).regex(/^[A-Za-z0-9._-]*$/, 'Invalid client ID'),
}).strict();

/** The settings' client secret (used when GOOGLE_CLIENT_SECRET is not set), stored sealed; empty clears it. */
export const ZCalendarClientSecretBody = z.object({
  clientSecret: z.string().trim().max(512).regex(/^[\x21-\x7E]*$/, 'Invalid client secret'),
}).strict();

export const ZConnectStart = z.object({ url: z.string() });
export const ZEmptyBody = z.object({}).strict();

/** What the provider's redirect to /settings carried. */
export const ZOAuthCallbackBody = z.object({
  code: z.string().trim().min(1).max(4096),
  // Missing is answered like a wrong one: 'Invalid OAuth state parameter'.
  state: z.string().trim().max(512).default(''),
});

/** The field a failed Test connection concerns. */
export const ZCalendarSetupProblem = z.enum(['clientId', 'clientSecret', 'redirectUri']);
export type TCalendarSetupProblem = z.infer<typeof ZCalendarSetupProblem>;

export const ZCalendarTestResult = z.object({
  ok: z.boolean(),
  message: z.string(),
  problem: ZCalendarSetupProblem.nullable(),
  calendarId: z.string().nullable(),
  calendarSummary: z.string().nullable(),
});
export type TCalendarTestResult = z.infer<typeof ZCalendarTestResult>;

export const ZSyncStatus = z.object({
  /** Connected and usable: the form offers the sync toggle. */
  available: z.boolean(),
  configured: z.boolean(),
  connected: z.boolean(),
  needsReconnect: z.boolean(),
  message: z.string().nullable(),
  /** Items waiting in the queue (failed ones included until they go out or are cleared). */
  pending: z.number().int(),
  syncing: z.boolean(),
  failed: z.number().int(),
  errors: z.array(z.object({ itemId: z.string(), error: z.string() })),
});
export type TSyncStatus = z.infer<typeof ZSyncStatus>;

/** A project's card asks for its own queue; without projectId, the firm's (the dashboard). */
export const ZSyncStatusQuery = z.object({ projectId: z.uuid().optional() }).strict();

export const ZClearResult = z.object({ cleared: z.number().int() });

/** SPEC §3 "Sync summary". */
export const ZSyncSummary = z.object({
  total: z.number().int(),
  success: z.number().int(),
  failed: z.number().int(),
  errors: z.array(z.string()),
  results: z.array(z.object({ itemId: z.string(), outcome: z.enum(['success', 'failed', 'pending']), error: z.string().optional() })),
});
export type TSyncSummary = z.infer<typeof ZSyncSummary>;

export const ZRemovalResult = z.object({
  outcome: z.enum(['removed', 'alreadyRemoved', 'failed', 'unlinked']),
  message: z.string(),
});
export type TRemovalResult = z.infer<typeof ZRemovalResult>;

export const ZItemParams = z.object({ id: z.uuid() });

export const ZFeedLink = z.object({ url: z.string().nullable() });
export type TFeedLink = z.infer<typeof ZFeedLink>;
export const ZFeedParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}(\.ics)?$/) });

/** The calendar events of the SSE stream (GET /api/action-items/events): status after each change, summaries after a run. */
export const ZSyncEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status'), status: ZSyncStatus }),
  z.object({ type: z.literal('summary'), summary: ZSyncSummary }),
]);
export type TSyncEvent = z.infer<typeof ZSyncEvent>;
