import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { PDF_FAILED_MESSAGE } from '../../../../core/action-items-report.ts';
import { formatBillNumber } from '../../../../core/billing/billing.ts';
import { downloadFile } from '../../../lib/download.ts';

/** 'Print / PDF': the server prints the bill on the letterhead; the browser downloads it. */
export function BillPdfButton({ id, number, onError }: { id: string; number: number; onError: (message: string | null) => void }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    onError(null);
    try {
      await downloadFile(`/api/bills/${id}/pdf`, `Bill-${formatBillNumber(number)}.pdf`);
    } catch {
      onError(PDF_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="light" leftSection={<IconFileTypePdf size={16} />} loading={busy} onClick={() => void run()}>
      Print / PDF
    </Button>
  );
}
