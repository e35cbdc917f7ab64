import { ActionIcon, Button, Card, Checkbox, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TFieldReportContent } from '../../../core/api/field-reports.ts';
import { TESTS } from '../../../core/field-reports.ts';
import { formatUsDate, toIsoDate } from '../../../core/smart-date.ts';
import { SmartDateInput } from '../../ui/smart-date-input.tsx';

type Content = TFieldReportContent;
export interface SectionProps {
  content: Content;
  onChange(update: (c: Content) => Content): void;
  readOnly: boolean;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={3} size="h4" mb="sm">{title}</Title>
      {children}
    </Card>
  );
}

const grow = { autosize: true, minRows: 2, maxRows: 12 };

export function ProjectInfoSection({ content, onChange, readOnly }: SectionProps) {
  const text = (key: 'projectName' | 'projectNumber' | 'buildingOwner' | 'propertyAddress', label: string) => (
    <TextInput label={label} value={content[key]} readOnly={readOnly}
      onChange={(e) => {
        const value = e.currentTarget.value;
        onChange((c) => ({ ...c, [key]: value }));
      }} />
  );
  return (
    <Section title="Project Information">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('projectName', 'Project name')}
        {text('projectNumber', 'Project number')}
        {text('buildingOwner', 'Building owner')}
        {text('propertyAddress', 'Property address')}
      </SimpleGrid>
    </Section>
  );
}

export function PartiesSection({ content, onChange, readOnly }: SectionProps) {
  const parties = content.presentParties;
  const setParty = (index: number, key: 'name' | 'role' | 'company', value: string) =>
    onChange((c) => ({ ...c, presentParties: c.presentParties.map((p, i) => (i === index ? { ...p, [key]: value } : p)) }));
  return (
    <Section title="Present Parties">
      <Stack gap="xs">
        {parties.length === 0 && <Text size="sm" c="dimmed">No one else recorded as present.</Text>}
        {parties.map((party, index) => (
          <Group key={index} gap="xs" align="flex-end" wrap="wrap" role="group" aria-label={`Party ${index + 1}`}>
            {(['name', 'role', 'company'] as const).map((key) => (
              <TextInput key={key} label={`${key[0]!.toUpperCase()}${key.slice(1)}`} value={party[key]} readOnly={readOnly}
                style={{ flex: '1 1 160px' }} onChange={(e) => setParty(index, key, e.currentTarget.value)} />
            ))}
            {!readOnly && (
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove party ${index + 1}`}
                onClick={() => onChange((c) => ({ ...c, presentParties: c.presentParties.filter((_, i) => i !== index) }))}>
                <IconTrash size={18} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {!readOnly && (
          <Button variant="light" leftSection={<IconPlus size={16} />} w="fit-content"
            onClick={() => onChange((c) => ({ ...c, presentParties: [...c.presentParties, { name: '', role: '', company: '' }] }))}>
            Add party
          </Button>
        )}
      </Stack>
    </Section>
  );
}

export function FindingsSection({ content, onChange, readOnly }: SectionProps) {
  const area = (key: 'inspectionPurpose' | 'causeOfLoss' | 'areasInvolved' | 'damageSummary', label: string) => (
    <Textarea label={label} {...grow} value={content[key]} readOnly={readOnly}
      onChange={(e) => {
        const value = e.currentTarget.value;
        onChange((c) => ({ ...c, [key]: value }));
      }} />
  );
  return (
    <Section title="Findings">
      <Stack gap="sm">
        {area('inspectionPurpose', 'Inspection purpose')}
        {area('causeOfLoss', 'Cause of loss')}
        {area('areasInvolved', 'Areas involved')}
        {area('damageSummary', 'Damage summary')}
      </Stack>
    </Section>
  );
}

export function MeasuresSection({ content, onChange, readOnly }: SectionProps) {
  const e = content.emergency;
  const ems = (key: keyof Content['emergency'], label: string) => (
    <Checkbox size="md" label={label} checked={e[key]} disabled={readOnly}
      onChange={(ev) => {
        const checked = ev.currentTarget.checked;
        onChange((c) => ({ ...c, emergency: { ...c.emergency, [key]: checked } }));
      }} />
  );
  return (
    <Section title="Urgent Measures">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap="sm">
          <Checkbox size="md" label="Temporary measures started" checked={content.temporaryMeasures.started} disabled={readOnly}
            onChange={(ev) => {
              const started = ev.currentTarget.checked;
              onChange((c) => ({ ...c, temporaryMeasures: { ...c.temporaryMeasures, started } }));
            }} />
          <TextInput label="Temporary measures to commence" placeholder="e.g. Immediately, 11/30/2026" readOnly={readOnly}
            value={content.temporaryMeasures.commence}
            onChange={(ev) => {
              const commence = ev.currentTarget.value;
              onChange((c) => ({ ...c, temporaryMeasures: { ...c.temporaryMeasures, commence } }));
            }} />
        </Stack>
        <Stack gap="sm">
          {ems('emsRequired', 'Emergency services required')}
          <Group gap="lg">{ems('emsFloors', 'Floors')}{ems('emsWalls', 'Walls')}{ems('emsCeilings', 'Ceilings')}</Group>
        </Stack>
      </SimpleGrid>
    </Section>
  );
}

export function TestingSection({ content, onChange, readOnly }: SectionProps) {
  return (
    <Section title="Testing">
      <Table withTableBorder maw={520} verticalSpacing="sm">
        <Table.Thead><Table.Tr><Table.Th>Test</Table.Th><Table.Th ta="center">Required</Table.Th><Table.Th ta="center">Completed</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {TESTS.map(({ key, label }) => (
            <Table.Tr key={key}>
              <Table.Td>{label}</Table.Td>
              {(['required', 'completed'] as const).map((flag) => (
                <Table.Td key={flag}>
                  <Group justify="center">
                    <Checkbox size="md" aria-label={`${label} ${flag}`} checked={content.testing[key][flag]} disabled={readOnly}
                      onChange={(ev) => {
                        const checked = ev.currentTarget.checked;
                        onChange((c) => ({ ...c, testing: { ...c.testing, [key]: { ...c.testing[key], [flag]: checked } } }));
                      }} />
                  </Group>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

const HABITABLE = [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }, { value: 'unknown', label: 'Not determined' }];

export function HabitabilitySection({ content, onChange, readOnly, onDateValidity }: SectionProps & { onDateValidity(ok: boolean): void }) {
  const h = content.habitability;
  const t = content.timeline;
  const setTimeline = (patch: Partial<Content['timeline']>) => onChange((c) => ({ ...c, timeline: { ...c.timeline, ...patch } }));
  return (
    <Section title="Habitability and Timeline">
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={500} mb={4} id="habitable-label">Habitable</Text>
          <SegmentedControl aria-labelledby="habitable-label" disabled={readOnly} data={HABITABLE}
            value={h.isHabitable === null ? 'unknown' : h.isHabitable ? 'yes' : 'no'}
            onChange={(v) => onChange((c) => ({ ...c, habitability: { ...c.habitability, isHabitable: v === 'unknown' ? null : v === 'yes' } }))} />
        </div>
        <Textarea label="Habitability notes" {...grow} value={h.notes} readOnly={readOnly}
          onChange={(ev) => {
            const notes = ev.currentTarget.value;
            onChange((c) => ({ ...c, habitability: { ...c.habitability, notes } }));
          }} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Estimated timeline" placeholder="e.g. 6-8 weeks" value={t.estimated} readOnly={readOnly}
            onChange={(ev) => setTimeline({ estimated: ev.currentTarget.value })} />
          <SmartDateInput label="Return on" value={formatUsDate(t.returnOn)} readOnly={readOnly} onValidityChange={onDateValidity}
            onChange={(v) => setTimeline({ returnOn: v ? toIsoDate(v) ?? '' : '' })} />
          <TextInput label="Follow up with" value={t.followUpWith} readOnly={readOnly}
            onChange={(ev) => setTimeline({ followUpWith: ev.currentTarget.value })} />
        </SimpleGrid>
      </Stack>
    </Section>
  );
}

export function NotesSection({ content, onChange, readOnly }: SectionProps) {
  return (
    <Section title="Field Notes">
      <Textarea aria-label="Field notes" autosize minRows={5} maxRows={30} value={content.notes} readOnly={readOnly}
        onChange={(ev) => {
          const notes = ev.currentTarget.value;
          onChange((c) => ({ ...c, notes }));
        }} />
    </Section>
  );
}
