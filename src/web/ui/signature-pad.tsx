import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

const WIDTH = 600;
const HEIGHT = 180;

/**
 * Draw a signature with a finger, pen or mouse. Reports a PNG data URL after each stroke, or
 * null when cleared. The canvas keeps a fixed drawing size and scales to the width available.
 */
export function SignaturePad({ onChange }: { onChange(dataUrl: string | null): void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.lineWidth = 3;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#0b1f4d';
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - rect.left) / rect.width) * WIDTH, y: ((e.clientY - rect.top) / rect.height) * HEIGHT };
  };
  const clear = () => {
    canvas.current?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
    setEmpty(true);
    onChange(null);
  };

  return (
    <div>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        aria-label="Signature pad"
        role="img"
        style={{ width: '100%', maxWidth: WIDTH, aspectRatio: `${WIDTH} / ${HEIGHT}`, border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 6, touchAction: 'none', background: '#fff' }}
        onPointerDown={(e) => {
          const ctx = canvas.current?.getContext('2d');
          if (!ctx) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          drawing.current = true;
          const p = point(e);
          ctx.beginPath();
          ctx.moveTo(p.x, p.y);
          ctx.lineTo(p.x + 0.1, p.y + 0.1);
          ctx.stroke();
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const ctx = canvas.current?.getContext('2d');
          const p = point(e);
          ctx?.lineTo(p.x, p.y);
          ctx?.stroke();
        }}
        onPointerUp={() => {
          if (!drawing.current) return;
          drawing.current = false;
          setEmpty(false);
          onChange(canvas.current?.toDataURL('image/png') ?? null);
        }}
      />
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">{empty ? 'Sign above with your finger, pen or mouse.' : 'Signed.'}</Text>
        <Button size="xs" variant="subtle" onClick={clear} disabled={empty}>Clear</Button>
      </Group>
    </div>
  );
}

/** A data URL as a Blob (to upload a drawn signature as a file). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head, data] = dataUrl.split(',');
  const type = /data:([^;]+)/.exec(head ?? '')?.[1] ?? 'image/png';
  const bytes = Uint8Array.from(atob(data ?? ''), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}
