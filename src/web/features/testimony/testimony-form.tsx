import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { TTestimony } from '../../../core/api/testimony.ts';
import { DEPOSIT_METHODS } from '../../../core/api/testimony.ts';
import { RETAINED_SIDES, SIDE_LABELS } from '../../../core/cases/conflict-sides.ts';
import { KIND_LABELS } from '../../../core/testimony/rule26.ts';
import { formatUsDate, toIsoDate } from '../../../core/smart-date.ts';
import { NOTICED_BY, NOTICED_BY_LABELS, TESTIMONY_KINDS, type TNoticedBy, type TTestimonyKind } from '../../../core/testimony/testimony.ts';
import { newId } from '../../lib/new-id.ts';
import { readRefusal, type Refusal } from '../../lib/refusal.ts';
import { RefusalAlert } from '../../ui/refusal-alert.tsx';
import { SmartDateInput } from '../../ui/smart-date-input.tsx';
import { saveTestimony, useExperts, useInvalidateTestimony, useLawFirms } from './api.ts';

const LABELS = {
  kind: 'Type', eventDate: 'Date', expertId: 'Expert', court: 'Court or venue', caption: 'Caption', docket: 'Docket number',
  retainedSide: 'Retained by', noticedBy: 'Noticed by', payerLawFirmId: 'Law firm', payerName: 'Party name', payerContact: 'Contact',
  payerAddress: 'Address', payerMatterId: 'Their matter id', balanceDueDays: 'Balance due in days', depositRequired: 'Deposit required',
  depositReceivedOn: 'Deposit received on', depositMethod: 'Deposit method', depositReference: 'Deposit reference', caseId: 'Case',
};

interface Form {
  kind: TTestimonyKind; eventDate: string; expertId: string | null; court: string; caption: string; docket: string;
  retainedSide: (typeof RETAINED_SIDES)[number] | null; noticedBy: TNoticedBy; payerLawFirmId: string | null; payerName: string;
  payerContact: string; payerAddress: string; payerMatterId: string; balanceDueDays: number;
  depositRequired: number | ''; depositReceivedOn: string; depositMethod: (typeof DEPOSIT_METHODS)[number] | null; depositReference: string;
}

const startForm = (e: TTestimony | null, retainedSide: Form['retainedSide']): Form => ({
  kind: e?.kind ?? 'deposition', eventDate: e ? formatUsDate(e.eventDate) : '', expertId: e?.expertId ?? null, court: e?.court ?? '',
  caption: e?.caption ?? '', docket: e?.docket ?? '', retainedSide: e ? e.retainedSide : retainedSide, noticedBy: e?.noticedBy ?? 'retaining',
  payerLawFirmId: e?.payerLawFirmId ?? null, payerName: e?.payerName ?? '', payerContact: e?.payerContact ?? '',
  payerAddress: e?.payerAddress ?? '', payerMatterId: e?.payerMatterId ?? '', balanceDueDays: e?.balanceDueDays ?? 5,
  depositRequired: e?.depositRequired ?? '', depositReceivedOn: e?.depositReceivedOn ? formatUsDate(e.depositReceivedOn) : '',
  depositMethod: e?.depositMethod ?? null, depositReference: e?.depositReference ?? '',
});

const METHOD_LABELS: Record<(typeof DEPOSIT_METHODS)[number], string> = { check: 'Check', ach: 'ACH', wire: 'Wire', card: 'Card', cash: 'Cash', other: 'Other' };

/** Records or changes one testimony event; what was typed stays through any refusal. */
export function TestimonyForm({ caseId, event, retainedSide, moneyVisible, onClose }: {
  caseId: string; event: TTestimony | null; retainedSide: Form['retainedSide']; moneyVisible: boolean; onClose(): void;
}) {
  const [id] = useState(() => event?.id ?? newId());
  const [form, setForm] = useState<Form>(() => startForm(event, retainedSide));
  const [refusal, setRefusal] = useState<Refusal<string> | null>(null);
  const [busy, setBusy] = useState(false);
  const experts = useExperts();
  const firms = useLawFirms();
  const invalidate = useInvalidateTestimony();
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const other = form.noticedBy === 'other';
  const save = async () => {
    setBusy(true);
    try {
      await saveTestimony(id, {
        caseId, version: event?.version, kind: form.kind, eventDate: toIsoDate(form.eventDate) ?? form.eventDate,
        expertId: form.expertId ?? '', court: form.court, caption: form.caption, docket: form.docket, retainedSide: form.retainedSide,
        noticedBy: form.noticedBy, payerLawFirmId: other ? form.payerLawFirmId : null, payerName: form.payerName,
        payerContact: form.payerContact, payerAddress: form.payerAddress, payerMatterId: form.payerMatterId, balanceDueDays: form.balanceDueDays,
        ...(moneyVisible && {
          depositRequired: form.depositRequired === '' ? null : form.depositRequired,
          depositReceivedOn: form.depositReceivedOn ? toIsoDate(form.depositReceivedOn) ?? form.depositReceivedOn : null,
          depositMethod: form.depositMethod, depositReference: form.depositReference,
        }),
      });
      await invalidate();
      onClose();
    } catch (error) {
      setRefusal(readRefusal(error, Object.keys(LABELS)));
    } finally {
      setBusy(false);
    }
  };
  const err = (k: string) => refusal?.fields[k];
  return (
    <Modal opened onClose={onClose} title={event ? 'Edit testimony' : 'Record testimony'} size="xl">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Type" allowDeselect={false} value={form.kind} error={err('kind')}
            data={TESTIMONY_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k]! }))}
            onChange={(v) => v && set({ kind: v as TTestimonyKind, ...(v !== 'deposition' && { noticedBy: 'retaining' as const }) })} />
          <SmartDateInput label="Date" required value={form.eventDate} error={err('eventDate')} onChange={(v) => set({ eventDate: v })} />
          <Select label="Expert" required searchable value={form.expertId} error={err('expertId')}
            data={(experts.data?.experts ?? []).map((x) => ({ value: x.id, label: x.name }))} onChange={(v) => set({ expertId: v })} />
          <Select label="Retained by" clearable value={form.retainedSide} error={err('retainedSide')}
            data={RETAINED_SIDES.map((s) => ({ value: s, label: SIDE_LABELS[s] }))}
            onChange={(v) => set({ retainedSide: v as Form['retainedSide'] })} />
          <TextInput label="Caption" required value={form.caption} error={err('caption')} placeholder="As filed: Smith v. Jones"
            onChange={(e) => set({ caption: e.currentTarget.value })} />
          <TextInput label="Court or venue" value={form.court} error={err('court')} onChange={(e) => set({ court: e.currentTarget.value })} />
          <TextInput label="Docket number" value={form.docket} error={err('docket')} onChange={(e) => set({ docket: e.currentTarget.value })} />
          {form.kind === 'deposition' && (
            <Select label="Noticed by" allowDeselect={false} value={form.noticedBy} error={err('noticedBy')}
              data={NOTICED_BY.map((n) => ({ value: n, label: NOTICED_BY_LABELS[n] }))}
              onChange={(v) => v && set({ noticedBy: v as TNoticedBy })} />
          )}
        </SimpleGrid>
        {other && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label="Law firm" placeholder="Pick a law firm in Casebook" searchable clearable value={form.payerLawFirmId}
              error={err('payerLawFirmId')} data={(firms.data?.lawFirms ?? []).map((f) => ({ value: f.id, label: f.name }))}
              onChange={(v) => set({ payerLawFirmId: v })} />
            <TextInput label="Party name" disabled={Boolean(form.payerLawFirmId)} value={form.payerLawFirmId ? '' : form.payerName}
              placeholder={form.payerLawFirmId ? 'The picked law firm' : 'Who noticed the deposition'} error={err('payerName')}
              onChange={(e) => set({ payerName: e.currentTarget.value })} />
            <TextInput label="Contact" value={form.payerContact} error={err('payerContact')} onChange={(e) => set({ payerContact: e.currentTarget.value })} />
            <TextInput label="Their matter id" value={form.payerMatterId} error={err('payerMatterId')}
              onChange={(e) => set({ payerMatterId: e.currentTarget.value })} />
            <Textarea label="Address" autosize minRows={2} value={form.payerAddress} error={err('payerAddress')}
              placeholder={form.payerLawFirmId ? "Left empty: the law firm's address" : ''} onChange={(e) => set({ payerAddress: e.currentTarget.value })} />
            <NumberInput label="Balance due in days" min={0} max={365} value={form.balanceDueDays} error={err('balanceDueDays')}
              onChange={(v) => set({ balanceDueDays: typeof v === 'number' ? v : 5 })} />
            {moneyVisible && (
              <>
                <NumberInput label="Deposit required" prefix="$" decimalScale={2} min={0} value={form.depositRequired} error={err('depositRequired')}
                  onChange={(v) => set({ depositRequired: typeof v === 'number' ? v : '' })} />
                <SmartDateInput label="Deposit received on" value={form.depositReceivedOn} error={err('depositReceivedOn')}
                  onChange={(v) => set({ depositReceivedOn: v })} />
                <Select label="Deposit method" clearable value={form.depositMethod} error={err('depositMethod')}
                  data={DEPOSIT_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
                  onChange={(v) => set({ depositMethod: v as Form['depositMethod'] })} />
                <TextInput label="Deposit reference" value={form.depositReference} error={err('depositReference')}
                  onChange={(e) => set({ depositReference: e.currentTarget.value })} />
              </>
            )}
          </SimpleGrid>
        )}
        <RefusalAlert refusal={refusal} labels={LABELS} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={save} loading={busy}>{event ? 'Save testimony' : 'Record testimony'}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
