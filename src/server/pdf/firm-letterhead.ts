import type { DbOrTx } from '../db/connection.ts';
import type { Letterhead } from './letterhead.ts';

/** The letterhead of every PDF: the saved firm profile, or FIRM_NAME alone until one is saved. */
export async function loadLetterhead(db: DbOrTx, defaultName: string): Promise<Letterhead> {
  const row = await db.selectFrom('firm_profile').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    firmName: row.firm_name ?? defaultName,
    licenceNumber: row.licence_number,
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
    logo: row.logo,
  };
}
