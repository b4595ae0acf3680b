// Sends one mail. Payloads are checked; secrets (a sign-in code, a share link's URL) arrive
// sealed with AUTH_SECRET and are opened only here, in memory. Retried by the queue on a
// driver failure.
import type { Task } from 'graphile-worker';
import { unseal } from '../../core/crypto.ts';
import type { Mail } from '../../core/mail/index.ts';
import { hubLoginCodeMail, loginCodeMail, shareLinkMail } from '../../core/mail/templates.ts';
import type { WorkerDeps } from '../index.ts';

const str = (v: unknown): v is string => typeof v === 'string';

/** The mail a payload asks for, or null when the payload is malformed. */
function mailOf(p: Record<string, unknown>, secret: string, instanceUrl: string): Mail | null {
  if (!p || !str(p.to)) return null;
  if (p.template === 'login_code' && (p.tool === 'deck' || p.tool === 'hackathon' || p.tool === 'browser') && str(p.sealedCode)) {
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

export function mailSend({ config, mail }: WorkerDeps): Task {
  return async (payload) => {
    const m = mailOf(payload as Record<string, unknown>, config.authSecret, config.publicUrl);
    if (!m) throw new Error(`mail__send: unknown or malformed payload (template ${String((payload as { template?: unknown })?.template)})`);
    if (!mail) throw new Error('mail__send: this worker has no EMAIL_DRIVER configured; the mail waits for a worker that has one');
    await mail.send(m);
  };
}
