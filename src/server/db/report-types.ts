import type { ColumnType, Generated } from 'kysely';
import type { DefaultTimestamp, NullableTimestamp, Json } from './column-types.ts';

// Tables of migrations 005 and 012: firm profile, signatures, field reports and their images (photos, diagrams, readings).
export type ImageType = 'image/png' | 'image/jpeg';

export interface FirmProfileTable {
  id: Generated<number>;
  firm_name: string | null;
  licence_number: Generated<string>;
  address: Generated<string>;
  phone: Generated<string>;
  email: Generated<string>;
  website: Generated<string>;
  logo: Buffer | null;
  logo_type: ImageType | null;
  remittance: Generated<string>;
  ledes_firm_id: Generated<string>;
  updated_at: DefaultTimestamp;
  version: Generated<number>;
}

export interface UserSignaturesTable {
  user_id: string;
  image: Buffer;
  image_type: ImageType;
  updated_at: DefaultTimestamp;
}

type FieldReportStatus = 'draft' | 'certified' | 'superseded';

export interface FieldReportsTable {
  id: string;
  project_id: string;
  report_number: string;
  revision: Generated<number>;
  report_type: string;
  /** YYYY-MM-DD (see the DATE type parser in connection.ts). */
  report_date: string;
  inspector_id: string | null;
  content: Json<Record<string, unknown>>;
  status: Generated<FieldReportStatus>;
  certified_at: NullableTimestamp;
  certified_by: string | null;
  signature: Buffer | null;
  signature_type: ImageType | null;
  certified_pdf: Buffer | null;
  /** The second engineer's sign-off (migration 048), current while reviewed_version is the report's version. */
  reviewed_by: Generated<string | null>;
  reviewed_at: NullableTimestamp;
  reviewed_version: Generated<number | null>;
  review_signature: Generated<Buffer | null>;
  review_signature_type: Generated<ImageType | null>;
  created_by: string;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  version: Generated<number>;
}

export interface FieldReportImagesTable {
  id: Generated<string>;
  report_id: string;
  kind: 'photo' | 'diagram' | 'reading';
  position: number;
  caption: Generated<string>;
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  /** TAnnotation[] (src/core/field-reports/annotations.ts): fractions of the image. */
  annotations: ColumnType<unknown, string | undefined, string>;
  annotations_version: Generated<number>;
  original_sha256: string | null;
  original_name: string | null;
  captured_at: NullableTimestamp;
  latitude: number | null;
  longitude: number | null;
  created_at: DefaultTimestamp;
}

/** The files as picked (migration 028): bytes here, or in a bucket (docs/decisions/103). */
export interface FieldReportOriginalsTable {
  sha256: string;
  content_type: string;
  byte_size: number;
  bytes: Buffer | null;
  bucket: string | null;
  object_key: string | null;
  created_at: DefaultTimestamp;
}

/** A field change applied from the offline queue, by its client-made id (migration 031). */
export interface FieldReportChangesTable {
  id: string;
  report_id: string;
  path: string;
  version_after: number;
  applied_by: string;
  applied_at: DefaultTimestamp;
}

/** Issue 38: a change of the remittance details or tax id, one row per super admin, until read. */
export interface MoneyAlertsTable {
  id: Generated<number>;
  user_id: string;
  actor_id: string | null;
  fields: string[];
  created_at: Generated<Date>;
  read_at: Date | null;
}

/** The firm's rule for field reports (one row, migration 048). */
export interface FieldReportSettingsTable {
  id: Generated<number>;
  require_review: Generated<boolean>;
  updated_at: DefaultTimestamp;
  version: Generated<number>;
}
