import type { ColumnType, Generated } from 'kysely';
import type { DefaultTimestamp, NullableTimestamp, Numeric, DefaultNumeric, DateCol, Version, NullableDate } from './column-types.ts';

// Tables of bills and payments (migrations 010 and 017).

export interface BillCounterTable {
  id: Generated<number>;
  last_number: number;
}

type BillStatusCol = 'draft' | 'issued' | 'partially_paid' | 'paid' | 'void';

export interface BillsTable {
  id: string;
  number: number;
  case_id: string;
  client_id: string;
  client_name: string;
  period_start: DateCol;
  period_end: DateCol;
  status: ColumnType<BillStatusCol, BillStatusCol | undefined, BillStatusCol>;
  hours: DefaultNumeric;
  time_total: DefaultNumeric;
  expense_total: DefaultNumeric;
  issued_on: NullableDate;
  paid_on: NullableDate;
  voided_at: NullableTimestamp;
  bill_to_name: Generated<string>;
  billing_address: Generated<string>;
  terms_days: Generated<number>;
  terms: Generated<string>;
  note: Generated<string>;
  due_on: NullableDate;
  discount_kind: ColumnType<'percent' | 'amount' | null, 'percent' | 'amount' | null | undefined, 'percent' | 'amount' | null>;
  discount_value: DefaultNumeric;
  adjustment_total: DefaultNumeric;
  discount_total: DefaultNumeric;
  total: DefaultNumeric;
  paid_total: DefaultNumeric;
  credited_total: DefaultNumeric;
  balance: DefaultNumeric;
  created_by: string;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  version: Version;
  /** A bill to the deposing side (migration 045): the deposition it is for, and the payer's matter id. */
  payer_testimony_id: ColumnType<string | null, string | null | undefined, string | null>;
  payer_matter_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BillAdjustmentsTable {
  id: Generated<string>;
  bill_id: string;
  entry_id: string;
  kind: 'time' | 'expense';
  original_amount: Numeric;
  amount: Numeric;
  reason: string;
  client_note: Generated<string>;
  created_by: string;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  version: Version;
}

export interface DocumentCountersTable {
  series: 'payment' | 'credit_note';
  last_number: Generated<number>;
}

export type PaymentMethodCol = 'check' | 'ach' | 'wire' | 'card' | 'cash' | 'other' | 'retainer' | 'client_credit';
export interface PaymentsTable {
  id: string;
  number: number;
  bill_id: string;
  client_id: string;
  received_on: DateCol;
  method: PaymentMethodCol;
  reference: Generated<string>;
  amount: Numeric;
  applied_amount: Numeric;
  reversed_at: NullableTimestamp;
  reversed_by: string | null;
  reversal_reason: string | null;
  created_by: string;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  version: Version;
}

export interface CreditNotesTable {
  id: string;
  number: number;
  bill_id: string;
  client_id: string;
  issued_on: DateCol;
  reason: string;
  amount: Numeric;
  applied_amount: Numeric;
  created_by: string;
  created_at: DefaultTimestamp;
}

export interface CreditNoteLinesTable {
  id: Generated<string>;
  credit_note_id: string;
  position: number;
  description: string;
  amount: Numeric;
  entry_id: string | null;
}

export interface RetainerEntriesTable {
  id: string;
  case_id: string;
  client_id: string;
  kind: 'deposit' | 'application' | 'refund' | 'reversal';
  entry_date: DateCol;
  amount: Numeric;
  payment_id: string | null;
  method: Generated<string>;
  reference: Generated<string>;
  note: Generated<string>;
  created_by: string;
  created_at: DefaultTimestamp;
}

export interface ClientCreditsTable {
  id: Generated<string>;
  client_id: string;
  entry_date: DateCol;
  amount: Numeric;
  payment_id: string | null;
  credit_note_id: string | null;
  note: Generated<string>;
  created_by: string;
  created_at: DefaultTimestamp;
}

export interface BillingCodesTable {
  kind: 'job_title' | 'expense_type';
  name: string;
  task_code: Generated<string>;
  activity_code: Generated<string>;
  expense_code: Generated<string>;
  updated_at: DefaultTimestamp;
}
