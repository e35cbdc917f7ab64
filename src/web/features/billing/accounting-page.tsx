import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useUser } from '../../shared/auth.tsx';
import { BillingCodesSection } from './bills/billing-codes-section.tsx';
import { BillsTable } from './bills/bills-table.tsx';
import { ExportsSection } from './exports/exports-section.tsx';
import { NewBillModal } from './bills/new-bill-modal.tsx';
import { ReceivablesSection } from './payments/receivables-section.tsx';
import { SuperAdminsOnly } from './super-admins-only.tsx';
import { UnbilledTable } from './bills/unbilled-table.tsx';
import type { TUnbilledCase } from '../../../core/api/accounting.ts';

const TABS = ['unbilled', 'bills', 'receivables', 'exports', 'codes'];

export default function AccountingPage() {
  const user = useUser();
  const [billing, setBilling] = useState<TUnbilledCase | null>(null);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const tab = TABS.includes(params.get('tab') ?? '') ? params.get('tab')! : 'unbilled';
  if (!user.isSuperAdmin) return <SuperAdminsOnly />;
  // A bill is a page of its own (/accounting/bills/:id); Back returns to the tab it was opened from.
  const open = (id: string) => navigate(`/accounting/bills/${id}`);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Accounting & Financials</Title>
        <Button component={Link} to="/accounting/statements" variant="light" leftSection={<IconFileInvoice size={16} />}>
          Statements of account
        </Button>
      </Group>
      <Tabs value={tab} onChange={(next) => setParams({ tab: next ?? 'unbilled' }, { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="unbilled">Unbilled work</Tabs.Tab>
          <Tabs.Tab value="bills">Bills</Tabs.Tab>
          <Tabs.Tab value="receivables">Receivables</Tabs.Tab>
          <Tabs.Tab value="exports">Exports</Tabs.Tab>
          <Tabs.Tab value="codes">Billing codes</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="unbilled" pt="md">
          <Text c="dimmed" size="sm" mb="sm">Work not on any bill yet, per case, the case waiting longest first.</Text>
          <UnbilledTable onBill={setBilling} />
        </Tabs.Panel>
        <Tabs.Panel value="bills" pt="md"><BillsTable /></Tabs.Panel>
        <Tabs.Panel value="receivables" pt="md"><ReceivablesSection /></Tabs.Panel>
        <Tabs.Panel value="exports" pt="md"><ExportsSection /></Tabs.Panel>
        <Tabs.Panel value="codes" pt="md"><BillingCodesSection /></Tabs.Panel>
      </Tabs>
      {billing && <NewBillModal unbilled={billing} onClose={() => setBilling(null)} onCreated={open} />}
    </Stack>
  );
}
