import { Alert, Anchor, Button, Container, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { TSharedReport } from '../../../core/api/share-links.ts';
import { SHARE_MESSAGES, supersededNotice } from '../../../core/field-reports/share-links.ts';
import { AnnotationOverlay } from '../../ui/annotation-overlay.tsx';

// /shared/{token}: a certified field report as a client sees it, without an account (docs/decisions/105).
// Its own small chunk outside the signed-in frame; it reads only /api/shared/{token}.

type Answer = { state: 'loading' } | { state: 'shown'; report: TSharedReport } | { state: 'refused'; message: string };

const api = (token: string) => `/api/shared/${encodeURIComponent(token)}`;
/** A report's date, YYYY-MM-DD, as MM/DD/YYYY (the page stays small: no date library). */
const usDate = (iso: string) => iso.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1');

/** No address of this page (it holds the link's secret) is ever sent on as a referrer, whatever served it. */
function useNoReferrer() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

function useSharedReport(token: string): Answer {
  const [answer, setAnswer] = useState<Answer>({ state: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    fetch(api(token), { signal: abort.signal, credentials: 'omit' })
      .then(async (res) => {
        const body = await res.json().catch(() => null) as (TSharedReport & { error?: { message?: string } }) | null;
        if (res.ok && body) setAnswer({ state: 'shown', report: body });
        else setAnswer({ state: 'refused', message: body?.error?.message ?? SHARE_MESSAGES.unavailable });
      })
      .catch(() => { if (!abort.signal.aborted) setAnswer({ state: 'refused', message: 'The report could not be loaded. Please check your connection and try again.' }); });
    return () => abort.abort();
  }, [token]);
  return answer;
}

export default function SharedReportPage() {
  const { token = '' } = useParams();
  const answer = useSharedReport(token);
  useNoReferrer();
  const title = answer.state === 'shown' ? `Field Report ${answer.report.displayNumber} — ${answer.report.firm.name}` : 'Shared report';
  useEffect(() => { document.title = title; }, [title]);

  return (
    <Container component="main" size="sm" px="md" py="lg" className="shared-report">
      {answer.state === 'loading' && <Text role="status">Loading the report…</Text>}
      {answer.state === 'refused' && (
        <Paper withBorder p="lg">
          <Title order={1} size="h3">{answer.message}</Title>
          <Text mt="sm">Please ask the person who sent it to you for a new link.</Text>
        </Paper>
      )}
      {answer.state === 'shown' && <Report report={answer.report} token={token} />}
    </Container>
  );
}

function Report({ report, token }: { report: TSharedReport; token: string }) {
  const facts: Array<[string, string]> = [
    ['Report type', report.reportType], ['Report date', usDate(report.date)], ['Project', report.projectName],
    ['Property address', report.propertyAddress], ['Inspector', report.inspectorName], ['Certified on', report.certifiedOn ? usDate(report.certifiedOn) : ''],
  ];
  const contact = [report.firm.address, report.firm.phone, report.firm.email, report.firm.website].filter(Boolean);
  return (
    <Stack gap="lg">
      <header>
        <Text fw={700} size="lg">{report.firm.name}</Text>
        {contact.length > 0 && <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{contact.join(' · ')}</Text>}
      </header>
      <div>
        <Title order={1} size="h2">Field Report {report.displayNumber}</Title>
        <Text c="dimmed">Shared with you by {report.firm.name}</Text>
      </div>
      {report.superseded && <Alert color="yellow" title="Replaced">{supersededNotice(report.firm.name)}</Alert>}
      <Paper withBorder p="md" component="dl" m={0} aria-label="Report details">
        {facts.filter(([, value]) => value).map(([label, value]) => (
          <div key={label} className="shared-report-fact">
            <Text component="dt" size="sm" c="dimmed">{label}</Text>
            <Text component="dd" m={0} mb="xs" style={{ overflowWrap: 'anywhere' }}>{value}</Text>
          </div>
        ))}
      </Paper>
      <div>
        <Button component="a" href={`${api(token)}/pdf`} download={report.pdfFileName} rel="noreferrer" size="lg"
          leftSection={<IconDownload size={18} />}>Download PDF</Button>
      </div>
      <section aria-labelledby="shared-photos">
        <Title order={2} size="h3" id="shared-photos" mb="sm">Photos ({report.photos.length})</Title>
        {report.photos.length === 0 ? <Text c="dimmed">This report has no photos.</Text> : (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            {report.photos.map((photo, index) => {
              const name = photo.caption || `Photo ${index + 1}`;
              return (
                <figure key={photo.id} style={{ margin: 0 }}>
                  <Anchor href={`${api(token)}/photos/${photo.id}`} target="_blank" rel="noreferrer" aria-label={`Open ${name} full size`}>
                    <div style={{ position: 'relative' }}>
                      <Image src={`${api(token)}/photos/${photo.id}/thumbnail`} alt={name} loading="lazy" radius="sm"
                        style={{ aspectRatio: `${photo.width} / ${photo.height}` }} />
                      <AnnotationOverlay annotations={photo.annotations} width={photo.width} height={photo.height} />
                    </div>
                  </Anchor>
                  {photo.caption && <Text component="figcaption" size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>{photo.caption}</Text>}
                </figure>
              );
            })}
          </SimpleGrid>
        )}
      </section>
      <Text size="sm" c="dimmed">This link works through {usDate(report.lastDay)}.</Text>
    </Stack>
  );
}
