// Sends one mail. Payloads are checked; secrets (a sign-in code, a share link's URL) arrive
// sealed with AUTH_SECRET and are opened only here, in memory. An invitation's payload holds
// no secret at all: its link's secret is minted here, right before the mail, and only its
// sha256 is recorded (app_private.invitation_issue), so a retried job mails a fresh link and
// the older one stops working. Retried by the queue on a driver failure.
import type { Task } from 'graphile-worker';
import { randomToken, sha256, unseal } from '../../core/crypto.ts';
import type { Mail } from '../../core/mail/index.ts';
import { hubLoginCodeMail, invitationMail, loginCodeMail, shareLinkMail, type InvitationInfo } from '../../core/mail/templates.ts';
import type { WorkerDeps } from '../deps.ts';
import { parseJob, type MailPayload } from '../../core/wire/jobs.ts';

/** The mail a parsed payload asks for (an invitation's is made by the task: it mints the link). */
function mailOf(p: Exclude<MailPayload, { template: 'invitation' }>, secret: string, instanceUrl: string): Mail {
  switch (p.template) {
    case 'login_code': return loginCodeMail(p.to, p.tool, unseal(secret, p.sealedCode), instanceUrl);
    case 'hub_login_code': return hubLoginCodeMail(p.to, unseal(secret, p.sealedCode), instanceUrl);
    case 'share_link': return shareLinkMail(p.to, p.sender, p.title, unseal(secret, p.sealedUrl), p.message);
  }
}

/** How a payload that does not fit is refused: an invitation's apart, the rest by its template. */
const malformed = (payload: unknown) => {
  const template = (payload as { template?: unknown } | null)?.template;
  return template === 'invitation' ? 'mail__send: malformed invitation payload' : `mail__send: unknown or malformed payload (template ${String(template)})`;
};

export function mailSend({ config, mail, pool }: WorkerDeps): Task<'mail__send'> {
  return async (raw) => {
    const p = parseJob('mail__send', raw, malformed);
    if (p.template === 'invitation') {
      if (!mail) throw new Error('mail__send: this worker has no EMAIL_DRIVER configured; the mail waits for a worker that has one');
      const secret = randomToken(32);
      const { rows } = await pool.query('select app_private.invitation_issue($1, $2) as r', [p.invitationId, sha256(secret)]);
      const info = rows[0].r as InvitationInfo | null;
      if (!info) return; // accepted, revoked or gone since it was queued: nothing to send
      await mail.send(invitationMail(info, `${config.publicUrl}/invitations/${secret}`, config.publicUrl));
      return;
    }
    const m = mailOf(p, config.authSecret, config.publicUrl);
    if (!mail) throw new Error('mail__send: this worker has no EMAIL_DRIVER configured; the mail waits for a worker that has one');
    await mail.send(m);
  };
}
