import { ActionIcon, Group, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconArrowBackUp, IconArrowForwardUp, IconArrowUpRight, IconCircle, IconLetterT, IconScribble, IconSquare, type Icon,
} from '@tabler/icons-react';
import {
  ANNOTATION_COLORS, ANNOTATION_TOOLS, COLOR_LABELS, TOOL_LABELS, type AnnotationColor, type AnnotationTool,
} from '../../../core/field-reports/annotations.ts';

const ICONS: Record<AnnotationTool, Icon> = { arrow: IconArrowUpRight, circle: IconCircle, rect: IconSquare, line: IconScribble, text: IconLetterT };
/** A thumb's target (WCAG 2.5.5): every button of the editor is at least this big. */
const TARGET = 44;

/** Tools, colours, undo and redo: one row each on a phone, all within its width. */
export function AnnotationToolbar({ tool, color, canUndo, canRedo, onTool, onColor, onUndo, onRedo }: {
  tool: AnnotationTool; color: AnnotationColor; canUndo: boolean; canRedo: boolean;
  onTool(tool: AnnotationTool): void; onColor(color: AnnotationColor): void; onUndo(): void; onRedo(): void;
}) {
  return (
    <Group gap="xs" justify="space-between" wrap="wrap">
      <Group gap={4} role="group" aria-label="Drawing tool" wrap="nowrap">
        {ANNOTATION_TOOLS.map((t) => {
          const ToolIcon = ICONS[t];
          return (
            <Tooltip key={t} label={TOOL_LABELS[t]} openDelay={500}>
              <ActionIcon size={TARGET} variant={tool === t ? 'filled' : 'default'} aria-label={TOOL_LABELS[t]} aria-pressed={tool === t}
                onClick={() => onTool(t)}>
                <ToolIcon size={22} />
              </ActionIcon>
            </Tooltip>
          );
        })}
      </Group>
      <Group gap={4} role="group" aria-label="Colour" wrap="nowrap">
        {(Object.keys(ANNOTATION_COLORS) as AnnotationColor[]).map((c) => (
          <UnstyledButton key={c} aria-label={COLOR_LABELS[c]} aria-pressed={color === c} onClick={() => onColor(c)}
            style={{ width: TARGET, height: TARGET, display: 'grid', placeItems: 'center', borderRadius: 8,
              outline: color === c ? '3px solid var(--mantine-color-indigo-6)' : 'none', outlineOffset: -3 }}>
            <span style={{ width: 26, height: 26, borderRadius: '50%', background: ANNOTATION_COLORS[c], border: '1px solid #6b7280' }} />
          </UnstyledButton>
        ))}
      </Group>
      <Group gap={4} wrap="nowrap">
        <ActionIcon size={TARGET} variant="default" aria-label="Undo" disabled={!canUndo} onClick={onUndo}><IconArrowBackUp size={22} /></ActionIcon>
        <ActionIcon size={TARGET} variant="default" aria-label="Redo" disabled={!canRedo} onClick={onRedo}><IconArrowForwardUp size={22} /></ActionIcon>
      </Group>
    </Group>
  );
}
