import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ANNOTATION_LIMITS, ANNOTATION_MESSAGES, type TAnnotation } from '../../../core/field-reports/annotations.ts';
import type { TReportImage } from '../../../core/api/field-reports.ts';
import { useCloseGuard } from '../../ui/close-guard.tsx';
import { AnnotationShapes } from '../../ui/annotation-overlay.tsx';
import { AnnotationToolbar } from './annotation-toolbar.tsx';
import { useAnnotationDrawing } from './use-annotation-drawing.ts';

function LabelForm({ onAdd, onCancel }: { onAdd(text: string): void; onCancel(): void }) {
  const [text, setText] = useState('');
  return (
    <form onSubmit={(e) => { e.preventDefault(); onAdd(text); }}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput label="Label text" data-autofocus autoFocus style={{ flex: 1 }} size="md" maxLength={ANNOTATION_LIMITS.textLength}
          value={text} onChange={(e) => setText(e.currentTarget.value)} />
        <Button type="submit" size="md" disabled={!text.trim()}>Add label</Button>
        <Button variant="default" size="md" onClick={onCancel}>Cancel label</Button>
      </Group>
    </form>
  );
}

/**
 * Full-screen drawing over one image: arrows, circles, rectangles, free lines and labels in the
 * palette's colours, with undo and redo. The image is shown as stored; the shapes are kept apart
 * as fractions of it (docs/decisions/104). Read-only once the report is certified.
 */
export function AnnotationEditor({ title, sources, image, readOnly, onSave, onClose }: {
  title: string;
  /** The image's addresses, best first: offline the full image may not be in the browser yet, its thumbnail is. */
  sources: string[];
  image: TReportImage; readOnly: boolean; onSave(annotations: TAnnotation[]): void; onClose(): void;
}) {
  const [source, setSource] = useState(0);
  const size = { width: image.width, height: image.height };
  const d = useAnnotationDrawing(image.annotations, size);
  const changed = JSON.stringify(d.shapes) !== JSON.stringify(image.annotations);
  const guard = useCloseGuard(() => changed, onClose);
  const shown = d.drawing ? [...d.shapes, d.drawing] : d.shapes;

  return (
    <Modal opened onClose={guard.requestClose} fullScreen title={<Text fw={700}>{title}</Text>} padding="sm"
      closeButtonProps={{ 'aria-label': 'Close the editor' }}
      styles={{ content: { display: 'flex', flexDirection: 'column' }, body: { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 } }}>
      <Stack gap="xs" style={{ flex: 1, minHeight: 0 }}>
        {!readOnly && (
          <AnnotationToolbar tool={d.tool} color={d.color} canUndo={d.canUndo} canRedo={d.canRedo}
            onTool={d.setTool} onColor={d.setColor} onUndo={d.undo} onRedo={d.redo} />
        )}
        {!readOnly && d.full && <Alert color="yellow" p="xs">{ANNOTATION_MESSAGES.tooMany}</Alert>}
        {!readOnly && d.labelAt && <LabelForm onAdd={d.addLabel} onCancel={d.cancelLabel} />}
        {!readOnly && !d.labelAt && (
          <Text size="sm" c="dimmed">{d.tool === 'text' ? 'Tap where the label goes.' : 'Drag on the image to draw.'}</Text>
        )}
        <div style={{ position: 'relative', flex: 1, minHeight: 200, background: 'var(--mantine-color-dark-7)', borderRadius: 6 }}>
          <img src={sources[source]} alt={image.caption || title} draggable={false}
            onError={() => setSource((i) => Math.min(i + 1, sources.length - 1))}
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', userSelect: 'none' }} />
          <svg viewBox={`0 0 ${size.width} ${size.height}`} preserveAspectRatio="xMidYMid meet" role="img"
            aria-label={`Drawing area: ${d.shapes.length} annotation${d.shapes.length === 1 ? '' : 's'}`}
            data-annotations={d.shapes.length}
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', touchAction: 'none', cursor: readOnly ? 'default' : 'crosshair' }}
            {...(readOnly ? {} : d.handlers)}>
            <AnnotationShapes annotations={shown} width={size.width} height={size.height} />
          </svg>
        </div>
        <Group justify="flex-end" gap="sm">
          {readOnly ? <Button size="md" onClick={onClose}>Close</Button> : (
            <>
              <Button size="md" variant="default" onClick={guard.requestClose}>Cancel</Button>
              <Button size="md" onClick={() => onSave(d.shapes)} disabled={!changed}>Save annotations</Button>
            </>
          )}
        </Group>
      </Stack>
      {guard.question}
    </Modal>
  );
}
