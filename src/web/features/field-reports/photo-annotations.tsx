import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { TAnnotation } from '../../../core/field-reports/annotations.ts';
import type { TReportImage } from '../../../core/api/field-reports.ts';
import { ATTACHMENTS, type AttachmentKind } from '../../../core/field-reports/field-reports.ts';
import { imageUrl, useSaveAnnotations } from './annotations-api.ts';
import { reportName } from '../../../core/field-reports/new-field-report.ts';
import { thumbnailUrl, useFieldReport } from './api.ts';

const AnnotationEditor = lazy(() => import('./annotation-editor.tsx').then((m) => ({ default: m.AnnotationEditor })));

/**
 * The 'Annotate' button of an image card and its full-screen editor (docs/decisions/104). A
 * certified report's image offers its annotations to look at only, when it has any.
 */
export function AnnotateButton({ reportId, kind, image, index, readOnly, preview }: {
  reportId: string; kind: AttachmentKind; image: TReportImage; index: number; readOnly: boolean;
  /** The picked file, drawn over before (or without) the server's copy: the same pixels, resized or not. */
  preview?: string;
}) {
  const [open, setOpen] = useState(false);
  const save = useSaveAnnotations(reportId, kind, image.id);
  const displayNumber = useFieldReport(reportId).data?.displayNumber ?? '';
  const name = `${ATTACHMENTS[kind].one.toLowerCase()} ${index + 1}`;
  const count = image.annotations.length;
  if (readOnly && count === 0) return null;

  const onSave = (annotations: TAnnotation[]) => {
    setOpen(false);
    // The queue keeps it (and, if the server refuses it, the reason in its list).
    void save(image, annotations, `${reportName(displayNumber)}: Annotations of ${name}`);
  };

  return (
    <>
      <Button variant="default" size="sm" mih={44} leftSection={<IconPencil size={18} aria-hidden />} onClick={() => setOpen(true)}
        aria-label={`${readOnly ? 'View annotations of' : 'Annotate'} ${name}`}>
        {readOnly ? 'View annotations' : 'Annotate'}{count > 0 ? ` (${count})` : ''}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AnnotationEditor title={`${readOnly ? 'Annotations of' : 'Annotate'} ${name}`} sources={[...(preview ? [preview] : []), imageUrl(reportId, kind, image.id), thumbnailUrl(reportId, kind, image.id)]} image={image}
            readOnly={readOnly} onSave={onSave} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
