import '@mantine/dropzone/styles.css';
import { Alert, Button, FileButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconCamera, IconPhotoPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { TReportImage } from '../../../core/api/field-reports.ts';
import { ATTACHMENTS, type AttachmentKind } from '../../../core/field-reports/field-reports.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../../../core/documents/images.ts';
import { ApiError } from '../../lib/transport.ts';
import { deleteImage, reorderImages, setCaption, useImageStore } from './api.ts';
import { ImageCard, PendingCard } from './image-card.tsx';
import { Section } from './sections.tsx';
import { usePhotoUploads } from './use-photo-uploads.ts';

const HINTS: Record<AttachmentKind, string> = {
  diagrams: 'Sketches, floor plans or moisture maps: take a picture or choose a file, or drop it here.',
  readings: 'Pictures of meter readings, test results or logger screens: take, choose or drop them here.',
  photos: 'Tap to take or choose photos, or drop them here.',
};

/**
 * One attached list (photos, diagrams or readings): taken with the phone's camera or chosen (several
 * at once, from a phone or PC), each shown at once and sent on its own; captions, order and removal,
 * and per photo when and where it was taken and its evidence copy. The PDF prints each list on pages of its own.
 */
export function AttachmentsPanel({ reportId, kind, images, readOnly }: {
  reportId: string;
  kind: AttachmentKind;
  images: TReportImage[];
  readOnly: boolean;
}) {
  const { title } = ATTACHMENTS[kind];
  const store = useImageStore(reportId, kind);
  const [error, setError] = useState<string | null>(null);
  const { pending, pick } = usePhotoUploads(reportId, kind, store);
  const run = (work: Promise<{ images: TReportImage[] }>) => {
    setError(null);
    return work.then((r) => store(r.images))
      .catch((e) => setError(e instanceof ApiError ? e.message : `The ${title.toLowerCase()} could not be saved. Please try again.`));
  };
  const move = (index: number, delta: -1 | 1) => {
    const ids = images.map((p) => p.id);
    [ids[index], ids[index + delta]] = [ids[index + delta]!, ids[index]!];
    void run(reorderImages(reportId, kind, ids));
  };

  return (
    <Section title={`${title} (${images.length + pending.filter((p) => !p.failed).length})`}>
      <Stack gap="sm">
        {!readOnly && (
          <FileButton onChange={(file) => file && pick([file])} accept="image/*" capture="environment"
            inputProps={{ 'aria-label': `Camera for ${title.toLowerCase()}` }}>
            {(props) => (
              <Button {...props} size="md" mih={44} leftSection={<IconCamera size={20} aria-hidden />} aria-label={`Take a photo for ${title.toLowerCase()}`}>
                Take a photo
              </Button>
            )}
          </FileButton>
        )}
        {!readOnly && (
          <Dropzone
            onDrop={(files) => {
              setError(null);
              pick(files);
            }}
            onReject={(rejections) => setError(rejections[0]?.errors[0]?.code === 'file-too-large' ? UPLOAD_MESSAGES.tooLarge
              : rejections[0]?.errors[0]?.code === 'too-many-files' ? UPLOAD_MESSAGES.tooMany : UPLOAD_MESSAGES.notImage)}
            accept={['image/jpeg', 'image/png', 'image/heic', 'image/heif']}
            maxSize={MAX_UPLOAD_BYTES}
            multiple
            aria-label={`Add ${title.toLowerCase()}`}
            inputProps={{ 'aria-label': `Choose ${title.toLowerCase()} to upload` }}
          >
            <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }}>
              <IconPhotoPlus size={36} color="var(--mantine-color-indigo-6)" />
              <div>
                <Text fw={600}>Choose {title.toLowerCase()}</Text>
                <Text size="sm" c="dimmed">{HINTS[kind]} JPEG or PNG, up to 20 MB each.</Text>
              </div>
            </Group>
          </Dropzone>
        )}
        {error && <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>{error}</Alert>}
        {images.length === 0 && readOnly && <Text size="sm" c="dimmed">No {title.toLowerCase()}.</Text>}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          {images.map((image, index) => (
            <ImageCard key={image.id} reportId={reportId} kind={kind} image={image} index={index}
              count={images.length} readOnly={readOnly}
              onCaption={(caption) => void run(setCaption(reportId, kind, image.id, caption))}
              onMove={(delta) => move(index, delta)}
              onRemove={() => void run(deleteImage(reportId, kind, image.id))} />
          ))}
          {pending.map((p, i) => (
            <PendingCard key={p.id} reportId={reportId} kind={kind} id={p.id} index={images.length + i} name={p.name} preview={p.preview}
              status={p.status} failed={p.failed} />
          ))}
        </SimpleGrid>
      </Stack>
    </Section>
  );
}
