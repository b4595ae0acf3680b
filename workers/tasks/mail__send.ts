// Sends one mail. Payload is checked; the sign-in code arrives sealed with AUTH_SECRET
// and is opened only here, in memory. Retried by the queue on a driver failure.
import type { Task } from 'graphile-worker';
import { unseal } from '../../core/crypto.ts';
import { loginCodeMail } from '../../core/mail/templates.ts';
import type { WorkerDeps } from '../index.ts';

interface LoginCodePayload {
  template: 'login_code';
  to: string;
  tool: 'deck' | 'hackathon';
  sealedCode: string;
}

function isLoginCode(p: unknown): p is LoginCodePayload {
  const x = p as LoginCodePayload;
  return x?.template === 'login_code' && typeof x.to === 'string' && (x.tool === 'deck' || x.tool === 'hackathon') && typeof x.sealedCode === 'string';
}

export function mailSend({ config, mail }: WorkerDeps): Task {
  return async (payload) => {
    if (!isLoginCode(payload)) throw new Error(`mail__send: unknown or malformed payload (template ${String((payload as { template?: unknown })?.template)})`);
    if (!mail) throw new Error('mail__send: this worker has no EMAIL_DRIVER configured; the mail waits for a worker that has one');
    await mail.send(loginCodeMail(payload.to, payload.tool, unseal(config.authSecret, payload.sealedCode), config.publicUrl));
  };
}
