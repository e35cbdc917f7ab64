import { MONEY_AUTHORITY_MESSAGE, type TFirmProfile, type TFirmProfileBody } from '../../../core/api/firm-profile.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { updateVersioned } from '../../db/versioned.ts';
import { AppError } from '../../errors/app-error.ts';
import { firmContact } from '../../documents/firm-letterhead.ts';
import { prepareMark } from '../../uploads/images.ts';
import { alertSuperAdmins } from './money-alerts.ts';

const PROFILE_COLUMNS = [
  'firm_name', 'licence_number', 'address', 'phone', 'email', 'website', 'remittance', 'ledes_firm_id', 'updated_at', 'version',
] as const;

/** `canChangeMoney`: the reader is a super admin (issue 38); left false when the reader is not known. */
export async function getFirmProfile(db: DbOrTx, defaultName: string, canChangeMoney = false): Promise<TFirmProfile> {
  const row = await db.selectFrom('firm_profile').select([...PROFILE_COLUMNS, (eb) => eb('logo', 'is not', null).as('has_logo')])
    .where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    ...firmContact(row, defaultName),
    remittance: row.remittance,
    canChangeMoney,
    ledesFirmId: row.ledes_firm_id,
    hasLogo: Boolean(row.has_logo),
    updatedAt: new Date(row.updated_at).toISOString(),
    version: row.version,
  };
}

export async function saveFirmProfile(
  db: DbOrTx,
  options: {
    actorId: string; superAdmin: boolean; input: Omit<TFirmProfileBody, 'version'> & { version: number }; defaultName: string;
  },
): Promise<TFirmProfile> {
  const { input } = options;
  return withActor(db, options.actorId, async (tx) => {
    // Money's authority (issue 38): what every bill tells a client to pay into changes only by a super
    // admin's hand, and every super admin hears of it. Read under the row's lock, so two saves cannot both miss it.
    const stored = await tx.selectFrom('firm_profile').select(['remittance', 'ledes_firm_id']).where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
    const moneyChanged = [
      ...(input.remittance !== undefined && input.remittance !== stored.remittance ? ['remittance'] : []),
      ...(input.ledesFirmId !== undefined && input.ledesFirmId.trim() !== stored.ledes_firm_id ? ['ledes_firm_id'] : []),
    ];
    if (moneyChanged.length > 0 && !options.superAdmin) throw new AppError('PERMISSION_DENIED', MONEY_AUTHORITY_MESSAGE);
    await updateVersioned(tx, 'firm_profile', 1 as unknown as string, input.version, {
      firm_name: input.firmName.trim(),
      licence_number: input.licenceNumber.trim(),
      address: input.address.trim(),
      phone: input.phone.trim(),
      email: input.email.trim(),
      website: input.website.trim(),
      // Left out by a form that does not show them: kept as stored.
      remittance: input.remittance,
      ledes_firm_id: input.ledesFirmId?.trim(),
    });
    if (moneyChanged.length > 0) await alertSuperAdmins(tx, { actorId: options.actorId, fields: moneyChanged });
    return getFirmProfile(tx, options.defaultName, options.superAdmin);
  });
}

/** Replaces (or with null removes) the logo; the image is checked and resized first. */
export async function setLogo(db: DbOrTx, options: { actorId: string; superAdmin: boolean; bytes: Buffer | null; defaultName: string }) {
  const mark = options.bytes ? await prepareMark(options.bytes) : null;
  return withActor(db, options.actorId, async (tx) => {
    await tx.updateTable('firm_profile').set({ logo: mark?.image ?? null, logo_type: mark?.type ?? null }).where('id', '=', 1).execute();
    return getFirmProfile(tx, options.defaultName, options.superAdmin);
  });
}

export async function getLogo(db: DbOrTx): Promise<{ image: Buffer; type: string }> {
  const row = await db.selectFrom('firm_profile').select(['logo', 'logo_type']).where('id', '=', 1).executeTakeFirstOrThrow();
  if (!row.logo || !row.logo_type) throw new AppError('RECORD_NOT_FOUND');
  return { image: row.logo, type: row.logo_type };
}
