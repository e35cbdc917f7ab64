import { Alert, Button, Code, Group, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { TEngagementTemplate } from '../../../core/api/engagement.ts';
import { DEFAULT_ENGAGEMENT_TEMPLATE } from '../../../core/cases/engagement-default.ts';
import { PLACEHOLDERS, TEMPLATE_MAX, templateProblem } from '../../../core/cases/engagement-template.ts';
import { readRefusal } from '../../lib/refusal.ts';
import { useVersionedSettingsForm } from '../../shared/versioned-settings-form.ts';
import { LoadingBlock } from '../../ui/loading-block.tsx';
import { SettingsCard } from '../../ui/settings-card.tsx';
import { useEngagementTemplate, useSaveEngagementTemplate } from './api.ts';

/**
 * Settings → Engagement letter (issue 39, docs/decisions/121): the firm's letter with placeholders from
 * a fixed list. The template holds no money (a case's rates and retainer are filled in when a super
 * admin prints its letter), so admins keep it.
 */
export function EngagementTemplateSection() {
  const template = useEngagementTemplate();
  return (
    <SettingsCard id="engagement-letter" icon={IconFileText} title="Engagement letter">
      <Text size="sm" c="dimmed">
        The letter printed from a case page on the letterhead. Placeholders in double braces are filled in from the case;
        nothing else in braces is allowed.
      </Text>
      {template.error && <Alert color="red" role="alert">{template.error.message}</Alert>}
      {!template.data && !template.error && <LoadingBlock h={320} label="Loading the engagement letter" />}
      {template.data && <TemplateForm saved={template.data} reload={() => void template.refetch()} />}
    </SettingsCard>
  );
}

function TemplateForm({ saved, reload }: { saved: TEngagementTemplate; reload(): void }) {
  const save = useSaveEngagementTemplate();
  const server = useMemo(() => ({ template: saved.template }), [saved.template]);
  const form = useVersionedSettingsForm({ server, version: saved.version, save, reload });
  const [tried, setTried] = useState(false);
  const problem = tried ? templateProblem(form.draft.template) : null;
  const refused = save.error ? readRefusal(save.error, ['template'] as const) : null;
  const submit = (e: React.FormEvent) => {
    if (templateProblem(form.draft.template)) {
      e.preventDefault();
      setTried(true);
      return;
    }
    form.submit(e);
  };
  const edit = (template: string) => {
    setTried(false);
    form.set({ template });
  };
  return (
    <form onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="sm">
          <Textarea label="Letter" autosize minRows={14} maxRows={30} maxLength={TEMPLATE_MAX}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-sm)' } }}
            value={form.draft.template} onChange={(e) => edit(e.currentTarget.value)}
            error={problem ?? refused?.fields.template ?? (refused && refused.message)}
            description={saved.isDefault && !form.dirty ? 'The default letter: edit it to make it the firm’s own.' : undefined} />
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!form.dirty}>Save engagement letter</Button>
            <Button variant="subtle" disabled={form.draft.template === DEFAULT_ENGAGEMENT_TEMPLATE}
              onClick={() => edit(DEFAULT_ENGAGEMENT_TEMPLATE)}>Use the default letter</Button>
            {form.saved && <Text size="sm" c="teal" role="status">Engagement letter saved.</Text>}
          </Group>
        </Stack>
        <Table aria-label="Placeholders" fz="sm" verticalSpacing={4} withRowBorders={false}>
          <Table.Thead><Table.Tr><Table.Th>Placeholder</Table.Th><Table.Th>Filled in with</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {Object.entries(PLACEHOLDERS).map(([name, meaning]) => (
              <Table.Tr key={name}><Table.Td><Code>{`{{${name}}}`}</Code></Table.Td><Table.Td>{meaning}</Table.Td></Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </SimpleGrid>
    </form>
  );
}
