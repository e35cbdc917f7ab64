import '@mantine/dropzone/styles.css';
import { ActionIcon, Alert, Card, Group, Image, Progress, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconArrowLeft, IconArrowRight, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { TReportImage } from '../../../core/api/field-reports.ts';
import { ATTACHMENTS, type AttachmentKind } from '../../../core/field-reports.ts';
import { MAX_PHOTOS_PER_UPLOAD, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../../../core/images.ts';
import { ApiError } from '../../lib/transport.ts';
import { deleteImage, reorderImages, setCaption, thumbnailUrl, uploadImages, useImageStore } from './api.ts';
import { Section } from './sections.tsx';
import { AnnotationOverlay } from '../../ui/annotation-overlay.tsx';
import { AnnotateButton } from './photo-annotations.tsx';

const HINTS: Record<AttachmentKind, string> = {
  diagrams: 'Sketches, floor plans or moisture maps: take a picture or choose a file, or drop it here.',
  readings: 'Pictures of meter readings, test results or logger screens: take, choose or drop them here.',
  photos: 'Tap to take or choose photos, or drop them here.',
};

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

function ImageCard({ reportId, kind, image, index, count, readOnly, onCaption, onMove, onRemove }: CardProps) {
  const [caption, setCaptionText] = useState(image.caption);
  const name = `${ATTACHMENTS[kind].one.toLowerCase()} ${index + 1}`;
  return (
    <Card withBorder padding="xs" role="group" aria-label={`${ATTACHMENTS[kind].one} ${index + 1}`}>
      <Card.Section pos="relative">
        <Image src={thumbnailUrl(reportId, kind, image.id)} alt={image.caption || `${ATTACHMENTS[kind].one} ${index + 1}`} h={160} fit="contain" bg="gray.1" />
        <AnnotationOverlay annotations={image.annotations} width={image.width} height={image.height} />
      </Card.Section>
      <Stack gap={6} mt="xs">
        <TextInput size="sm" label={`Caption of ${name}`} placeholder={`What the ${ATTACHMENTS[kind].one.toLowerCase()} shows`} value={caption}
          readOnly={readOnly} onChange={(e) => setCaptionText(e.currentTarget.value)}
          onBlur={() => caption !== image.caption && onCaption(caption)} />
        <AnnotateButton reportId={reportId} kind={kind} image={image} index={index} readOnly={readOnly} />
        {!readOnly && (
          <Group justify="space-between">
            <Group gap={4}>
              <ActionIcon variant="default" size="lg" aria-label={`Move ${name} earlier`} disabled={index === 0} onClick={() => onMove(-1)}>
                <IconArrowLeft size={18} />
              </ActionIcon>
              <ActionIcon variant="default" size="lg" aria-label={`Move ${name} later`} disabled={index === count - 1} onClick={() => onMove(1)}>
                <IconArrowRight size={18} />
              </ActionIcon>
            </Group>
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove ${name}`} onClick={onRemove}>
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * One attached list (photos, diagrams or readings): several files at once from a phone or PC, with
 * progress; captions, order and removal. The PDF prints each list on pages of its own.
 */
export function AttachmentsPanel({ reportId, kind, images, readOnly }: {
  reportId: string;
  kind: AttachmentKind;
  images: TReportImage[];
  readOnly: boolean;
}) {
  const { title } = ATTACHMENTS[kind];
  const store = useImageStore(reportId, kind);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = (work: Promise<{ images: TReportImage[] }>) => {
    setError(null);
    return work.then((r) => store(r.images))
      .catch((e) => setError(e instanceof ApiError ? e.message : `The ${title.toLowerCase()} could not be saved. Please try again.`));
  };
  const upload = (files: File[]) => {
    if (files.length === 0) return;
    setProgress(0);
    void run(uploadImages(reportId, kind, files, setProgress)).finally(() => setProgress(null));
  };
  const move = (index: number, delta: -1 | 1) => {
    const ids = images.map((p) => p.id);
    [ids[index], ids[index + delta]] = [ids[index + delta]!, ids[index]!];
    void run(reorderImages(reportId, kind, ids));
  };

  return (
    <Section title={`${title} (${images.length})`}>
      <Stack gap="sm">
        {!readOnly && (
          <Dropzone
            onDrop={upload}
            onReject={(rejections) => setError(rejections[0]?.errors[0]?.code === 'file-too-large' ? UPLOAD_MESSAGES.tooLarge
              : rejections[0]?.errors[0]?.code === 'too-many-files' ? UPLOAD_MESSAGES.tooMany : UPLOAD_MESSAGES.notImage)}
            accept={['image/jpeg', 'image/png', 'image/heic', 'image/heif']}
            maxSize={MAX_UPLOAD_BYTES}
            maxFiles={MAX_PHOTOS_PER_UPLOAD}
            multiple
            loading={progress !== null}
            aria-label={`Add ${title.toLowerCase()}`}
            inputProps={{ 'aria-label': `Choose ${title.toLowerCase()} to upload` }}
          >
            <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }}>
              <IconPhotoPlus size={36} color="var(--mantine-color-indigo-6)" />
              <div>
                <Text fw={600}>Add {title.toLowerCase()}</Text>
                <Text size="sm" c="dimmed">{HINTS[kind]} JPEG or PNG, up to 20 MB each.</Text>
              </div>
            </Group>
          </Dropzone>
        )}
        {progress !== null && <Progress value={Math.round(progress * 100)} aria-label={`Upload progress of ${title.toLowerCase()}`} striped animated />}
        {error && <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>{error}</Alert>}
        {images.length === 0 && readOnly && <Text size="sm" c="dimmed">No {title.toLowerCase()}.</Text>}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          {images.map((image, index) => (
            <ImageCard key={image.id} reportId={reportId} kind={kind} image={image} index={index} count={images.length} readOnly={readOnly}
              onCaption={(caption) => void run(setCaption(reportId, kind, image.id, caption))}
              onMove={(delta) => move(index, delta)}
              onRemove={() => void run(deleteImage(reportId, kind, image.id))} />
          ))}
        </SimpleGrid>
      </Stack>
    </Section>
  );
}
