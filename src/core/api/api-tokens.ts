import { z } from 'zod';
import { API_TOKEN_MESSAGES, API_TOKEN_NAME_MAX } from '../accounts/api-tokens.ts';
import { isoDateProblem } from '../smart-date.ts';
import { rule } from './common.ts';

// The HTTP contract of personal API tokens (docs/decisions/092).

export const ZApiTokenScope = z.enum(['read', 'write']).describe('read: GET and HEAD only; write: everything the user\'s role allows');

export const ZCreateApiTokenBody = z.object({
  name: z.string().trim().min(1, API_TOKEN_MESSAGES.nameRequired).max(API_TOKEN_NAME_MAX),
  scope: ZApiTokenScope,
  /** The last day the token works (YYYY-MM-DD, the firm's calendar): after today, at most 365 days ahead. */
  expiresOn: z.string().superRefine(rule((value: string) => isoDateProblem(value, new Date())))
    .describe('The last day the token works, YYYY-MM-DD (after today, at most 365 days ahead)'),
});
export type TCreateApiTokenBody = z.infer<typeof ZCreateApiTokenBody>;

export const ZApiToken = z.object({
  id: z.uuid(),
  name: z.string(),
  scope: ZApiTokenScope,
  /** The token's first characters (cbk_ and a few of the secret): enough to recognise it, never to use it. */
  hint: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  expired: z.boolean(),
});
export type TApiToken = z.infer<typeof ZApiToken>;

export const ZApiTokenList = z.object({ tokens: z.array(ZApiToken) });

/** The answer to creating a token: the only time its text is ever sent. */
export const ZCreatedApiToken = z.object({ token: ZApiToken, secret: z.string() });
export type TCreatedApiToken = z.infer<typeof ZCreatedApiToken>;

export const ZApiTokenIdParams = z.object({ id: z.uuid() });
