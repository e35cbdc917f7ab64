import { z } from 'zod';

export const ZDataRole = z.enum(['super_admin', 'admin', 'limited_user']);
export type TDataRole = z.infer<typeof ZDataRole>;

export const ZLoginBody = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});

/** The signed-in user as the shell shows it (SPEC §3 Session user, plus the role flags). */
export const ZSessionUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: ZDataRole,
  displayRole: z.string(),
  displayName: z.string(),
  initials: z.string(),
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  /** A one-time password signed in: nothing but choosing a new password is allowed. */
  mustChangePassword: z.boolean(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZSessionResponse = z.object({ user: ZSessionUser, firmName: z.string() });
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

/**
 * What a sign-in step answers (password, provider, or a second-factor step): a session, or the
 * second step still owed before one (issue 27). `code`: enter a 6-digit or recovery code;
 * `setup`: the user's role requires a second factor and they have none yet. The pending sign-in is
 * held by an httpOnly cookie, never by the browser's script.
 */
export const ZSecondStep = z.object({ secondStep: z.enum(['code', 'setup']), firmName: z.string() });
export type TSecondStep = z.infer<typeof ZSecondStep>;
export const ZLoginResult = z.union([ZSessionResponse, ZSecondStep]);
export type TLoginResult = z.infer<typeof ZLoginResult>;

/** The providers staff may sign in with (OpenID Connect, issue 27). */
export const SIGN_IN_PROVIDERS = ['google', 'microsoft'] as const;
export const ZSignInProvider = z.enum(SIGN_IN_PROVIDERS);
export type TSignInProvider = z.infer<typeof ZSignInProvider>;

/** What the login page needs before anyone signs in. */
export const ZPublicConfig = z.object({
  firmName: z.string(),
  /** Demo mode, seen from this browser: true when the test-account sign-in is offered to it. */
  demo: z.boolean(),
  /** The providers a super admin has set up, offered as 'Sign in with Google' / 'Microsoft'. */
  signInProviders: z.array(ZSignInProvider),
  /** The firm's time zone (the server's `TZ`): every time on every screen is read in it (issue 28). */
  timeZone: z.string(),
  /** The firm's first day of the week (1 = Monday … 7 = Sunday): timesheets' and reports' weeks (issue 44). */
  weekStartsOn: z.number().int().min(1).max(7),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;

