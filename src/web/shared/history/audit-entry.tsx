import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import type { TAuditEntry, TSentencePart } from '../../../core/api/audit.ts';
import { fullTextChanges } from '../../../core/audit/audit-words.ts';

const ACTION_LABEL = { insert: 'Created', update: 'Changed', delete: 'Deleted' } as const;
const ACTION_COLOR = { insert: 'green', update: 'blue', delete: 'red' } as const;

/** 'Created', 'Changed', 'Deleted' in full: the badge is as wide as its word, never cut. */
export function ActionBadge({ action }: { action: TAuditEntry['action'] }) {
  return (
    <Badge variant="light" color={ACTION_COLOR[action]} tt="none" miw="fit-content" style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}>
      {ACTION_LABEL[action]}
    </Badge>
  );
}

/** Names linked; in the dimmed details line underlined, as its grey is too close to the links' blue to tell them apart. */
function Parts({ parts, underline }: { parts: TSentencePart[]; underline?: 'always' }) {
  return parts.map((p, i) => (
    <Fragment key={i}>{p.href ? <Anchor component={Link} to={p.href} inherit underline={underline}>{p.text}</Anchor> : p.text}</Fragment>
  ));
}

/** A long or several-line text change in full, before and after, line breaks kept (issue 38). */
function FullChanges({ entry }: { entry: TAuditEntry }) {
  const [open, setOpen] = useState(false);
  const full = fullTextChanges(entry.table, entry.changes);
  if (full.length === 0) return null;
  return (
    <>
      <Button variant="subtle" size="compact-xs" w="fit-content" onClick={() => setOpen(!open)} aria-expanded={open}>
        {open ? 'Hide the full change' : 'Show the full change'}
      </Button>
      {open && full.map((c) => (
        <Stack key={c.label} gap={2} role="group" aria-label={`Full change of the ${c.label}`}>
          <Text size="xs" fw={600}>{c.label}, before</Text>
          <Text size="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.before || '(empty)'}</Text>
          <Text size="xs" fw={600}>{c.label}, after</Text>
          <Text size="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.after || '(empty)'}</Text>
        </Stack>
      ))}
    </>
  );
}

/** One change in words (docs/decisions/097): the sentence, its names linked, for a creation what it set, and long texts in full. */
export function AuditSentence({ entry }: { entry: TAuditEntry }) {
  return (
    <Stack gap={2}>
      <Text size="sm" className="audit-sentence"><Parts parts={entry.sentence} /></Text>
      {entry.details.length > 0 && (
        <Text size="xs" c="dimmed">{entry.details.map((d, i) => <Fragment key={i}>{i > 0 && ' · '}<Parts parts={d} underline="always" /></Fragment>)}</Text>
      )}
      <FullChanges entry={entry} />
    </Stack>
  );
}
