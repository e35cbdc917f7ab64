import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** What the test SMTP server does with a login or a recipient: the test changes it between runs. */
export interface SmtpBehaviour {
  /** Refuse every login (535). */
  refuseLogin: boolean;
  /** Recipients refused with 550. */
  refuseRecipients: string[];
  /** The user and password it accepts (when a login is made). */
  user: string;
  password: string;
}

export interface TestSmtpServer {
  port: number;
  /** Every message accepted, parsed by mailparser as a mail client would read it. */
  received: ParsedMail[];
  behaviour: SmtpBehaviour;
  /** Resolves once `count` messages have arrived. */
  waitFor(count: number, ms?: number): Promise<void>;
  close(): Promise<void>;
}

/** A real SMTP server (smtp-server) on 127.0.0.1 at a random port, plain (no TLS), login optional. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const behaviour: SmtpBehaviour = { refuseLogin: false, refuseRecipients: [], user: 'mailer', password: 'smtp password 1' };
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (behaviour.refuseLogin || auth.username !== behaviour.user || auth.password !== behaviour.password) {
        const error = Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 });
        callback(error);
        return;
      }
      callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      if (behaviour.refuseRecipients.includes(address.address)) {
        callback(Object.assign(new Error(`No such user here: ${address.address}`), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    behaviour,
    async waitFor(count, ms = 10_000) {
      const end = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > end) throw new Error(`expected ${count} messages, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port on 127.0.0.1 where nothing listens (opened, read, closed). */
export async function closedPort(): Promise<number> {
  const server = new SMTPServer({ logger: false });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
