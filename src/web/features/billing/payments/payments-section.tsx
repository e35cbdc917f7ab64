import { Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { TBillDetail, TPayment } from '../../../../core/api/accounting.ts';
import { formatPaymentNumber, PAYMENT_METHOD_LABELS } from '../../../../core/billing/billing.ts';
import { formatCurrency } from '../../../../core/money.ts';
import { formatUsDate } from '../../../../core/smart-date.ts';
import { PaymentFormCard } from './payment-form-card.tsx';
import { ReversePaymentModal } from './reverse-payment-modal.tsx';

/** An issued bill's payments, the form to record one, and the reversal of one (with a reason). */
export function PaymentsSection({ bill }: { bill: TBillDetail }) {
  const [reversing, setReversing] = useState<TPayment | null>(null);
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={3}>Payments</Title>
        {bill.payments.length === 0 ? <Text c="dimmed" size="sm">No payments yet.</Text> : (
          <Table.ScrollContainer minWidth={760}>
            <Table withTableBorder striped aria-label="Payments" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Payment</Table.Th><Table.Th>Received</Table.Th><Table.Th>Method</Table.Th><Table.Th>Reference</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th><Table.Th ta="right">Applied</Table.Th><Table.Th ta="right">To client credit</Table.Th><Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bill.payments.map((p) => (
                  <Table.Tr key={p.id} c={p.reversedOn ? 'dimmed' : undefined}>
                    <Table.Td>{formatPaymentNumber(p.number)}</Table.Td>
                    <Table.Td>{formatUsDate(p.receivedOn)}</Table.Td>
                    <Table.Td>{PAYMENT_METHOD_LABELS[p.method]}</Table.Td>
                    <Table.Td>{p.reference}</Table.Td>
                    <Table.Td ta="right" td={p.reversedOn ? 'line-through' : undefined}>{formatCurrency(p.amount)}</Table.Td>
                    <Table.Td ta="right" td={p.reversedOn ? 'line-through' : undefined}>{formatCurrency(p.appliedAmount)}</Table.Td>
                    <Table.Td ta="right">{p.creditAmount > 0 ? formatCurrency(p.creditAmount) : ''}</Table.Td>
                    <Table.Td>
                      {p.reversedOn ? (
                        <Stack gap={0}>
                          <Badge color="gray" variant="light">Reversed {formatUsDate(p.reversedOn)}</Badge>
                          {p.reversalReason && <Text size="xs">{p.reversalReason}</Text>}
                        </Stack>
                      ) : (
                        <Button size="xs" variant="subtle" color="red" onClick={() => setReversing(p)} aria-label={`Reverse ${formatPaymentNumber(p.number)}`}>
                          Reverse
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {bill.balance > 0 ? <PaymentFormCard bill={bill} /> : <Text size="sm" c="teal.8">Nothing is due on this bill.</Text>}
      </Stack>
      {reversing && <ReversePaymentModal payment={reversing} onClose={() => setReversing(null)} />}
    </Paper>
  );
}
