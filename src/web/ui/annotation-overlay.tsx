import { drawingOf, type Primitive, type TAnnotation } from '../../core/field-reports/annotations.ts';

const points = (list: [number, number][]) => list.map(([x, y]) => `${x},${y}`).join(' ');

function Shape({ p }: { p: Primitive }) {
  const stroke = { fill: 'none', strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
  switch (p.kind) {
    case 'polyline': return <polyline points={points(p.points)} stroke={p.color} strokeWidth={p.width} {...stroke} />;
    case 'polygon': return <polygon points={points(p.points)} fill={p.color} />;
    case 'ellipse': return <ellipse cx={p.cx} cy={p.cy} rx={p.rx} ry={p.ry} stroke={p.color} strokeWidth={p.width} fill="none" />;
    case 'rect': return <rect x={p.x} y={p.y} width={p.w} height={p.h} stroke={p.color} strokeWidth={p.width} fill="none" />;
    case 'text':
      return (
        <text x={p.x} y={p.y} fontSize={p.size} fontWeight={700} fontFamily="'Noto Sans', 'Helvetica Neue', Arial, sans-serif"
          fill={p.color} stroke={p.halo} strokeWidth={p.haloWidth} strokeLinejoin="round" paintOrder="stroke">{p.text}</text>
      );
  }
}

/** The annotations as SVG in the image's own pixels: the same primitives the PDF draws (src/core/field-reports/annotations.ts). */
export function AnnotationShapes({ annotations, width, height }: { annotations: readonly TAnnotation[]; width: number; height: number }) {
  return drawingOf(annotations, width, height).map((p, i) => <Shape key={i} p={p} />);
}

/**
 * Annotations laid over an image shown with object-fit: contain in the same box: the SVG's view
 * box is the image's pixels and it fits the same way, so every shape lands where it was drawn.
 */
export function AnnotationOverlay({ annotations, width, height }: { annotations: readonly TAnnotation[]; width: number; height: number }) {
  if (annotations.length === 0) return null;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="xMidYMid meet" aria-hidden="true" data-annotations={annotations.length}
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}>
      <AnnotationShapes annotations={annotations} width={width} height={height} />
    </svg>
  );
}
