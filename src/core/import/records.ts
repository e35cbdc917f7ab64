// What one row of an imported file says, once read: the same shape whatever tool wrote it.

export interface PersonRef {
  name: string;
  email: string;
}

interface Placed {
  client: string;
  project: string;
  /** The case file number a new project's case takes (Casebook template); '' = the import's own rule. */
  caseNumber: string;
}

export interface TimeRecord extends Placed {
  kind: 'time';
  person: PersonRef;
  task: string;
  date: string;
  hours: number;
  /** The file's hourly rate, used only with the 'file' rates choice. */
  rate: number | null;
  /** False when the file marks the row non-billable: it is left out (every Casebook entry is billable). */
  billable: boolean;
  description: string;
}

export interface ExpenseRecord extends Placed {
  kind: 'expense';
  person: PersonRef;
  expenseType: string;
  date: string;
  amount: number;
  billable: boolean;
  description: string;
}

export type ImportRecord =
  | { kind: 'client'; client: string }
  | { kind: 'case'; client: string; caseNumber: string; caseName: string }
  | ({ kind: 'project' } & Placed)
  | TimeRecord
  | ExpenseRecord;

/** A row read: its record, or why it is refused (a bad date, negative hours...), or skipped (nothing to import). */
export type RowReading =
  | { outcome: 'record'; record: ImportRecord }
  | { outcome: 'refused'; reason: string }
  | { outcome: 'skipped'; reason: string };

export const refused = (reason: string): RowReading => ({ outcome: 'refused', reason });
export const skipped = (reason: string): RowReading => ({ outcome: 'skipped', reason });
export const record = (value: ImportRecord): RowReading => ({ outcome: 'record', record: value });
