// Annotations drawn on a report image (docs/decisions/104): arrows, circles, rectangles, free lines
// and text labels, kept apart from the image with every point as a fraction (0..1) of its width and
// height, so they fit any copy of it (thumbnail, editor, PDF). Both the screen (SVG) and the PDF
// (pdfkit) draw the same primitives from `drawingOf`, sized from the image, never from the screen.

export const ANNOTATION_TOOLS = ['arrow', 'circle', 'rect', 'line', 'text'] as const;
export type AnnotationTool = (typeof ANNOTATION_TOOLS)[number];
export const TOOL_LABELS: Record<AnnotationTool, string> = { arrow: 'Arrow', circle: 'Circle', rect: 'Rectangle', line: 'Line', text: 'Text' };

/** The palette: strong colours that read on most photos, plus white and black. */
export const ANNOTATION_COLORS = { red: '#dc2626', yellow: '#facc15', blue: '#2563eb', white: '#ffffff', black: '#111111' } as const;
export type AnnotationColor = keyof typeof ANNOTATION_COLORS;
export const COLOR_LABELS: Record<AnnotationColor, string> = { red: 'Red', yellow: 'Yellow', blue: 'Blue', white: 'White', black: 'Black' };
const LIGHT: readonly AnnotationColor[] = ['yellow', 'white'];

/** Per image: shapes, points of one free line, points of all its lines (keeps a report's answer small), label length. */
export const ANNOTATION_LIMITS = { shapes: 60, linePoints: 400, points: 2400, textLength: 80 } as const;

/** Sizes as fractions of the image's shorter side. */
export const ANNOTATION_SIZES = { stroke: 0.01, head: 0.05, font: 0.055, halo: 0.25 } as const;

export const ANNOTATION_MESSAGES = {
  tooMany: `An image can hold at most ${ANNOTATION_LIMITS.shapes} annotations. Please remove some first.`,
  tooLong: `A label can be at most ${ANNOTATION_LIMITS.textLength} characters.`,
  emptyText: 'Please type the words of the label.',
} as const;

export interface TPoint { x: number; y: number }
interface Shape { id: string; color: AnnotationColor }
interface TwoPoints extends Shape { from: TPoint; to: TPoint }
/** One annotation (its schema: ZAnnotation in api/annotations.ts, which the screen's first load never needs). */
export type TAnnotation =
  | (TwoPoints & { type: 'arrow' }) | (TwoPoints & { type: 'circle' }) | (TwoPoints & { type: 'rect' })
  | (Shape & { type: 'line'; points: TPoint[] })
  | (Shape & { type: 'text'; at: TPoint; text: string });
/** Points of the free lines (the other shapes have one or two). */
export const linePoints = (annotations: readonly TAnnotation[]) => annotations.reduce((n, a) => n + (a.type === 'line' ? a.points.length : 0), 0);
/** Whether another shape fits: room for one more, and for a whole free line's points. */
export const hasRoomFor = (annotations: readonly TAnnotation[]) =>
  annotations.length < ANNOTATION_LIMITS.shapes && linePoints(annotations) + ANNOTATION_LIMITS.linePoints <= ANNOTATION_LIMITS.points;

/** What the screen and the PDF draw, in the image's own pixels (y down). */
export type Primitive =
  | { kind: 'polyline'; points: [number, number][]; color: string; width: number }
  | { kind: 'polygon'; points: [number, number][]; color: string }
  | { kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number; color: string; width: number }
  | { kind: 'rect'; x: number; y: number; w: number; h: number; color: string; width: number }
  /** x, y: the start of the text's baseline; halo: a contrasting outline so it reads on any photo. */
  | { kind: 'text'; x: number; y: number; text: string; size: number; color: string; halo: string; haloWidth: number };

export interface Metrics {
  stroke: number;
  head: number;
  font: number;
}

/** Stroke width, arrow-head length and label size for an image of this size. */
export function metricsFor(width: number, height: number): Metrics {
  const short = Math.max(1, Math.min(width, height));
  return { stroke: short * ANNOTATION_SIZES.stroke, head: short * ANNOTATION_SIZES.head, font: short * ANNOTATION_SIZES.font };
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The head of an arrow pointing at `to`: a filled triangle whose tip is the end point, 28° each
 * side, never longer than half the shaft. The shaft stops inside the head so its end stays sharp.
 */
export function arrowHead(from: [number, number], to: [number, number], head: number) {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const length = Math.hypot(dx, dy);
  if (length === 0) return { shaftEnd: to, head: [to, to, to] as [number, number][] };
  const size = Math.min(head, length / 2);
  const angle = Math.atan2(dy, dx);
  const spread = (28 * Math.PI) / 180;
  const wing = (a: number): [number, number] => [round(to[0] - size * Math.cos(a)), round(to[1] - size * Math.sin(a))];
  const back = size * Math.cos(spread) * 0.8;
  const shaftEnd: [number, number] = [round(to[0] - back * Math.cos(angle)), round(to[1] - back * Math.sin(angle))];
  return { shaftEnd, head: [to, wing(angle - spread), wing(angle + spread)] as [number, number][] };
}

/** The box two corner points span (drawn in any direction). */
export function boxOf(from: TPoint, to: TPoint) {
  return { x: Math.min(from.x, to.x), y: Math.min(from.y, to.y), w: Math.abs(to.x - from.x), h: Math.abs(to.y - from.y) };
}

/** Every annotation as primitives in the pixels of an image width × height. */
export function drawingOf(annotations: readonly TAnnotation[], width: number, height: number): Primitive[] {
  const m = metricsFor(width, height);
  const px = (p: TPoint): [number, number] => [round(p.x * width), round(p.y * height)];
  const width2 = round(m.stroke);
  return annotations.flatMap((a): Primitive[] => {
    const color = ANNOTATION_COLORS[a.color];
    switch (a.type) {
      case 'arrow': {
        const { shaftEnd, head } = arrowHead(px(a.from), px(a.to), m.head);
        return [{ kind: 'polyline', points: [px(a.from), shaftEnd], color, width: width2 }, { kind: 'polygon', points: head, color }];
      }
      case 'circle': {
        const b = boxOf(a.from, a.to);
        return [{ kind: 'ellipse', cx: round((b.x + b.w / 2) * width), cy: round((b.y + b.h / 2) * height),
          rx: round((b.w / 2) * width), ry: round((b.h / 2) * height), color, width: width2 }];
      }
      case 'rect': {
        const b = boxOf(a.from, a.to);
        return [{ kind: 'rect', x: round(b.x * width), y: round(b.y * height), w: round(b.w * width), h: round(b.h * height), color, width: width2 }];
      }
      case 'line': return [{ kind: 'polyline', points: a.points.map(px), color, width: width2 }];
      case 'text': {
        const [x, y] = px(a.at);
        const halo = LIGHT.includes(a.color) ? ANNOTATION_COLORS.black : ANNOTATION_COLORS.white;
        return [{ kind: 'text', x, y, text: a.text, size: round(m.font), color, halo, haloWidth: round(m.font * ANNOTATION_SIZES.halo) }];
      }
    }
  });
}

/**
 * A freehand line with points closer than `minStep` (a fraction of the image) to the last kept one
 * dropped, and at most the limit kept (evenly thinned), so a long scribble stays a small save.
 */
export function thinLine(points: readonly TPoint[], minStep = 0.004): TPoint[] {
  const kept: TPoint[] = [];
  for (const p of points) {
    const last = kept[kept.length - 1];
    if (!last || Math.hypot(p.x - last.x, p.y - last.y) >= minStep) kept.push(p);
  }
  const end = points[points.length - 1];
  if (end && kept.length > 1 && kept[kept.length - 1] !== end) kept[kept.length - 1] = end;
  const max = ANNOTATION_LIMITS.linePoints;
  if (kept.length <= max) return kept;
  return Array.from({ length: max }, (_, i) => kept[Math.round((i * (kept.length - 1)) / (max - 1))]!);
}

/** A point clamped into the image (a drag may leave it). */
export const clampPoint = (x: number, y: number): TPoint => ({
  x: Math.round(Math.min(1, Math.max(0, x)) * 10000) / 10000,
  y: Math.round(Math.min(1, Math.max(0, y)) * 10000) / 10000,
});

/** A shape too small to mean anything (a tap with a drawing tool) is not kept. */
export function isTooSmall(a: TAnnotation): boolean {
  if (a.type === 'text') return false;
  if (a.type === 'line') return a.points.length < 2;
  return Math.hypot(a.to.x - a.from.x, a.to.y - a.from.y) < 0.01;
}
