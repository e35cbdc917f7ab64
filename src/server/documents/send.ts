import type { FastifyReply } from 'fastify';

/** Sends a PDF as a download with its file name (ASCII fallback plus the exact UTF-8 name). */
export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]/g, '');
  return reply
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('cache-control', 'private, no-store')
    .type('application/pdf')
    .send(pdf);
}
