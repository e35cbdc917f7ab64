import type { Selectable } from 'kysely';
import type { DbOrTx } from '../db/connection.ts';
import type { FirmProfileTable } from '../db/report-types.ts';
import type { Letterhead } from './letterhead.ts';

type ContactRow = Pick<Selectable<FirmProfileTable>, 'firm_name' | 'licence_number' | 'address' | 'phone' | 'email' | 'website'>;

/** The firm's name and contact details from its profile row; FIRM_NAME until a name is saved. */
export function firmContact(row: ContactRow, defaultName: string): Omit<Letterhead, 'logo'> {
  return {
    firmName: row.firm_name ?? defaultName,
    licenceNumber: row.licence_number,
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
  };
}

/**
 * The letterhead of every PDF: the saved firm profile, or FIRM_NAME alone until one is saved; with
 * the remittance details that documents a client pays from (bills, statements) print.
 */
export async function loadLetterhead(db: DbOrTx, defaultName: string): Promise<Letterhead & { remittance: string }> {
  const row = await db.selectFrom('firm_profile').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return { ...firmContact(row, defaultName), logo: row.logo, remittance: row.remittance };
}
