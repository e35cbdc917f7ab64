import { useRef, useState } from 'react';
import {
  ANNOTATION_LIMITS, clampPoint, hasRoomFor, isTooSmall, thinLine, type AnnotationColor, type AnnotationTool, type TAnnotation, type TPoint,
} from '../../../core/field-reports/annotations.ts';
import { newId } from '../../lib/new-id.ts';

interface History {
  past: TAnnotation[][];
  present: TAnnotation[];
  future: TAnnotation[][];
}

/** Where a pointer is, as a fraction of the image, from the SVG whose view box is the image's pixels. */
function pointOf(svg: SVGSVGElement, e: React.PointerEvent, width: number, height: number): TPoint {
  const matrix = svg.getScreenCTM();
  if (!matrix) return clampPoint(0, 0);
  const at = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
  return clampPoint(at.x / width, at.y / height);
}

function started(tool: Exclude<AnnotationTool, 'text'>, color: AnnotationColor, at: TPoint): TAnnotation {
  const id = newId();
  return tool === 'line' ? { id, type: 'line', color, points: [at] } : { id, type: tool, color, from: at, to: at };
}

/**
 * The editor's state: the shapes with undo and redo, the tool and colour, the shape being drawn
 * (pointer events: a finger, a pen or a mouse alike) and where a text label waits for its words.
 */
export function useAnnotationDrawing(initial: readonly TAnnotation[], size: { width: number; height: number }) {
  const [history, setHistory] = useState<History>({ past: [], present: [...initial], future: [] });
  const [tool, setTool] = useState<AnnotationTool>('arrow');
  const [color, setColor] = useState<AnnotationColor>('red');
  const [drawing, setDrawing] = useState<TAnnotation | null>(null);
  const [labelAt, setLabelAt] = useState<TPoint | null>(null);
  const pointer = useRef<number | null>(null);
  const full = !hasRoomFor(history.present);

  const commit = (shape: TAnnotation) => setHistory((h) => ({ past: [...h.past, h.present], present: [...h.present, shape], future: [] }));
  const undo = () => setHistory((h) => (h.past.length ? { past: h.past.slice(0, -1), present: h.past.at(-1)!, future: [h.present, ...h.future] } : h));
  const redo = () => setHistory((h) => (h.future.length ? { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1) } : h));

  const handlers = {
    onPointerDown(e: React.PointerEvent<SVGSVGElement>) {
      if (pointer.current !== null || full || (e.pointerType === 'mouse' && e.button !== 0)) return;
      const at = pointOf(e.currentTarget, e, size.width, size.height);
      if (tool === 'text') {
        setLabelAt(at);
        return;
      }
      e.currentTarget.setPointerCapture(e.pointerId);
      pointer.current = e.pointerId;
      setDrawing(started(tool, color, at));
    },
    onPointerMove(e: React.PointerEvent<SVGSVGElement>) {
      if (pointer.current !== e.pointerId) return;
      const at = pointOf(e.currentTarget, e, size.width, size.height);
      setDrawing((d) => (!d ? d : d.type === 'line' ? { ...d, points: [...d.points, at] } : d.type === 'text' ? d : { ...d, to: at }));
    },
    onPointerUp(e: React.PointerEvent<SVGSVGElement>) {
      if (pointer.current !== e.pointerId) return;
      pointer.current = null;
      const at = pointOf(e.currentTarget, e, size.width, size.height);
      const done = !drawing ? null
        : drawing.type === 'line' ? { ...drawing, points: thinLine([...drawing.points, at]) }
          : drawing.type === 'text' ? drawing : { ...drawing, to: at };
      setDrawing(null);
      if (done && !isTooSmall(done)) commit(done);
    },
    onPointerCancel() {
      pointer.current = null;
      setDrawing(null);
    },
  };

  const addLabel = (text: string) => {
    if (!labelAt || !text.trim()) return;
    commit({ id: newId(), type: 'text', color, at: labelAt, text: text.trim().slice(0, ANNOTATION_LIMITS.textLength) });
    setLabelAt(null);
  };

  return {
    shapes: history.present, drawing, tool, color, labelAt, full, handlers,
    canUndo: history.past.length > 0, canRedo: history.future.length > 0,
    setTool: (next: AnnotationTool) => { setTool(next); setLabelAt(null); },
    setColor, undo, redo, addLabel, cancelLabel: () => setLabelAt(null),
  };
}
