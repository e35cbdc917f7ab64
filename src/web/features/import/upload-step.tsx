import '@mantine/dropzone/styles.css';
import { Alert, Anchor, Button, Group, List, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { IMPORT_SOURCE_LABELS, IMPORT_SOURCES, type TImport } from '../../../core/api/import.ts';
import { TEMPLATE_URL, uploadImport } from './api.ts';

/** Step 1: the CSV file, dropped or chosen, sent with its progress; the sources Casebook reads and its template. */
export function UploadStep({ onUploaded }: { onUploaded(answer: TImport): void }) {
  const openRef = useRef<() => void>(null);
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File) => {
    setError(null);
    if (!/\.(csv|txt)$/i.test(file.name)) {
      setError(`“${file.name}” is not a CSV file. Export the time report from your old tool as CSV and choose that file.`);
      return;
    }
    setProgress({ name: file.name, fraction: 0 });
    try {
      const answer = await uploadImport(file, (fraction) => setProgress({ name: file.name, fraction }));
      onUploaded(answer);
    } catch (e) {
      setError(`“${file.name}” could not be read: ${e instanceof Error ? e.message : 'the upload failed. Please try again.'}`);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap="sm">
      <Dropzone
        openRef={openRef}
        onDrop={(files) => files[0] && void upload(files[0])}
        onReject={(rejections) => rejections[0] && setError(`“${rejections[0].file.name}” cannot be used: choose one CSV file.`)}
        multiple={false}
        loading={progress !== null}
        activateOnClick={false}
        aria-label="Drop the CSV file here"
        inputProps={{ 'aria-label': 'CSV file to import' }}
      >
        <Group justify="center" gap="md" mih={110}>
          <IconFileSpreadsheet size={40} stroke={1.5} color="var(--mantine-color-indigo-6)" />
          <Stack gap={6} align="flex-start">
            <Text size="md">Drop the CSV file here, or</Text>
            <Button leftSection={<IconUpload size={16} />} onClick={() => openRef.current?.()} style={{ pointerEvents: 'all' }}>
              Choose a CSV file
            </Button>
          </Stack>
        </Group>
      </Dropzone>
      {progress && (
        <Stack gap={4}>
          <Text size="sm">Uploading {progress.name}…</Text>
          <Progress value={Math.round(progress.fraction * 100)} aria-label={`Upload progress of ${progress.name}`} striped animated />
        </Stack>
      )}
      {error && <Alert color="red" role="alert" title="Not uploaded" withCloseButton closeButtonLabel="Dismiss" onClose={() => setError(null)}>{error}</Alert>}
      <Text size="sm" fw={500} id="import-sources-title">Casebook recognises files from:</Text>
      <List size="sm" aria-labelledby="import-sources-title">
        {IMPORT_SOURCES.map((source) => <List.Item key={source}>{IMPORT_SOURCE_LABELS[source]}</List.Item>)}
      </List>
      <Text size="sm">
        Starting from a spreadsheet?{' '}
        <Anchor href={TEMPLATE_URL} download="casebook-import-template.csv">
          <IconDownload size={14} style={{ verticalAlign: 'middle' }} /> Download the Casebook template
        </Anchor>
        {' '}(clients, cases, projects, time and expenses), fill it in and upload it here.
      </Text>
    </Stack>
  );
}
