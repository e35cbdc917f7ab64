import type { TFirmProfile, TFirmProfileBody } from '../../../core/api/firm-profile.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { updateVersioned } from '../../db/versioned.ts';
import { AppError } from '../../errors/app-error.ts';
import { firmContact } from '../../pdf/firm-letterhead.ts';
import { prepareMark } from '../../uploads/images.ts';

const PROFILE_COLUMNS = [
  'firm_name', 'licence_number', 'address', 'phone', 'email', 'website', 'remittance', 'ledes_firm_id', 'updated_at', 'version',
] as const;

export async function getFirmProfile(db: DbOrTx, defaultName: string): Promise<TFirmProfile> {
  const row = await db.selectFrom('firm_profile').select([...PROFILE_COLUMNS, (eb) => eb('logo', 'is not', null).as('has_logo')])
    .where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    ...firmContact(row, defaultName),
    remittance: row.remittance,
    ledesFirmId: row.ledes_firm_id,
    hasLogo: Boolean(row.has_logo),
    updatedAt: new Date(row.updated_at).toISOString(),
    version: row.version,
  };
}

export async function saveFirmProfile(
  db: DbOrTx,
  options: { actorId: string; input: Omit<TFirmProfileBody, 'version'> & { version: number }; defaultName: string },
): Promise<TFirmProfile> {
  const { input } = options;
  return withActor(db, options.actorId, async (tx) => {
    await updateVersioned(tx, 'firm_profile', 1 as unknown as string, input.version, {
      firm_name: input.firmName.trim(),
      licence_number: input.licenceNumber.trim(),
      address: input.address.trim(),
      phone: input.phone.trim(),
      email: input.email.trim(),
      website: input.website.trim(),
      // Left out by a form that does not show them: kept as stored.
      remittance: input.remittance,
      ledes_firm_id: input.ledesFirmId,
    });
    return getFirmProfile(tx, options.defaultName);
  });
}

/** Replaces (or with null removes) the logo; the image is checked and resized first. */
export async function setLogo(db: DbOrTx, options: { actorId: string; bytes: Buffer | null; defaultName: string }) {
  const mark = options.bytes ? await prepareMark(options.bytes) : null;
  return withActor(db, options.actorId, async (tx) => {
    await tx.updateTable('firm_profile').set({ logo: mark?.image ?? null, logo_type: mark?.type ?? null }).where('id', '=', 1).execute();
    return getFirmProfile(tx, options.defaultName);
  });
}

export async function getLogo(db: DbOrTx): Promise<{ image: Buffer; type: string }> {
  const row = await db.selectFrom('firm_profile').select(['logo', 'logo_type']).where('id', '=', 1).executeTakeFirstOrThrow();
  if (!row.logo || !row.logo_type) throw new AppError('RECORD_NOT_FOUND');
  return { image: row.logo, type: row.logo_type };
}
