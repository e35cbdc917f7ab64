import { Alert, Paper, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** What anyone but a super admin sees on an accounting screen (the API refuses them anyway). */
export function SuperAdminsOnly() {
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
