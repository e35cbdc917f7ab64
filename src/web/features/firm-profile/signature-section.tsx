import { Alert, Button, FileButton, Group, Image, Text } from '@mantine/core';
import { IconSignature, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { dataUrlToBlob, SignaturePad } from '../../ui/signature-pad.tsx';
import { useSignature, useSignatureStatus } from './api.ts';
import { SettingsCard } from '../../ui/settings-card.tsx';

/** Settings → my signature (every user): used when they certify a field report. */
export function SignatureSection() {
  const status = useSignatureStatus();
  const signature = useSignature();
  const [drawing, setDrawing] = useState(false);
  const [drawn, setDrawn] = useState<string | null>(null);
  const s = status.data;
  const error = signature.upload.error ?? signature.remove.error;
  return (
    <SettingsCard id="signature" icon={IconSignature} title="My signature" gap="sm" maw={720}>
        <Text size="sm" c="dimmed">Printed on the field reports you certify. Only you can use it.</Text>
        {s?.hasSignature
          ? <Image src={`/api/me/signature/image?v=${encodeURIComponent(s.updatedAt ?? '')}`} alt="My signature" h={72} w="auto" fit="contain" maw={300} bg="white" />
          : s && <Text size="sm" c="dimmed">No signature saved yet.</Text>}
        {error && <Alert color="red" role="alert">{error.message}</Alert>}
        {drawing && (
          <>
            <SignaturePad onChange={setDrawn} />
            <Group>
              <Button disabled={!drawn} loading={signature.upload.isPending} onClick={() => drawn && signature.upload.mutate(dataUrlToBlob(drawn), {
                onSuccess: () => {
                  setDrawing(false);
                  setDrawn(null);
                },
              })}>Save drawn signature</Button>
              <Button variant="subtle" onClick={() => setDrawing(false)}>Cancel</Button>
            </Group>
          </>
        )}
        {!drawing && (
          <Group>
            <FileButton accept="image/png,image/jpeg" onChange={(file) => file && signature.upload.mutate(file)}>
              {(props) => <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={signature.upload.isPending}>
                Upload signature
              </Button>}
            </FileButton>
            <Button variant="light" onClick={() => setDrawing(true)}>Draw signature</Button>
            {s?.hasSignature && <Button variant="subtle" color="red" onClick={() => signature.remove.mutate()}>Remove signature</Button>}
          </Group>
        )}
    </SettingsCard>
  );
}
