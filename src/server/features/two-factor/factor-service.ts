import { createHash, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { TDataRole } from '../../../core/api/auth.ts';
import type { TTwoFactorSetup, TTwoFactorStatus } from '../../../core/api/two-factor.ts';
import {
  formatRecoveryCode, groupSecret, isRecoveryCode, isTotpCode, normalizeCode, RECOVERY_ALPHABET, RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH, roleRequiresTwoFactor, TWO_FACTOR_MESSAGES,
} from '../../../core/accounts/two-factor.ts';
import { withActor, type Db, type DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import type { TokenCipher } from '../../integrations/google/token-cipher.ts';
import { assertNotThrottled, clearSignInFailures, refuseSignIn } from '../../http/sign-in-throttle.ts';
import { requiredRoles } from './policy.ts';
import { checkTotp, newTotpSecret, otpauthUrl, qrCodeDataUrl } from './totp.ts';

export interface FactorDeps {
  db: Db;
  cipher: TokenCipher;
}

/** Who the second factor belongs to, and where the attempt comes from (for the throttle). */
export interface FactorUser {
  id: string;
  email: string;
  role: TDataRole;
}

const readFactor = (db: DbOrTx, userId: string) =>
  db.selectFrom('user_two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** Whether this user has a confirmed second factor. */
export async function hasTwoFactor(db: DbOrTx, userId: string): Promise<boolean> {
  return Boolean((await readFactor(db, userId))?.enabled_at);
}

export async function twoFactorStatus(db: Db, user: Pick<FactorUser, 'id' | 'role'>): Promise<TTwoFactorStatus> {
  const [factor, roles, left] = await Promise.all([
    readFactor(db, user.id),
    requiredRoles(db),
    db.selectFrom('two_factor_recovery_codes').select(sql<string>`count(*)`.as('n')).where('user_id', '=', user.id).where('used_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { enabled: Boolean(factor?.enabled_at), required: roleRequiresTwoFactor(roles, user.role), recoveryCodesLeft: Number(left.n) };
}

/** Starts (or starts again) a set-up: a new secret, sealed, waiting for its first code. */
export async function beginSetup({ db, cipher }: FactorDeps, user: Pick<FactorUser, 'id' | 'email'>): Promise<TTwoFactorSetup> {
  if (await hasTwoFactor(db, user.id)) throw new AppError('CONSTRAINT_VIOLATION', TWO_FACTOR_MESSAGES.alreadyOn);
  const secret = newTotpSecret();
  const sealed = cipher.encrypt(secret);
  // Only an unconfirmed row is replaced: a factor confirmed meanwhile (another tab) is kept.
  const saved = await db.insertInto('user_two_factor').values({ user_id: user.id, secret_encrypted: sealed })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret_encrypted: sealed, last_used_step: null }).where('user_two_factor.enabled_at', 'is', null))
    .returning('user_id').executeTakeFirst();
  if (!saved) throw new AppError('CONSTRAINT_VIOLATION', TWO_FACTOR_MESSAGES.alreadyOn);
  const url = otpauthUrl(secret, user.email);
  return { secret: groupSecret(secret), otpauthUrl: url, qrCode: await qrCodeDataUrl(url) };
}

const hashRecoveryCode = (code: string) => createHash('sha256').update(normalizeCode(code)).digest('hex');

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return code;
}

const wrongCode = (message: string = TWO_FACTOR_MESSAGES.wrongCode) => new AppError('VALIDATION_ERROR', message);

/**
 * Confirms a set-up with its first code: the factor is on, and ten new recovery codes are made
 * (returned once, stored hashed). Wrong codes count toward the sign-in throttle.
 */
export async function confirmSetup({ db, cipher }: FactorDeps, user: Pick<FactorUser, 'id' | 'email'>, input: { code: string; ip: string }): Promise<string[]> {
  await assertNotThrottled(db, user.email, input.ip);
  const factor = await readFactor(db, user.id);
  if (factor?.enabled_at) throw new AppError('CONSTRAINT_VIOLATION', TWO_FACTOR_MESSAGES.alreadyOn);
  if (!factor) throw new AppError('CONSTRAINT_VIOLATION', TWO_FACTOR_MESSAGES.setupNotStarted);
  const check = isTotpCode(input.code)
    ? checkTotp({ secret: cipher.decrypt(factor.secret_encrypted), code: normalizeCode(input.code), lastUsedStep: null, now: new Date() })
    : { verdict: 'wrong' as const };
  if (check.verdict !== 'ok') return refuseSignIn(db, user.email, input.ip, wrongCode());
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await withActor(db, user.id, async (tx) => {
    const turnedOn = await tx.updateTable('user_two_factor').set({ enabled_at: new Date(), last_used_step: check.step })
      .where('user_id', '=', user.id).where('enabled_at', 'is', null).where('secret_encrypted', '=', factor.secret_encrypted)
      .returning('user_id').executeTakeFirst();
    if (!turnedOn) throw new AppError('CONSTRAINT_VIOLATION', TWO_FACTOR_MESSAGES.setupNotStarted);
    await tx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', user.id).execute();
    await tx.insertInto('two_factor_recovery_codes').values(codes.map((code) => ({ user_id: user.id, code_hash: hashRecoveryCode(code) }))).execute();
  });
  await clearSignInFailures(db, user.email, input.ip);
  return codes.map(formatRecoveryCode);
}

/**
 * The second proof: a 6-digit code (its step newer than the last one used, recorded in the same
 * statement, so two instances cannot both accept it) or an unused recovery code (spent at once).
 */
export async function verifySecondFactor({ db, cipher }: FactorDeps, user: Pick<FactorUser, 'id' | 'email'>, input: { code: string; ip: string }): Promise<void> {
  await assertNotThrottled(db, user.email, input.ip);
  const factor = await readFactor(db, user.id);
  if (!factor?.enabled_at) throw new AppError('CONSTRAINT_VIOLATION', TWO_FACTOR_MESSAGES.notOn);
  const refuse = (message?: string) => refuseSignIn(db, user.email, input.ip, wrongCode(message));
  if (isTotpCode(input.code)) {
    const lastUsedStep = factor.last_used_step === null ? null : Number(factor.last_used_step);
    const check = checkTotp({ secret: cipher.decrypt(factor.secret_encrypted), code: normalizeCode(input.code), lastUsedStep, now: new Date() });
    if (check.verdict !== 'ok') return refuse(check.verdict === 'reused' ? TWO_FACTOR_MESSAGES.reusedCode : undefined);
    const used = await db.updateTable('user_two_factor').set({ last_used_step: check.step }).where('user_id', '=', user.id)
      .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', String(check.step) as never)]))
      .returning('user_id').executeTakeFirst();
    if (!used) return refuse(TWO_FACTOR_MESSAGES.reusedCode);
  } else {
    const spent = isRecoveryCode(input.code) && await db.updateTable('two_factor_recovery_codes').set({ used_at: new Date() })
      .where('user_id', '=', user.id).where('code_hash', '=', hashRecoveryCode(input.code)).where('used_at', 'is', null)
      .returning('id').executeTakeFirst();
    if (!spent) return refuse(TWO_FACTOR_MESSAGES.wrongRecoveryCode);
  }
  await clearSignInFailures(db, user.email, input.ip);
}

/** Turns the own second factor off: it takes a current code (or a recovery code), and a role that requires it refuses. */
export async function disableOwnFactor(deps: FactorDeps, user: FactorUser, input: { code: string; ip: string }): Promise<void> {
  if (roleRequiresTwoFactor(await requiredRoles(deps.db), user.role)) throw new AppError('CONSTRAINT_VIOLATION', TWO_FACTOR_MESSAGES.requiredByRole);
  await verifySecondFactor(deps, user, input);
  await removeFactor(deps.db, user.id, user.id);
}

/** Removes a user's second factor and recovery codes, as the actor (the audit log names who and whose). */
export function removeFactor(db: DbOrTx, actorId: string, userId: string): Promise<void> {
  return withActor(db, actorId, async (tx) => {
    await tx.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
    await tx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
    await tx.deleteFrom('two_factor_pending').where('user_id', '=', userId).execute();
  });
}
