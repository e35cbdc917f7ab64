import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../accounts/users.ts';
import { ZCreateUserBody } from './users.ts';

// The one-time setup address (issue 38, docs/decisions/117): its token, and the first super admin it creates.

const ZSetupToken = z.string().trim().min(1).max(200);

export const ZSetupTokenBody = z.object({ token: ZSetupToken });

export const ZFirstSuperAdminBody = ZCreateUserBody.pick({ firstName: true, lastName: true, email: true }).extend({
  token: ZSetupToken,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH * 4),
});
export type TFirstSuperAdminBody = z.infer<typeof ZFirstSuperAdminBody>;
