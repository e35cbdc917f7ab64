import type { TEngagementTemplate } from '../../../core/api/engagement.ts';
import { DEFAULT_ENGAGEMENT_TEMPLATE } from '../../../core/cases/engagement-default.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { updateVersioned } from '../../db/versioned.ts';

/** The firm's engagement letter template, or the default letter while none is saved. */
export async function getTemplate(db: DbOrTx): Promise<TEngagementTemplate> {
  const row = await db.selectFrom('engagement_letter_template').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    template: row.template ?? DEFAULT_ENGAGEMENT_TEMPLATE,
    isDefault: row.template === null,
    updatedAt: new Date(row.updated_at).toISOString(),
    version: row.version,
  };
}

/** Saves the template (checked by its schema); the default letter's own text is kept as 'the default'. */
export async function saveTemplate(db: DbOrTx, options: { actorId: string; template: string; version: number }): Promise<TEngagementTemplate> {
  return withActor(db, options.actorId, async (tx) => {
    const template = options.template === DEFAULT_ENGAGEMENT_TEMPLATE ? null : options.template;
    await updateVersioned(tx, 'engagement_letter_template', 1 as unknown as string, options.version, { template });
    return getTemplate(tx);
  });
}
