// Mails a deck's owner about form activity: one kind for a new response, another for an
// edit. Enqueued by app_private.submit_form_response, which already applied the
// one-per-deck-per-ten-minutes throttle. The mail never carries answers. A deck deleted or
// silenced since the job was queued gets no mail; a retry after a failed send is safe.
import type { Task } from 'graphile-worker';
import { parseJob } from '../../core/wire/jobs.ts';
import { deckResponseMail } from '../../core/mail/templates.ts';
import type { WorkerDeps } from '../deps.ts';

export function deckNotifyOwner({ config, mail }: WorkerDeps): Task<'deck__notify_owner'> {
  return async (raw, helpers) => {
    const payload = parseJob('deck__notify_owner', raw);
    const notice = await helpers.withPgClient(async (c) => (await c.query('select app_private.deck_notice($1) as r', [payload.deckId])).rows[0].r);
    if (!notice || notice.deleted || !notice.notify) return;
    if (!mail) throw new Error('deck__notify_owner: this worker has no EMAIL_DRIVER configured; the mail waits for a worker that has one');
    await mail.send(deckResponseMail(notice.ownerEmail, payload.kind, { id: notice.deckId, title: notice.title }, config.publicUrl));
  };
}
