import { describe, expect, it } from 'vitest';
import {
  ANNOTATION_LIMITS, ANNOTATION_MESSAGES, arrowHead, boxOf, clampPoint, drawingOf, hasRoomFor, isTooSmall, metricsFor, thinLine,
  type TAnnotation,
} from './annotations.ts';
import { ZAnnotations } from '../api/annotations.ts';

const p = (x: number, y: number) => ({ x, y });

describe('ZAnnotations', () => {
  it.each([
    ['an arrow', [{ id: 'a', type: 'arrow', color: 'red', from: p(0.1, 0.1), to: p(0.5, 0.5) }], true],
    ['a circle at the edges', [{ id: 'a', type: 'circle', color: 'white', from: p(0, 0), to: p(1, 1) }], true],
    ['a line', [{ id: 'a', type: 'line', color: 'blue', points: [p(0, 0), p(0.2, 0.3)] }], true],
    ['a label', [{ id: 'a', type: 'text', color: 'yellow', at: p(0.3, 0.3), text: 'Mould' }], true],
    ['a point outside the image', [{ id: 'a', type: 'rect', color: 'red', from: p(0, 0), to: p(1.2, 0.5) }], false],
    ['a colour not in the palette', [{ id: 'a', type: 'rect', color: 'pink', from: p(0, 0), to: p(1, 0.5) }], false],
    ['an unknown tool', [{ id: 'a', type: 'star', color: 'red', from: p(0, 0), to: p(1, 0.5) }], false],
    ['a line of one point', [{ id: 'a', type: 'line', color: 'blue', points: [p(0, 0)] }], false],
    ['an empty label', [{ id: 'a', type: 'text', color: 'red', at: p(0.3, 0.3), text: '   ' }], false],
    ['a label too long', [{ id: 'a', type: 'text', color: 'red', at: p(0.3, 0.3), text: 'x'.repeat(81) }], false],
    ['no id', [{ type: 'arrow', color: 'red', from: p(0, 0), to: p(1, 1) }], false],
  ])('%s: valid %s', (_name, input, valid) => {
    expect(ZAnnotations.safeParse(input).success).toBe(valid);
  });

  it('refuses more line points in all than the limit', () => {
    const line = (i: number) => ({ id: `l${i}`, type: 'line', color: 'red', points: Array.from({ length: 400 }, (_, k) => p(k / 400, 0.5)) });
    expect(ZAnnotations.safeParse(Array.from({ length: 6 }, (_, i) => line(i))).success).toBe(true);
    expect(ZAnnotations.safeParse(Array.from({ length: 7 }, (_, i) => line(i))).error?.issues[0]?.message).toBe(ANNOTATION_MESSAGES.tooMany);
  });

  it('refuses more shapes than the limit, in words', () => {
    const many = Array.from({ length: ANNOTATION_LIMITS.shapes + 1 }, (_, i) => ({ id: `a${i}`, type: 'rect', color: 'red', from: p(0, 0), to: p(1, 1) }));
    const result = ZAnnotations.safeParse(many);
    expect(result.error?.issues[0]?.message).toBe(ANNOTATION_MESSAGES.tooMany);
  });
});

describe('metricsFor', () => {
  it.each([
    // width, height, stroke, head, font: from the shorter side, so a thumbnail and the full image look the same.
    [1600, 1200, 12, 60, 66],
    [320, 240, 2.4, 12, 13.2],
    [1200, 1600, 12, 60, 66],
    [0, 0, 0.01, 0.05, 0.055],
  ])('%i x %i', (w, h, stroke, head, font) => {
    const m = metricsFor(w, h);
    expect(m.stroke).toBeCloseTo(stroke);
    expect(m.head).toBeCloseTo(head);
    expect(m.font).toBeCloseTo(font);
  });
});

describe('arrowHead', () => {
  it.each([
    // from, to, head size → the two wing points
    [[0, 0], [100, 0], 20, [[100, 0], [82.34, 9.39], [82.34, -9.39]]],
    [[0, 0], [0, 100], 20, [[0, 100], [-9.39, 82.34], [9.39, 82.34]]],
    // A short arrow: the head is at most half of it.
    [[0, 0], [10, 0], 20, [[10, 0], [5.59, 2.35], [5.59, -2.35]]],
  ] as const)('%j → %j', (from, to, head, expected) => {
    expect(arrowHead([...from], [...to], head).head).toEqual(expected);
  });

  it('ends the shaft inside the head', () => {
    expect(arrowHead([0, 0], [100, 0], 20).shaftEnd).toEqual([85.87, 0]);
  });

  it('draws nothing out of a zero-length arrow', () => {
    expect(arrowHead([5, 5], [5, 5], 20).head).toEqual([[5, 5], [5, 5], [5, 5]]);
  });
});

describe('drawingOf', () => {
  const shapes: TAnnotation[] = [
    { id: '1', type: 'circle', color: 'red', from: p(0.5, 0.5), to: p(0.25, 0.25) },
    { id: '2', type: 'rect', color: 'blue', from: p(0.75, 0.5), to: p(0.5, 1) },
    { id: '3', type: 'text', color: 'yellow', at: p(0.1, 0.9), text: 'Crack' },
    { id: '4', type: 'text', color: 'blue', at: p(0.1, 0.9), text: 'Stain' },
    { id: '5', type: 'line', color: 'black', points: [p(0, 0), p(0.5, 0.25), p(1, 1)] },
  ];

  it('scales fractions to the image and sizes strokes from it', () => {
    expect(drawingOf(shapes, 800, 400)).toEqual([
      { kind: 'ellipse', cx: 300, cy: 150, rx: 100, ry: 50, color: '#dc2626', width: 4 },
      { kind: 'rect', x: 400, y: 200, w: 200, h: 200, color: '#2563eb', width: 4 },
      { kind: 'text', x: 80, y: 360, text: 'Crack', size: 22, color: '#facc15', halo: '#111111', haloWidth: 5.5 },
      { kind: 'text', x: 80, y: 360, text: 'Stain', size: 22, color: '#2563eb', halo: '#ffffff', haloWidth: 5.5 },
      { kind: 'polyline', points: [[0, 0], [400, 100], [800, 400]], color: '#111111', width: 4 },
    ]);
  });

  it('draws the same picture at any size (a thumbnail is the image scaled down)', () => {
    const arrow: TAnnotation[] = [{ id: 'a', type: 'arrow', color: 'red', from: p(0.1, 0.2), to: p(0.7, 0.6) }];
    const big = drawingOf(arrow, 1600, 1200);
    const small = drawingOf(arrow, 320, 240);
    const scaled = JSON.stringify(big, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v / 5) : v));
    const same = JSON.stringify(small, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v) : v));
    expect(scaled).toBe(same);
  });
});

describe('helpers', () => {
  it.each([
    [0, 0, true], [59, 0, true], [60, 0, false], [5, 2000, true], [6, 2001, false],
  ])('hasRoomFor %i shapes with %i line points: %s', (shapes, points, expected) => {
    const list: TAnnotation[] = Array.from({ length: shapes }, (_, i) => ({ id: `r${i}`, type: 'rect', color: 'red', from: p(0, 0), to: p(1, 1) }));
    if (points) list[0] = { id: 'l', type: 'line', color: 'red', points: Array.from({ length: points }, () => p(0.5, 0.5)) };
    expect(hasRoomFor(list)).toBe(expected);
  });

  it('boxOf spans two corners drawn in any direction', () => {
    expect(boxOf(p(0.6, 0.2), p(0.2, 0.8))).toEqual({ x: 0.2, y: 0.2, w: expect.closeTo(0.4), h: expect.closeTo(0.6) });
  });

  it.each([
    [[-0.2, 0.5], { x: 0, y: 0.5 }],
    [[1.4, 1.00001], { x: 1, y: 1 }],
    [[0.123456, 0.5], { x: 0.1235, y: 0.5 }],
  ])('clampPoint %j', ([x, y], expected) => {
    expect(clampPoint(x!, y!)).toEqual(expected);
  });

  it('thinLine drops points that barely moved and keeps the end', () => {
    expect(thinLine([p(0, 0), p(0.001, 0), p(0.1, 0), p(0.101, 0)])).toEqual([p(0, 0), p(0.101, 0)]);
  });

  it('thinLine keeps at most the limit', () => {
    const long = Array.from({ length: 1000 }, (_, i) => p(i / 1000, 0.5));
    const thin = thinLine(long, 0);
    expect(thin).toHaveLength(ANNOTATION_LIMITS.linePoints);
    expect(thin[0]).toEqual(p(0, 0.5));
    expect(thin.at(-1)).toEqual(p(0.999, 0.5));
  });

  it.each([
    [{ id: 'a', type: 'arrow', color: 'red', from: p(0.5, 0.5), to: p(0.505, 0.5) }, true],
    [{ id: 'a', type: 'circle', color: 'red', from: p(0.5, 0.5), to: p(0.6, 0.5) }, false],
    [{ id: 'a', type: 'text', color: 'red', at: p(0.5, 0.5), text: 'x' }, false],
    [{ id: 'a', type: 'line', color: 'red', points: [p(0.5, 0.5)] }, true],
  ] as const)('isTooSmall %#', (shape, expected) => {
    expect(isTooSmall(shape as TAnnotation)).toBe(expected);
  });
});
