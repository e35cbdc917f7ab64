import { ActionIcon, Button, Card, Checkbox, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TFieldReportContent } from '../../../core/api/field-reports.ts';
import { PARTY_FIELDS, REPORT_FIELDS, TESTS, type ReportTextPath } from '../../../core/field-reports/field-reports.ts';
import { formatUsDate, toIsoDate } from '../../../core/smart-date.ts';
import { limitProps } from '../../ui/limit-counter.tsx';
import { SmartDateInput } from '../../ui/smart-date-input.tsx';

type Content = TFieldReportContent;
/** Why the server refused a field, by the field's path (docs/decisions/066). */
export type Problems = Readonly<Record<string, string>>;
export interface SectionProps {
  content: Content;
  onChange(update: (c: Content) => Content): void;
  readOnly: boolean;
  problems: Problems;
}

/** A text field's label, count towards its limit and refusal, all by its path; `data-field` finds it. */
export function limitedField(path: string, label: string, max: number, value: string, problems: Problems) {
  return { label, 'data-field': path, ...limitProps(value, max, problems[path]) };
}
const textField = (path: ReportTextPath, value: string, problems: Problems) =>
  limitedField(path, REPORT_FIELDS[path].label, REPORT_FIELDS[path].max, value, problems);

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={3} size="h4" mb="sm">{title}</Title>
      {children}
    </Card>
  );
}

const grow = { autosize: true, minRows: 2, maxRows: 12 };

export function ProjectInfoSection({ content, onChange, readOnly, problems }: SectionProps) {
  const text = (key: 'projectName' | 'projectNumber' | 'buildingOwner' | 'propertyAddress') => (
    <TextInput {...textField(`/content/${key}`, content[key], problems)} value={content[key]} readOnly={readOnly}
      onChange={(e) => {
        const value = e.currentTarget.value;
        onChange((c) => ({ ...c, [key]: value }));
      }} />
  );
  return (
    <Section title="Project Information">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('projectName')}
        {text('projectNumber')}
        {text('buildingOwner')}
        {text('propertyAddress')}
      </SimpleGrid>
    </Section>
  );
}

export function PartiesSection({ content, onChange, readOnly, problems }: SectionProps) {
  const parties = content.presentParties;
  const setParty = (index: number, key: 'name' | 'role' | 'company', value: string) =>
    onChange((c) => ({ ...c, presentParties: c.presentParties.map((p, i) => (i === index ? { ...p, [key]: value } : p)) }));
  return (
    <Section title="Present Parties">
      <Stack gap="xs">
        {parties.length === 0 && <Text size="sm" c="dimmed">No one else recorded as present.</Text>}
        {problems['/content/presentParties'] && <Text size="sm" c="red.8" role="alert">{problems['/content/presentParties']}</Text>}
        {parties.map((party, index) => (
          <Group key={index} gap="xs" align="flex-end" wrap="wrap" role="group" aria-label={`Party ${index + 1}`}>
            {(['name', 'role', 'company'] as const).map((key) => (
              <TextInput key={key} value={party[key]} readOnly={readOnly}
                {...limitedField(`/content/presentParties/${index}/${key}`, PARTY_FIELDS[key].label, PARTY_FIELDS[key].max, party[key], problems)}
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

export function FindingsSection({ content, onChange, readOnly, problems }: SectionProps) {
  const area = (key: 'inspectionPurpose' | 'causeOfLoss' | 'areasInvolved' | 'damageSummary') => (
    <Textarea {...textField(`/content/${key}`, content[key], problems)} {...grow} value={content[key]} readOnly={readOnly}
      onChange={(e) => {
        const value = e.currentTarget.value;
        onChange((c) => ({ ...c, [key]: value }));
      }} />
  );
  return (
    <Section title="Findings">
      <Stack gap="sm">
        {area('inspectionPurpose')}
        {area('causeOfLoss')}
        {area('areasInvolved')}
        {area('damageSummary')}
      </Stack>
    </Section>
  );
}

export function MeasuresSection({ content, onChange, readOnly, problems }: SectionProps) {
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
          <TextInput {...textField('/content/temporaryMeasures/commence', content.temporaryMeasures.commence, problems)}
            placeholder="e.g. Immediately, 11/30/2026" readOnly={readOnly} value={content.temporaryMeasures.commence}
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

export function HabitabilitySection({ content, onChange, readOnly, problems, onDateValidity }: SectionProps & { onDateValidity(ok: boolean): void }) {
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
        <Textarea {...textField('/content/habitability/notes', h.notes, problems)} {...grow} value={h.notes} readOnly={readOnly}
          onChange={(ev) => {
            const notes = ev.currentTarget.value;
            onChange((c) => ({ ...c, habitability: { ...c.habitability, notes } }));
          }} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput {...textField('/content/timeline/estimated', t.estimated, problems)} placeholder="e.g. 6-8 weeks" value={t.estimated} readOnly={readOnly}
            onChange={(ev) => setTimeline({ estimated: ev.currentTarget.value })} />
          <div>
            <SmartDateInput label="Return on" data-field="/content/timeline/returnOn" value={formatUsDate(t.returnOn)} readOnly={readOnly}
              onValidityChange={onDateValidity} onChange={(v) => setTimeline({ returnOn: v ? toIsoDate(v) ?? '' : '' })} />
            {problems['/content/timeline/returnOn'] && <Text size="xs" c="red.8" mt={4}>{problems['/content/timeline/returnOn']}</Text>}
          </div>
          <TextInput {...textField('/content/timeline/followUpWith', t.followUpWith, problems)} value={t.followUpWith} readOnly={readOnly}
            onChange={(ev) => setTimeline({ followUpWith: ev.currentTarget.value })} />
        </SimpleGrid>
      </Stack>
    </Section>
  );
}

export function NotesSection({ content, onChange, readOnly, problems }: SectionProps) {
  const { label, ...field } = textField('/content/notes', content.notes, problems);
  return (
    <Section title="Field Notes">
      <Textarea aria-label={label} {...field} autosize minRows={5} maxRows={30} value={content.notes} readOnly={readOnly}
        onChange={(ev) => {
          const notes = ev.currentTarget.value;
          onChange((c) => ({ ...c, notes }));
        }} />
    </Section>
  );
}
