// The mail outbox on the web, for the instance's operators: GET /operator/mail (newest
// first) and GET /operator/mail/<id>. With EMAIL_DRIVER=outbox (the default) every mail the
// product sends is kept in app_private.mail_outbox instead of being sent (sign-in codes,
// invitations, share links). Reading it is the instance operator's power: an
// account given it by `podium setup` or `podium operator add`, in a browser session of its
// own (never a key or a demo pass); no workspace role grants it. Row security decides what
// the list shows (podium_app sees the list's columns, never a body, of the rows
// app_private.is_instance_operator() lets through); a mail's text comes only from
// app_private.operator_mail_open, which records the read (`podium mail audit`). Everyone
// else gets 403; signed-out people go to /signin. The operator CLI reads the same mails.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import { withCaller } from '../../core/db/pool.ts';
import { sharedOutboxWarning } from '../../core/mail/index.ts';
import type { Identity } from '../auth/caller.ts';
import type { ApiDeps } from '../deps.ts';
import { appPage } from './components/layout.tsx';
import { pageIdentity, toSignin, whoIs } from './components/session.ts';

const LIST_LIMIT = 100;
const ID = /^[1-9]\d{0,17}$/;

interface OutboxRow {
  id: string;
  to: string;
  subject: string;
  text?: string;
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
    const ok = await withCaller(pool, req.caller, async (c) => (await c.query('select app_private.is_instance_operator() as ok')).rows[0].ok === true);
    if (!ok) {
      appPage(reply, 'Mail outbox', (
        <div className="card">
          <h1>Only the instance’s operator reads the mail outbox</h1>
          <p>The outbox holds every mail this instance keeps instead of sending, sign-in codes included. Reading it is the instance operator’s power, given on purpose with <code>{'npx podium operator add <email>'}</code> beside the server (owning a workspace does not give it); the operator also reads it with <code>npx podium mail list</code>.</p>
        </div>
      ), { status: 403, signedInAs: whoIs(identity) });
      return null;
    }
    return identity;
  }

  async function driverNote(): Promise<ReactNode> {
    if (config.emailDriver !== 'outbox') {
      return <p className="muted">EMAIL_DRIVER is <code>{config.emailDriver ?? 'none'}</code>: mail {config.emailDriver ? 'is sent by the mail service' : 'is off'}; the outbox keeps only what an earlier outbox setting stored.</p>;
    }
    const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from app.workspaces');
    const shared = sharedOutboxWarning(config, rows[0]!.n);
    return (
      <>
        <p className="muted">This instance keeps its mail here instead of sending it (EMAIL_DRIVER is unset or <code>outbox</code>). Mails are kept 30 days; every mail you open here is recorded (<code>npx podium mail audit</code>).</p>
        {shared ? <p className="error" role="alert">Shared instance: {shared}</p> : null}
      </>
    );
  }

  app.get('/operator/mail', page, async (req, reply) => {
    const who = await operator(req, reply);
    if (!who) return reply;
    const rows = await withCaller(pool, req.caller, async (c) => (await c.query<OutboxRow>(
      `select id::text, to_address as "to", subject, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt" from app_private.mail_outbox order by created_at desc, id desc limit ${LIST_LIMIT}`,
    )).rows);
    const list = rows.length ? (
      <table>
        <thead><tr><th>#</th><th>Sent (UTC)</th><th>To</th><th>Subject</th></tr></thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}><td><a href={`/operator/mail/${r.id}`}>{r.id}</a></td><td>{r.createdAt.slice(0, 19).replace('T', ' ')}</td><td>{r.to}</td><td><a href={`/operator/mail/${r.id}`}>{r.subject}</a></td></tr>
          ))}
        </tbody>
      </table>
    ) : <p>No mail yet.</p>;
    return appPage(reply, 'Mail outbox', <div className="card"><h1>Mail outbox</h1>{await driverNote()}{list}</div>, { signedInAs: whoIs(who) });
  });

  app.get<{ Params: { id: string } }>('/operator/mail/:id', page, async (req, reply) => {
    const who = await operator(req, reply);
    if (!who) return reply;
    const missing = () => appPage(reply, 'Mail outbox', <div className="card"><h1>No such mail</h1><p><a href="/operator/mail">Back to the outbox</a></p></div>, { status: 404, signedInAs: whoIs(who) });
    if (!ID.test(req.params.id)) return missing();
    const m = await withCaller(pool, req.caller, async (c) => (await c.query<{ m: OutboxRow | null }>('select app_private.operator_mail_open($1::bigint) as m', [req.params.id])).rows[0]!.m);
    if (!m) return missing();
    return appPage(reply, `Mail ${m.id}`, (
      <div className="card">
        <p><a href="/operator/mail">Back to the outbox</a></p><h1>{m.subject}</h1>
        <p>To <strong>{m.to}</strong>, {m.createdAt}. This read is recorded.</p>
        <pre className="mail">{m.text ?? ''}</pre>
      </div>
    ), { signedInAs: whoIs(who) });
  });
}
