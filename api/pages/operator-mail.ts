// The mail outbox on the web, for the instance's operator: GET /operator/mail (newest
// first) and GET /operator/mail/<id>. With EMAIL_DRIVER=outbox (the default) every mail the
// product sends is kept in app_private.mail_outbox instead of being sent (sign-in codes,
// invitations, share links). The operator on the web is an instance owner: an owner of the
// first workspace (app_private.is_instance_owner), signed in with a session of their own;
// a demo pass never reads it (it holds credentials). Everyone else gets 403; signed-out
// people go to /signin. The same mails are read with `podium mail list|show`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Identity } from '../auth/caller.ts';
import type { ApiDeps } from '../deps.ts';
import { appPage } from './components/layout.ts';
import { pageIdentity, toSignin, whoIs } from './components/session.ts';
import { esc } from './html.ts';

const LIST_LIMIT = 100;
const ID = /^[1-9]\d{0,17}$/;

interface OutboxRow {
  id: string;
  to: string;
  subject: string;
  body?: string;
  createdAt: string; // ISO 8601 UTC
}

export function registerOperatorMailPages(app: FastifyInstance, deps: ApiDeps): void {
  const { config, pool } = deps;
  const page = { config: { auth: 'none' as const } };

  /** The operator's identity, or null once the answer is sent (sign-in redirect or 403). A reply is thenable: never resolve with one. */
  async function operator(req: FastifyRequest, reply: FastifyReply): Promise<Identity | null> {
    const identity = await pageIdentity(req, deps);
    if (!identity) {
      toSignin(req, reply);
      return null;
    }
    const { rows } = await pool.query('select app_private.is_instance_owner($1) as ok', [identity.user.id]);
    if (identity.demoPassId || identity.via !== 'session' || rows[0].ok !== true) {
      appPage(reply, 'Mail outbox', `<div class="card"><h1>Only the instance’s operator reads the mail outbox</h1>
<p>The outbox holds every mail this instance keeps instead of sending, sign-in codes included. An owner of the instance’s first workspace reads it here; the operator also reads it with <code>npx podium mail list</code> beside the server.</p></div>`, { status: 403, signedInAs: whoIs(identity) });
      return null;
    }
    return identity;
  }

  const driverNote = () =>
    config.emailDriver === 'outbox'
      ? '<p class="muted">This instance keeps its mail here instead of sending it (EMAIL_DRIVER is unset or <code>outbox</code>). Mails are kept 30 days.</p>'
      : `<p class="muted">EMAIL_DRIVER is <code>${esc(config.emailDriver ?? 'none')}</code>: mail ${config.emailDriver ? 'is sent by the mail service' : 'is off'}; the outbox keeps only what an earlier outbox setting stored.</p>`;

  app.get('/operator/mail', page, async (req, reply) => {
    const who = await operator(req, reply);
    if (!who) return reply;
    const { rows } = await pool.query<OutboxRow>(
      `select id::text, to_address as "to", subject, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt" from app_private.mail_outbox order by created_at desc, id desc limit ${LIST_LIMIT}`,
    );
    const list = rows.length
      ? `<table><thead><tr><th>#</th><th>Sent (UTC)</th><th>To</th><th>Subject</th></tr></thead><tbody>
${rows.map((r) => `<tr><td><a href="/operator/mail/${r.id}">${r.id}</a></td><td>${esc(r.createdAt.slice(0, 19).replace('T', ' '))}</td><td>${esc(r.to)}</td><td><a href="/operator/mail/${r.id}">${esc(r.subject)}</a></td></tr>`).join('\n')}
</tbody></table>`
      : '<p>No mail yet.</p>';
    return appPage(reply, 'Mail outbox', `<div class="card"><h1>Mail outbox</h1>${driverNote()}${list}</div>`, { signedInAs: whoIs(who) });
  });

  app.get<{ Params: { id: string } }>('/operator/mail/:id', page, async (req, reply) => {
    const who = await operator(req, reply);
    if (!who) return reply;
    const missing = () => appPage(reply, 'Mail outbox', '<div class="card"><h1>No such mail</h1><p><a href="/operator/mail">Back to the outbox</a></p></div>', { status: 404, signedInAs: whoIs(who) });
    if (!ID.test(req.params.id)) return missing();
    const { rows } = await pool.query<OutboxRow>(
      `select id::text, to_address as "to", subject, body, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt"
         from app_private.mail_outbox where id = $1::bigint`,
      [req.params.id],
    );
    const m = rows[0];
    if (!m) return missing();
    return appPage(reply, `Mail ${m.id}`, `<div class="card"><p><a href="/operator/mail">Back to the outbox</a></p><h1>${esc(m.subject)}</h1>
<p>To <strong>${esc(m.to)}</strong>, ${esc(m.createdAt)}</p>
<pre class="mail">${esc(m.body)}</pre></div>`, { signedInAs: whoIs(who) });
  });
}
