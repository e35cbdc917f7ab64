import { Button, Image, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { TEvidenceItem } from '../../../core/api/evidence.ts';
import { reportError } from '../../lib/error-store.ts';
import { pickPhoto, reportThumbnailUrl, useFieldReportPhotos, useInvalidateEvidence } from './api.ts';

/** Photos of the case's field reports, to add to the item (their originals' SHA-256 goes into the chain). */
export function PickPhotoModal({ item, onClose }: { item: TEvidenceItem; onClose(): void }) {
  const photos = useFieldReportPhotos(item.caseId);
  const invalidate = useInvalidateEvidence();
  const [busy, setBusy] = useState<string | null>(null);
  const pick = async (id: string) => {
    setBusy(id);
    try {
      await pickPhoto(item.id, id);
      await invalidate();
      onClose();
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(null);
    }
  };
  const list = photos.data?.photos ?? [];
  return (
    <Modal opened onClose={onClose} title="Pick a photo from the case's field reports" size="lg">
      <Stack>
        {photos.isLoading && <Text>Loading…</Text>}
        {!photos.isLoading && list.length === 0 && <Text c="dimmed">The case's field reports have no photos.</Text>}
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {list.map((p) => (
            <UnstyledButton key={p.id} onClick={() => void pick(p.id)} disabled={busy !== null} aria-label={`Report ${p.reportNumber}: ${p.caption || 'photo'}`}>
              <Image src={reportThumbnailUrl(p.reportId, p.id)} alt="" radius="sm" />
              <Text size="xs">Report {p.reportNumber}{p.caption ? `: ${p.caption}` : ''}</Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
        <Button variant="default" onClick={onClose}>Cancel</Button>
      </Stack>
    </Modal>
  );
}
