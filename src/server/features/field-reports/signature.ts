import { FIELD_REPORT_MESSAGES } from '../../../core/field-reports/field-reports.ts';
import { uploadProblem } from '../../../core/documents/images.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { refuse } from '../../errors/app-error.ts';
import { prepareMark } from '../../uploads/images.ts';

type Signature = { image: Buffer; type: 'image/png' | 'image/jpeg' };

/** The signature drawn on the screen (checked as an image), else the person's stored one. */
export async function signatureFor(db: DbOrTx, actorId: string, drawn: string | undefined): Promise<Signature> {
  if (drawn) {
    const bytes = Buffer.from(drawn.slice(drawn.indexOf(',') + 1), 'base64');
    const problem = uploadProblem(bytes);
    if (problem) throw refuse('drawnSignature', problem, 'signature');
    return prepareMark(bytes);
  }
  const stored = await db.selectFrom('user_signatures').select(['image', 'image_type as type']).where('user_id', '=', actorId).executeTakeFirst();
  if (!stored) throw refuse('drawnSignature', FIELD_REPORT_MESSAGES.noSignature, 'required');
  return stored;
}
