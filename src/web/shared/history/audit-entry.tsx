import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router';
import type { TAuditEntry, TSentencePart } from '../../../core/api/audit.ts';

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

/** One change in words (docs/decisions/097): the sentence, its names linked, and for a creation what it set. */
export function AuditSentence({ entry }: { entry: TAuditEntry }) {
  return (
    <Stack gap={2}>
      <Text size="sm" className="audit-sentence"><Parts parts={entry.sentence} /></Text>
      {entry.details.length > 0 && (
        <Text size="xs" c="dimmed">{entry.details.map((d, i) => <Fragment key={i}>{i > 0 && ' · '}<Parts parts={d} underline="always" /></Fragment>)}</Text>
      )}
    </Stack>
  );
}
