import { drawingOf, type Primitive, type TAnnotation } from '../../core/field-reports/annotations.ts';
import type { Doc } from './document.ts';
import { FONT } from './fonts.ts';

/** Where `doc.image(…, { fit, align: 'center', valign: 'center' })` puts an image of width × height in a box. */
export function fittedBox(box: { x: number; y: number; w: number; h: number }, width: number, height: number) {
  const scale = Math.min(box.w / width, box.h / height);
  const w = width * scale;
  const h = height * scale;
  return { x: box.x + (box.w - w) / 2, y: box.y + (box.h - h) / 2, w, h, scale };
}

function draw(doc: Doc, p: Primitive) {
  switch (p.kind) {
    case 'polyline': {
      const [first, ...rest] = p.points;
      if (!first) return;
      doc.moveTo(...first);
      for (const point of rest) doc.lineTo(...point);
      doc.lineWidth(p.width).lineCap('round').lineJoin('round').strokeColor(p.color).stroke();
      return;
    }
    case 'polygon': doc.polygon(...p.points).fillColor(p.color).fill(); return;
    case 'ellipse': doc.ellipse(p.cx, p.cy, p.rx, p.ry).lineWidth(p.width).strokeColor(p.color).stroke(); return;
    case 'rect': doc.rect(p.x, p.y, p.w, p.h).lineWidth(p.width).lineJoin('miter').strokeColor(p.color).stroke(); return;
    case 'text': {
      // The halo first (an outline as wide as the screen's), then the letters over it.
      const options = { lineBreak: false, baseline: 'alphabetic' } as const;
      doc.font(FONT.bold).fontSize(p.size);
      doc.lineWidth(p.haloWidth).lineJoin('round').strokeColor(p.halo).text(p.text, p.x, p.y, { ...options, stroke: true, fill: false });
      doc.fillColor(p.color).text(p.text, p.x, p.y, { ...options, stroke: false, fill: true });
      return;
    }
  }
}

/**
 * Draws an image's annotations over it where it was placed (docs/decisions/104): the same
 * primitives as the screen's SVG, in the image's pixels, scaled to the placed box.
 */
export function drawAnnotations(doc: Doc, annotations: readonly TAnnotation[], placed: { x: number; y: number; scale: number },
  width: number, height: number) {
  if (annotations.length === 0) return;
  const { x, y } = doc;
  doc.save();
  doc.translate(placed.x, placed.y).scale(placed.scale);
  for (const primitive of drawingOf(annotations, width, height)) draw(doc, primitive);
  doc.restore();
  doc.x = x;
  doc.y = y;
}
