import { Alert, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useUser } from '../../shared/auth.tsx';
import { BillModal } from './bill-modal.tsx';
import { BillsTable } from './bills-table.tsx';
import { NewBillModal } from './new-bill-modal.tsx';
import { ReceivablesSection } from './receivables-section.tsx';
import { UnbilledTable } from './unbilled-table.tsx';
import type { TUnbilledCase } from '../../../core/api/accounting.ts';

export default function AccountingPage() {
  const user = useUser();
  const [billing, setBilling] = useState<TUnbilledCase | null>(null);
  const [openBill, setOpenBill] = useState<string | null>(null);
  const [params] = useSearchParams();
  const tab = ['unbilled', 'bills', 'receivables'].includes(params.get('tab') ?? '') ? params.get('tab')! : 'unbilled';
  if (!user.isSuperAdmin) {
    return (
      <Paper p="xl" withBorder>
        <Title order={2}>Accounting & Financials</Title>
        <Alert mt="md" color="gray" icon={<IconLock size={18} />} title="Super admins only">
          Billing, receivables and the firm&apos;s money figures are available to super admins only.
          Ask your firm&apos;s principal if you need a figure from here.
        </Alert>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <Title order={2}>Accounting & Financials</Title>
      <Tabs defaultValue={tab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="unbilled">Unbilled work</Tabs.Tab>
          <Tabs.Tab value="bills">Bills</Tabs.Tab>
          <Tabs.Tab value="receivables">Receivables</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="unbilled" pt="md">
          <Text c="dimmed" size="sm" mb="sm">Work not on any bill yet, per case, the case waiting longest first.</Text>
          <UnbilledTable onBill={setBilling} />
        </Tabs.Panel>
        <Tabs.Panel value="bills" pt="md"><BillsTable onOpen={setOpenBill} /></Tabs.Panel>
        <Tabs.Panel value="receivables" pt="md"><ReceivablesSection onOpen={setOpenBill} /></Tabs.Panel>
      </Tabs>
      {billing && (
        <NewBillModal
          unbilled={billing} onClose={() => setBilling(null)}
          onCreated={(id) => { setBilling(null); setOpenBill(id); }}
        />
      )}
      <BillModal id={openBill} onClose={() => setOpenBill(null)} />
    </Stack>
  );
}
