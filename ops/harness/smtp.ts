// A real SMTP listener on loopback that keeps what it receives.
import { SMTPServer } from 'smtp-server';
import { until } from './until.ts';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export async function startSmtp(): Promise<{ url: string; mails: ReceivedMail[]; waitFor(n: number, ms?: number): Promise<ReceivedMail[]>; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}?tls=off`,
    mails,
    async waitFor(n, ms = 30_000) {
      await until(`${n} mail(s) on the SMTP listener (have ${mails.length})`, async () => mails.length >= n, ms, 50);
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The six-digit code in a sign-in mail. */
export function codeIn(mail: ReceivedMail): string {
  const m = /^\s{4}(\d{6})\s*$/m.exec(mail.raw);
  if (!m) throw new Error('no code in the mail');
  return m[1];
}
