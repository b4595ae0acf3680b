// Mail drivers behind one interface. Mails are sent by the `mail__send` job on worker
// replicas, never inside a request. Every outbound call has a timeout.
import nodemailer from 'nodemailer';
import type pg from 'pg';
import type { Config } from '../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface MailDriver {
  readonly name: string;
  send(mail: Mail): Promise<void>;
}

const TIMEOUT_MS = 15_000;

async function postJson(url: string, headers: Record<string, string>, body: unknown, what: string): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`${what} refused the mail: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
}

export function parseFrom(from: string): { name?: string; email: string } {
  const m = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(from);
  return m ? { name: m[1] || undefined, email: m[2] } : { email: from.trim() };
}

/** Where a mail of this instance ends up, in one sentence for people (null: a mail service delivers it). */
export function outboxHint(config: Config): string | null {
  if (config.emailDriver !== 'outbox') return null;
  return `This instance keeps its mail in an outbox instead of sending it: the operator reads it with \`npx podium mail list\` or at ${config.publicUrl}/operator/mail.`;
}

/** One line at every boot (printed by `podium start` beside the setup link): where this instance's mail goes. */
export function mailBanner(config: Config): string {
  switch (config.emailDriver) {
    case 'outbox':
      return `Mail: kept in the outbox, not sent (EMAIL_DRIVER=outbox, the default). Read it with \`npx podium mail list\` or at ${config.publicUrl}/operator/mail (instance operators: podium operator list).`;
    case null:
      return 'Mail: off (EMAIL_DRIVER=none): no sign-in codes, invitations or share links are mailed.';
    default:
      return `Mail: sent through ${config.emailDriver} (EMAIL_DRIVER=${config.emailDriver}).`;
  }
}

/**
 * Said at start-up and on the outbox page when strangers share the instance: with more than
 * one workspace, the outbox holds every tenant's sign-in codes and the operator reads them.
 */
export function sharedOutboxWarning(config: Config, workspaces: number): string | null {
  if (config.emailDriver !== 'outbox' || workspaces < 2) return null;
  return `This instance holds ${workspaces} workspaces and keeps its mail in the outbox: every instance operator (podium operator list) can read every tenant's sign-in codes and invitations, and so sign in as anyone. Set EMAIL_DRIVER=smtp (or resend, brevo) to send mail instead (docs/OPERATIONS.md, "Mail").`;
}

/**
 * The configured driver, or null with EMAIL_DRIVER=none. The outbox (the default) stores
 * each mail in app_private.mail_outbox through `pool`, for the operator to read.
 */
export function createMailDriver(config: Config, pool?: pg.Pool): MailDriver | null {
  switch (config.emailDriver) {
    case 'outbox': {
      if (!pool) throw new Error('the outbox mail driver needs the database pool');
      return {
        name: 'outbox',
        send: async (m) => void (await pool.query('select app_private.mail_outbox_store($1, $2, $3)', [m.to, m.subject, m.text])),
      };
    }
    case 'smtp': {
      const u = new URL(config.smtpUrl!);
      const transport = nodemailer.createTransport({
        host: u.hostname,
        port: Number(u.port) || (u.protocol === 'smtps:' ? 465 : 587),
        secure: u.protocol === 'smtps:',
        auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
        ignoreTLS: u.searchParams.get('tls') === 'off', // loopback test listeners speak plain SMTP
        connectionTimeout: TIMEOUT_MS,
        greetingTimeout: TIMEOUT_MS,
        socketTimeout: TIMEOUT_MS,
      });
      return { name: 'smtp', send: async (m) => void (await transport.sendMail({ from: config.mailFrom, to: m.to, subject: m.subject, text: m.text })) };
    }
    case 'resend':
      return {
        name: 'resend',
        send: (m) => postJson(`${config.resendApiUrl}/emails`, { authorization: `Bearer ${config.resendApiKey}` },
          { from: config.mailFrom, to: [m.to], subject: m.subject, text: m.text }, 'Resend'),
      };
    case 'brevo':
      return {
        name: 'brevo',
        send: (m) => postJson(`${config.brevoApiUrl}/v3/smtp/email`, { 'api-key': config.brevoApiKey! },
          { sender: parseFrom(config.mailFrom), to: [{ email: m.to }], subject: m.subject, textContent: m.text }, 'Brevo'),
      };
    default:
      return null;
  }
}
