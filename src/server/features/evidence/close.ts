import { detectDocumentType } from './document-type.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { AppError, refuse } from '../../errors/app-error.ts';
import type { UploadedFile } from '../../uploads/multipart.ts';
import { appendEntry, sha256Bytes } from './chain.ts';
import { drawnSignature, getItem, type Actor } from './items.ts';

// Documents that authorize (a waiver, a return or disposal authorization) and closing an item:
// returned or disposed only with an authorization (who, when, the document), after which the item
// is read-only (a trigger refuses any change to a closed item, and the chain takes no entry).

export async function storeDocument(db: DbOrTx, options: { actorId: string; file?: UploadedFile }) {
  const file = options.file;
  if (!file) throw new AppError('VALIDATION_ERROR', 'Attach the document (PDF, JPEG or PNG).');
  const contentType = detectDocumentType(file.bytes);
  if (!contentType) throw new AppError('VALIDATION_ERROR', 'The document must be a PDF, JPEG or PNG file.');
  const sha256 = sha256Bytes(file.bytes);
  const row = await db.insertInto('evidence_documents').values({
    file_name: file.fileName.slice(0, 255) || 'document', content_type: contentType, bytes: file.bytes, sha256, uploaded_by: options.actorId,
  }).returning(['id', 'file_name', 'sha256']).executeTakeFirstOrThrow();
  return { id: row.id, fileName: row.file_name, sha256: row.sha256 };
}

export async function readDocument(db: DbOrTx, id: string) {
  const row = await db.selectFrom('evidence_documents').select(['file_name', 'content_type', 'bytes']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return row;
}

export async function closeItem(db: DbOrTx, options: {
  actor: Actor; itemId: string;
  input: { entryId: string; kind: 'returned' | 'disposed'; at: string; to: string; purpose: string; authorizedBy: string; authorizedAt: string;
    documentId: string; signedByName: string; signature: string };
}) {
  const { actor, itemId, input } = options;
  const replay = await db.selectFrom('evidence_entries').select('item_id').where('id', '=', input.entryId).executeTakeFirst();
  if (replay?.item_id === itemId) return getItem(db, itemId);
  const signature = await drawnSignature(input.signature);
  await withActor(db, actor.id, async (tx) => {
    const document = await tx.selectFrom('evidence_documents').select('id').where('id', '=', input.documentId).executeTakeFirst();
    if (!document) throw refuse('documentId', 'Attach the authorization document', 'exists');
    await appendEntry(tx, {
      id: input.entryId, itemId, kind: input.kind, at: new Date(input.at), to: input.to,
      purpose: [input.purpose, `Authorized by ${input.authorizedBy} on ${input.authorizedAt.slice(0, 10)}`].filter(Boolean).join('. '),
      signedByName: input.signedByName, signature, recordedBy: actor.id, recordedByName: actor.name,
    }, { closing: true });
    await tx.updateTable('evidence_items').set({
      status: input.kind, authorized_by: input.authorizedBy, authorized_at: new Date(input.authorizedAt), authorization_document_id: input.documentId,
      ...(input.to ? { custodian: input.to } : {}),
    }).where('id', '=', itemId).execute();
  });
  return getItem(db, itemId);
}
