import { Anchor, Button, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconMapPin } from '@tabler/icons-react';
import type { TReportImage } from '../../../core/api/field-reports.ts';
import { firmDateTime } from '../../../core/dates/firm-clock.ts';
import { mapLink, placeText, shortHash } from '../../../core/field-reports/photo-evidence.ts';
import { useFirmTimeZone } from '../../shared/auth.tsx';

/**
 * When and where a photo was taken (from its original's EXIF, in the firm's zone) and its evidence
 * copy: the original as picked, with its SHA-256 shortened and copyable whole (docs/decisions/103).
 */
export function PhotoEvidence({ image, name, originalUrl }: { image: TReportImage; name: string; originalUrl: string }) {
  const timeZone = useFirmTimeZone();
  const { capturedAt, latitude, longitude, original } = image;
  return (
    <Stack gap={4}>
      <Text size="sm">
        {capturedAt ? <>Taken <time dateTime={capturedAt}>{firmDateTime(capturedAt, timeZone)}</time></> : <Text span c="dimmed" size="sm">No capture time</Text>}
      </Text>
      {latitude !== null && longitude !== null ? (
        <Anchor size="sm" href={mapLink(latitude, longitude)} target="_blank" rel="noreferrer" aria-label={`Place of ${name} on a map: ${placeText(latitude, longitude)}`}>
          <Group gap={4} wrap="nowrap" component="span"><IconMapPin size={16} aria-hidden />{placeText(latitude, longitude)}</Group>
        </Anchor>
      ) : <Text size="sm" c="dimmed">No place recorded</Text>}
      {original && (
        <Group gap={6} wrap="wrap">
          <Button component="a" href={originalUrl} download={original.name || undefined} variant="light" size="sm" mih={44}
            leftSection={<IconDownload size={16} aria-hidden />} aria-label={`Evidence copy of ${name}`}>
            Evidence copy
          </Button>
          <CopyButton value={original.sha256}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'SHA-256 copied' : `SHA-256 ${original.sha256}`} withArrow multiline w={300}>
                <Button variant="subtle" size="sm" mih={44} onClick={copy} px={6} aria-label={`SHA-256 ${shortHash(original.sha256)}: copy the whole hash of ${name}`}
                  rightSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}>
                  <Text span ff="monospace" size="xs">SHA-256 {shortHash(original.sha256)}</Text>
                </Button>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      )}
    </Stack>
  );
}
