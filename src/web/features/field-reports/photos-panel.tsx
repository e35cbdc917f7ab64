import '@mantine/dropzone/styles.css';
import { ActionIcon, Alert, Card, Group, Image, Progress, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconArrowLeft, IconArrowRight, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { TPhoto } from '../../../core/api/field-reports.ts';
import { MAX_PHOTOS_PER_UPLOAD, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../../../core/images.ts';
import { ApiError } from '../../lib/api.ts';
import { deletePhoto, reorderPhotos, setCaption, thumbnailUrl, uploadPhotos, usePhotoStore } from './api.ts';
import { Section } from './sections.tsx';

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : 'The photos could not be saved. Please try again.');

interface CardProps {
  reportId: string;
  photo: TPhoto;
  index: number;
  count: number;
  readOnly: boolean;
  onCaption(caption: string): void;
  onMove(delta: -1 | 1): void;
  onRemove(): void;
}

function PhotoCard({ reportId, photo, index, count, readOnly, onCaption, onMove, onRemove }: CardProps) {
  const [caption, setCaptionText] = useState(photo.caption);
  const n = index + 1;
  return (
    <Card withBorder padding="xs" role="group" aria-label={`Photo ${n}`}>
      <Card.Section>
        <Image src={thumbnailUrl(reportId, photo.id)} alt={photo.caption || `Photo ${n}`} h={160} fit="contain" bg="gray.1" />
      </Card.Section>
      <Stack gap={6} mt="xs">
        <TextInput size="sm" label={`Caption of photo ${n}`} placeholder="What the photo shows" value={caption} readOnly={readOnly}
          onChange={(e) => setCaptionText(e.currentTarget.value)}
          onBlur={() => caption !== photo.caption && onCaption(caption)} />
        {!readOnly && (
          <Group justify="space-between">
            <Group gap={4}>
              <ActionIcon variant="default" size="lg" aria-label={`Move photo ${n} earlier`} disabled={index === 0} onClick={() => onMove(-1)}>
                <IconArrowLeft size={18} />
              </ActionIcon>
              <ActionIcon variant="default" size="lg" aria-label={`Move photo ${n} later`} disabled={index === count - 1} onClick={() => onMove(1)}>
                <IconArrowRight size={18} />
              </ActionIcon>
            </Group>
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove photo ${n}`} onClick={onRemove}>
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Photos: several at once from a phone or PC, with progress; captions, order and removal. */
export function PhotosPanel({ reportId, photos, readOnly }: { reportId: string; photos: TPhoto[]; readOnly: boolean }) {
  const store = usePhotoStore(reportId);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = (work: Promise<{ photos: TPhoto[] }>) => {
    setError(null);
    return work.then((r) => store(r.photos)).catch((e) => setError(errorText(e)));
  };
  const upload = (files: File[]) => {
    if (files.length === 0) return;
    setProgress(0);
    void run(uploadPhotos(reportId, files, setProgress)).finally(() => setProgress(null));
  };
  const move = (index: number, delta: -1 | 1) => {
    const ids = photos.map((p) => p.id);
    [ids[index], ids[index + delta]] = [ids[index + delta]!, ids[index]!];
    void run(reorderPhotos(reportId, ids));
  };

  return (
    <Section title={`Photos (${photos.length})`}>
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
            aria-label="Add photos"
          >
            <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }}>
              <IconPhotoPlus size={36} color="var(--mantine-color-indigo-6)" />
              <div>
                <Text fw={600}>Add photos</Text>
                <Text size="sm" c="dimmed">Tap to take or choose photos, or drop them here. JPEG or PNG, up to 20 MB each.</Text>
              </div>
            </Group>
          </Dropzone>
        )}
        {progress !== null && <Progress value={Math.round(progress * 100)} aria-label="Upload progress" striped animated />}
        {error && <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>{error}</Alert>}
        {photos.length === 0 && readOnly && <Text size="sm" c="dimmed">No photos.</Text>}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          {photos.map((photo, index) => (
            <PhotoCard key={photo.id} reportId={reportId} photo={photo} index={index} count={photos.length} readOnly={readOnly}
              onCaption={(caption) => void run(setCaption(reportId, photo.id, caption))}
              onMove={(delta) => move(index, delta)}
              onRemove={() => void run(deletePhoto(reportId, photo.id))} />
          ))}
        </SimpleGrid>
      </Stack>
    </Section>
  );
}
