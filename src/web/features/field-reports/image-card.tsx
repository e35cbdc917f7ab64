import { ActionIcon, Badge, Card, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { TAnnotationsSave, TReportImage } from '../../../core/api/field-reports.ts';
import { ATTACHMENTS, type AttachmentKind } from '../../../core/field-reports/field-reports.ts';
import { originalUrl, thumbnailUrl } from './api.ts';
import { AnnotationOverlay } from '../../ui/annotation-overlay.tsx';
import { useOutbox } from '../../shared/offline/use-outbox.ts';
import { PhotoEvidence } from './photo-evidence.tsx';
import { AnnotateButton } from './photo-annotations.tsx';

interface CardProps {
  reportId: string;
  kind: AttachmentKind;
  image: TReportImage;
  index: number;
  count: number;
  readOnly: boolean;
  onCaption(caption: string): void;
  onMove(delta: -1 | 1): void;
  onRemove(): void;
}

export function ImageCard({ reportId, kind, image, index, count, readOnly, onCaption, onMove, onRemove }: CardProps) {
  const [caption, setCaptionText] = useState(image.caption);
  const label = `${ATTACHMENTS[kind].one} ${index + 1}`;
  const name = label.toLowerCase();
  return (
    <Card withBorder padding="xs" role="group" aria-label={label}>
      <Card.Section pos="relative">
        <Image src={thumbnailUrl(reportId, kind, image.id)} alt={image.caption || label} h={160} fit="contain" bg="gray.1" />
        <AnnotationOverlay annotations={image.annotations} width={image.width} height={image.height} />
      </Card.Section>
      <Stack gap={6} mt="xs">
        <TextInput size="sm" label={`Caption of ${name}`} placeholder={`What the ${ATTACHMENTS[kind].one.toLowerCase()} shows`} value={caption}
          readOnly={readOnly} onChange={(e) => setCaptionText(e.currentTarget.value)}
          onBlur={() => caption !== image.caption && onCaption(caption)} />
        <AnnotateButton reportId={reportId} kind={kind} image={image} index={index} readOnly={readOnly} />
        <PhotoEvidence image={image} name={name} originalUrl={originalUrl(reportId, kind, image.id)} />
        {!readOnly && (
          <Group justify="space-between">
            <Group gap={4}>
              <ActionIcon variant="default" size={44} aria-label={`Move ${name} earlier`} disabled={index === 0} onClick={() => onMove(-1)}>
                <IconArrowLeft size={18} />
              </ActionIcon>
              <ActionIcon variant="default" size={44} aria-label={`Move ${name} later`} disabled={index === count - 1} onClick={() => onMove(1)}>
                <IconArrowRight size={18} />
              </ActionIcon>
            </Group>
            <ActionIcon variant="subtle" color="red" size={44} aria-label={`Remove ${name}`} onClick={onRemove}>
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** A photo picked but not on the server yet (its upload waits in the queue) and where it stands. */
interface PendingProps { reportId: string; kind: AttachmentKind; id: string; index: number; name: string; preview: string; status: string; failed?: boolean }

/**
 * Its own file is the thumbnail, at once, and it can be annotated already (docs/decisions/104): the
 * queue sends the photo before its annotations. What waits for it is drawn from the queue.
 */
export function PendingCard({ reportId, kind, id, index, name, preview, status, failed }: PendingProps) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const waiting = useOutbox().items.find((i) => i.key === `annotations:${id}`)?.request.json as TAnnotationsSave | undefined;
  const image: TReportImage | null = size && {
    id, caption: '', position: index + 1, ...size, annotations: waiting?.annotations ?? [], annotationsVersion: 0,
    capturedAt: null, latitude: null, longitude: null, original: null,
  };
  return (
    <Card withBorder padding="xs" role="group" aria-label={`${name} (not uploaded yet)`}>
      <Card.Section pos="relative">
        <Image src={preview} alt={`${name}, picked`} h={160} fit="contain" bg="gray.1"
          onLoad={(e) => setSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })} />
        {image && <AnnotationOverlay annotations={image.annotations} width={image.width} height={image.height} />}
      </Card.Section>
      <Stack gap={6} mt="xs">
        <Group gap={6}>
          <Badge color={failed ? 'red' : 'gray'} variant="light">{failed ? 'Not uploaded' : 'Waiting'}</Badge>
          <Text size="sm" c={failed ? 'red' : 'dimmed'} role="status">{status}</Text>
        </Group>
        {image && !failed && <AnnotateButton reportId={reportId} kind={kind} image={image} index={index} readOnly={false} preview={preview} />}
      </Stack>
    </Card>
  );
}
