import { describe, expect, it } from 'vitest';
import { detectImageType, uploadProblem, UPLOAD_MESSAGES } from './images.ts';

const bytes = (...b: number[]) => Uint8Array.from(b);
const withText = (prefix: number[], text: string) => Uint8Array.from([...prefix, ...[...text].map((c) => c.charCodeAt(0))]);

describe('detectImageType', () => {
  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'image/jpeg'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'image/png'],
    ['HEIC', withText([0, 0, 0, 0x18], 'ftypheic0000'), 'image/heic'],
    ['HEIF mif1', withText([0, 0, 0, 0x18], 'ftypmif1'), 'image/heic'],
    ['WebP', withText([], 'RIFF\u0000\u0000\u0000\u0000WEBPVP8 '), 'image/webp'],
    ['PDF', withText([], '%PDF-1.7'), null],
    ['text named .jpg', withText([], 'hello world'), null],
    ['empty', bytes(), null],
    ['PNG cut short', bytes(0x89, 0x50, 0x4e), null],
  ])('%s', (_name, input, expected) => {
    expect(detectImageType(input)).toBe(expected);
  });
});

describe('uploadProblem', () => {
  it.each([
    [bytes(0xff, 0xd8, 0xff, 0xe1), null],
    [withText([0, 0, 0, 0x18], 'ftypheic'), UPLOAD_MESSAGES.heic],
    [withText([], '%PDF-1.7'), UPLOAD_MESSAGES.notImage],
  ])('%#', (input, expected) => {
    expect(uploadProblem(input)).toBe(expected);
  });
});

