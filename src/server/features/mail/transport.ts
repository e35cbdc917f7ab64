import nodemailer from 'nodemailer';
import type { MailServer } from './settings.ts';

/** Seconds before an unanswering server counts as unreachable: a job never hangs on it. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 };

/** A transport for one run of the queue (no pool: a run sends a handful, and settings may change between runs). */
export function transportFor(server: MailServer) {
  if (server.source === 'environment') return nodemailer.createTransport({ url: server.url, ...TIMEOUTS, logger: false, debug: false });
  return nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.security === 'tls',
    requireTLS: server.security === 'starttls',
    ignoreTLS: server.security === 'none',
    ...(server.username ? { auth: { user: server.username, pass: server.password ?? '' } } : {}),
    ...TIMEOUTS,
    logger: false,
    debug: false,
  });
}

interface SmtpFailure {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
  rejected?: string[];
}

/** One line, no control characters, not a novel: what is stored and shown. */
const oneLine = (text: string, max = 300) => {
  const flat = text.replace(/[\r\n\t]+/g, ' ').replace(/\s{2,}/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const REACH_REASONS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'its name could not be looked up',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
  ECONNRESET: 'the connection was cut',
};

/**
 * A sending failure in words for Sent mail and Send test e-mail: never a stack, never a password
 * (the server's reply text and the system's reason only).
 */
export function describeMailError(error: unknown, server: MailServer, to: string): string {
  const e = (error ?? {}) as SmtpFailure & Error;
  const message = typeof e.message === 'string' ? e.message : String(error);
  const reply = e.response ? oneLine(e.response) : null;
  const where = server.source === 'environment' ? server.label : `${server.host}:${server.port}`;
  if (e.code === 'EAUTH' || e.code === 'ENOAUTH') {
    return `The SMTP server refused the login${reply ? ` (${reply})` : ''}. Check the user name and password.`;
  }
  if (e.code === 'EENVELOPE' || (e.responseCode && e.responseCode >= 500 && /RCPT|recipient/i.test(`${message} ${reply ?? ''}`))) {
    return `The SMTP server refused the address ${to}${reply ? ` (${reply})` : ''}.`;
  }
  const sysCode = Object.keys(REACH_REASONS).find((code) => message.includes(code));
  if (sysCode) return `Could not reach the SMTP server at ${where}: ${REACH_REASONS[sysCode]}.`;
  if (e.code === 'ETIMEDOUT' || /timeout/i.test(message)) return `Could not reach the SMTP server at ${where}: it did not answer in time.`;
  if (e.code === 'ETLS' || /certificate|TLS|SSL/i.test(message)) {
    return `The secure connection to the SMTP server at ${where} failed: ${oneLine(message)}. Check the security setting and the port.`;
  }
  if (e.code === 'ECONNECTION' || e.code === 'ESOCKET' || e.code === 'EDNS') {
    return `Could not reach the SMTP server at ${where}: ${oneLine(message)}.`;
  }
  return `The SMTP server did not accept the message: ${reply ?? oneLine(message)}.`;
}
