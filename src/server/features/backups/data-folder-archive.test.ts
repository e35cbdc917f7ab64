import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES } from '../../../core/backups.ts';
import { readDataFolderArchive } from './data-folder-archive.ts';

/** A ustar header as tar (and PGlite's dumpDataDir) writes it. */
function header(name: string, size: number, type = '0', edit?: (h: Buffer) => void): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, 100, 'utf8');
  h.write('0000600\0', 100);
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  h.write('        ', 148);
  h.write(type, 156);
  h.write('ustar\0' + '00', 257);
  edit?.(h);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}
const file = (name: string, data: Buffer) => [header(name, data.length), data, Buffer.alloc((512 - (data.length % 512)) % 512)];
const END = Buffer.alloc(1024);
const folder = (...extra: Buffer[]) => Buffer.concat([
  header('base/', 0, '5'), ...file('PG_VERSION', Buffer.from('17\n')), ...file('global/pg_control', randomBytes(8192)), ...extra,
]);

const read = (gz: Buffer, maxBytes = 10 * 1024 ** 2) => readDataFolderArchive(Readable.from([gz]), { maxBytes, keep: true });

describe('readDataFolderArchive', () => {
  it.each([
    ['a data folder', folder(END)],
    ['names with a leading slash (dumpDataDir)', Buffer.concat([header('/base/', 0, '5'), ...file('/PG_VERSION', Buffer.from('17\n')), ...file('/global/pg_control', Buffer.alloc(10)), END])],
    ['padding after the end (tar records)', folder(END, Buffer.alloc(8192))],
  ])('accepts %s and returns the tar', async (_label, tar) => {
    expect(Buffer.concat(await read(gzipSync(tar)))).toEqual(tar);
  });

  const whole = gzipSync(folder(END));
  it.each([
    ['random bytes', randomBytes(50_000)],
    ['random bytes behind a gzip header', Buffer.concat([whole.subarray(0, 10), randomBytes(50_000)])],
    ['a gzip cut short', whole.subarray(0, whole.length - 20)],
    ['a gzip with a changed byte (CRC)', Buffer.from(whole).fill(0x41, Math.floor(whole.length / 2), Math.floor(whole.length / 2) + 1)],
    ['bytes after the gzip stream', Buffer.concat([whole, Buffer.from('trailing')])],
    ['a gzip of random bytes', gzipSync(randomBytes(50_000))],
    ['no end marker', gzipSync(folder())],
    ['an entry cut short', gzipSync(folder().subarray(0, 512 * 4 + 100))],
    ['no PG_VERSION', gzipSync(Buffer.concat([...file('global/pg_control', Buffer.alloc(10)), END]))],
    ['a header with a wrong checksum', gzipSync(folder(header('x', 0, '0', () => undefined).fill(0x31, 0, 1), END))],
    ['a name outside the folder', gzipSync(folder(...file('../../etc/passwd', Buffer.from('x')), END))],
    ['a symbolic link', gzipSync(folder(header('base/link', 0, '2'), END))],
    ['a size that is not octal', gzipSync(folder(header('x', 0, '0', (h) => h.write('00000000009\0', 124)), END))],
    ['data after the end marker', gzipSync(folder(END, Buffer.from('more')))],
    ['not a ustar header', gzipSync(folder(header('x', 0, '0', (h) => h.write('gnutar', 257)), END))],
  ])('refuses %s as not a Casebook backup', async (_label, gz) => {
    await expect(read(gz)).rejects.toThrow(BACKUP_MESSAGES.notABackup);
  });

  it('stops reading a dump that expands past the limit (a gzip bomb)', async () => {
    const bomb = gzipSync(folder(...file('base/1/1', Buffer.alloc(20 * 1024 ** 2)), END));
    expect(bomb.length).toBeLessThan(100_000);
    await expect(read(bomb, 1024 ** 2)).rejects.toThrow(BACKUP_MESSAGES.notABackup);
  });
});
