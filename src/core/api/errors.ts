import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors.ts';

/** Body of every failed API response. */
export const ZApiError = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    dbCode: z.string().optional(),
    details: z.unknown().optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;

export const ZErrorLogBody = z.object({
  code: z.string().min(1).max(100),
  message: z.string().min(1).max(4000),
  severity: z.enum(['error', 'critical']),
  context: z.record(z.string(), z.unknown()).optional(),
  url: z.string().max(2000).optional(),
  timestamp: z.iso.datetime().optional(),
});
