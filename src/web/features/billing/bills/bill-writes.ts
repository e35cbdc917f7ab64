import type {
  TBillDetail, TBillUpdate, TCreditNoteCreate, TLineEdit, TPaymentCreate,
} from '../../../../core/api/accounting.ts';
import type { TEntryUtbms } from '../../../../core/api/ledes.ts';
import { api } from '../../../lib/api.ts';

// The writes of the bill page (issue 24). Every one answers the whole bill, its totals recomputed by
// the server: the page shows that answer, never its own arithmetic.

const post = (path: string, body: unknown) => api<TBillDetail>(path, { method: 'POST', body });

export const updateBill = ({ id, ...body }: TBillUpdate & { id: string }) =>
  api<TBillDetail>(`/api/bills/${id}`, { method: 'PATCH', body });

export const addEntries = ({ id, ...body }: { id: string; version: number; timeEntryIds: string[]; expenseEntryIds: string[] }) =>
  post(`/api/bills/${id}/entries`, body);

export const removeEntries = ({ id, ...body }: { id: string; version: number; entryIds: string[] }) =>
  post(`/api/bills/${id}/entries/remove`, body);

/** Bills the line at `amount` with a reason; null puts it back at its own amount. */
export const adjustLine = ({ id, entryId, ...body }: { id: string; entryId: string; version: number; amount: number | null; reason: string; clientNote?: string }) =>
  post(`/api/bills/${id}/lines/${entryId}/adjust`, body);

export const recordPayment = ({ billId, ...body }: TPaymentCreate & { billId: string }) => post(`/api/bills/${billId}/payments`, body);

export const reversePayment = ({ paymentId, reason }: { paymentId: string; reason: string }) =>
  post(`/api/payments/${paymentId}/reverse`, { reason });

export const createCreditNote = ({ billId, ...body }: TCreditNoteCreate & { billId: string }) =>
  post(`/api/bills/${billId}/credit-notes`, body);

/** A draft's line edited (its entry): hours, rate, description, or an expense's amount (issue 38). */
export const editLine = ({ id, entryId, ...body }: { id: string; entryId: string } & TLineEdit) =>
  api<TBillDetail>(`/api/bills/${id}/lines/${entryId}`, { method: 'PATCH', body });

/** A time line's own UTBMS codes ('' for its job title's): said for the LEDES file, not the bill's money. */
export const setLineCodes = ({ id, entryId, ...body }: { id: string; entryId: string; taskCode: string; activityCode: string }) =>
  api<TEntryUtbms>(`/api/bills/${id}/lines/${entryId}/utbms`, { method: 'PUT', body });

/** A draft deleted: its entries are unbilled again (a draft is never voided). */
export const deleteDraft = ({ id, version }: { id: string; version: number }) =>
  api<void>(`/api/bills/${id}?version=${version}`, { method: 'DELETE' });
