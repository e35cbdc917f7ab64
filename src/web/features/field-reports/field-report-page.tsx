import { Paper, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { awaitsNumber } from '../../../core/field-reports/new-field-report.ts';
import { useFieldReport } from './api.ts';
import { EditorScreen } from './editor-screen.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /field-reports/{id}: one report (one revision) in the editor. */
export default function FieldReportPage() {
  const { id = '' } = useParams();
  const report = useFieldReport(UUID.test(id) ? id : '00000000-0000-4000-8000-000000000000');
  // A copy made on this device before its create was sent: the editor opens on what that read finds.
  if (report.isLoading || (report.data && awaitsNumber(report.data) && !report.isFetchedAfterMount)) return <LoadingOverlay />;
  if (!report.data) return <Paper withBorder p="xl"><Text>This field report could not be found.</Text></Paper>;
  return <EditorScreen key={report.data.id} report={report.data} />;
}
