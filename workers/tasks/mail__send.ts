// Sends one mail. Payloads are checked; secrets (a sign-in code, a share link's URL) arrive
// sealed with AUTH_SECRET and are opened only here, in memory. An invitation's payload holds
// no secret at all: its link's secret is minted here, right before the mail, and only its
// sha256 is recorded (app_private.invitation_issue), so a retried job mails a fresh link and
// the older one stops working. Retried by the queue on a driver failure.
import type { Task } from 'graphile-worker';
import { randomToken, sha256, unseal } from '../../core/crypto.ts';
import type { Mail } from '../../core/mail/index.ts';
import { hubLoginCodeMail, invitationMail, loginCodeMail, shareLinkMail, isLoginCodeTool, type InvitationInfo } from '../../core/mail/templates.ts';
import type { WorkerDeps } from '../deps.ts';
import { UUID_RE } from '../../core/ids.ts';

const str = (v: unknown): v is string => typeof v === 'string';

/** The mail a payload asks for, or null when the payload is malformed. */
function mailOf(p: Record<string, unknown>, secret: string, instanceUrl: string): Mail | null {
  if (!p || !str(p.to)) return null;
  if (p.template === 'login_code' && isLoginCodeTool(p.tool) && str(p.sealedCode)) {
    return loginCodeMail(p.to, p.tool, unseal(secret, p.sealedCode), instanceUrl);
  }
  if (p.template === 'hub_login_code' && str(p.sealedCode)) {
    return hubLoginCodeMail(p.to, unseal(secret, p.sealedCode), instanceUrl);
  }
  if (p.template === 'share_link' && str(p.sealedUrl) && str(p.title) && str(p.sender) && (p.message === null || str(p.message))) {
    return shareLinkMail(p.to, p.sender, p.title, unseal(secret, p.sealedUrl), p.message ?? null);
  }
  return null;
}

export function mailSend({ config, mail, pool }: WorkerDeps): Task<'mail__send'> {
  return async (payload) => {
    const p = payload as Record<string, unknown> | null;
    if (p?.template === 'invitation') {
      if (!str(p.invitationId) || !UUID_RE.test(p.invitationId)) throw new Error('mail__send: malformed invitation payload');
      if (!mail) throw new Error('mail__send: this worker has no EMAIL_DRIVER configured; the mail waits for a worker that has one');
      const secret = randomToken(32);
      const { rows } = await pool.query('select app_private.invitation_issue($1, $2) as r', [p.invitationId, sha256(secret)]);
      const info = rows[0].r as InvitationInfo | null;
      if (!info) return; // accepted, revoked or gone since it was queued: nothing to send
      await mail.send(invitationMail(info, `${config.publicUrl}/invitations/${secret}`, config.publicUrl));
      return;
    }
    const m = mailOf(payload as Record<string, unknown>, config.authSecret, config.publicUrl);
    if (!m) throw new Error(`mail__send: unknown or malformed payload (template ${String((payload as { template?: unknown })?.template)})`);
    if (!mail) throw new Error('mail__send: this worker has no EMAIL_DRIVER configured; the mail waits for a worker that has one');
    await mail.send(m);
  };
}
