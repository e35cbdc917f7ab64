import type { Generated } from 'kysely';
import type { DefaultTimestamp, NullableTimestamp, Timestamp, Version } from './column-types.ts';

// Evidence custody (issue 42, migration 047).

export interface EvidenceDocumentsTable {
  id: Generated<string>;
  file_name: string;
  content_type: string;
  bytes: Buffer;
  sha256: string;
  uploaded_by: string | null;
  uploaded_at: DefaultTimestamp;
}

export interface EvidenceCaseSettingsTable {
  case_id: string;
  notice_days: Generated<number>;
  updated_at: DefaultTimestamp;
  version: Version;
}

export interface EvidenceItemsTable {
  id: string;
  case_id: string;
  tag_number: Generated<number>;
  description: string;
  category: Generated<string>;
  quantity: Generated<number>;
  condition: Generated<string>;
  collected_at: Timestamp;
  collected_place: Generated<string>;
  collected_by: string | null;
  collected_by_name: string;
  location: Generated<string>;
  custodian: Generated<string>;
  parent_id: string | null;
  derivation: 'result' | 'remaining' | null;
  derived_from_test_id: string | null;
  status: Generated<'open' | 'returned' | 'disposed'>;
  authorized_by: string | null;
  authorized_at: NullableTimestamp;
  authorization_document_id: string | null;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  version: Version;
}

export interface EvidenceEntriesTable {
  id: string;
  item_id: string;
  seq: number;
  kind: string;
  at: Timestamp;
  from_party: Generated<string>;
  to_party: Generated<string>;
  location: Generated<string>;
  purpose: Generated<string>;
  corrects_id: string | null;
  signed_by_name: Generated<string>;
  signature: Buffer | null;
  signature_type: string | null;
  signature_sha256: string | null;
  photo_sha256s: Generated<string[]>;
  recorded_by: string | null;
  recorded_by_name: Generated<string>;
  recorded_at: DefaultTimestamp;
  prev_hash: string | null;
  hash: string;
}

export interface EvidencePhotosTable {
  id: string;
  item_id: string;
  entry_id: string;
  source: 'taken' | 'field_report';
  field_report_image_id: string | null;
  sha256: string;
  original: Buffer | null;
  original_type: string | null;
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  created_at: DefaultTimestamp;
}

export interface EvidenceTestsTable {
  id: string;
  item_id: string;
  what: string;
  place: string;
  planned_for: Timestamp;
  performed_by: string;
  notice_days: number;
  started_at: NullableTimestamp;
  start_entry_id: string | null;
  created_by: string | null;
  created_at: DefaultTimestamp;
}

export interface EvidenceTestNoticesTable {
  id: Generated<string>;
  test_id: string;
  party_id: string | null;
  party_name: string;
  party_role: string;
  method: string | null;
  address: string | null;
  told_at: NullableTimestamp;
  mail_message_id: string | null;
  waived_at: NullableTimestamp;
  waiver_document_id: string | null;
}

export interface AuditChainHeadTable {
  id: number;
  seq: string;
  hash: string | null;
}
