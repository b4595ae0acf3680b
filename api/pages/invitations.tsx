// Invitations in the browser.
//   GET/POST /invitations/<secret>: the mailed one-time link. GET says what it offers; POST
//     accepts it: a new account (a password, or emailed codes from then on) is created and
//     signed in; an existing account is attached (signed in already: on; else it signs in
//     next, so a password or two-factor step is never skipped). The secret is only ever
//     hashed (sha256) before SQL sees it, and is redacted from the request log.
//   GET/POST /workspace/invitations, POST /workspace/invitations/<id>/revoke: owners and
//     admins invite an address with a role, see pending invitations and revoke them.
// Every form post must come from this instance (Origin, else Referer); refusals are pages.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import { sha256 } from '../../core/crypto.ts';
import { hashPassword } from '../../core/passwords.ts';
import type { Invitation } from '../../core/wire/identity.ts';
import { sameOrigin } from '../auth/caller.ts';
import { createSession, setSessionCookie } from '../auth/session.ts';
import { asCaller } from '../routes/support.ts';
import type { ApiDeps } from '../deps.ts';
import { toAppError } from '../errors.ts';
import { appPage, failurePage, HeaderRow, problemPage } from './components/layout.tsx';
import { pageIdentity, toSignin, whoIs } from './components/session.ts';
import { UUID_RE } from '../../core/ids.ts';

const SECRET = /^[A-Za-z0-9_-]{20,100}$/;

interface Offer {
  id: string;
  kind: 'workspace' | 'collaborator';
  state: 'sending' | 'pending' | 'expired' | 'accepted' | 'revoked';
  email: string;
  role: string | null;
  workspace: { id: string; name: string };
  inviter: string | null;
  deck: { id: string; title: string } | null;
  expiresAt: string | null;
  accountId: string | null;
  /** The workspace's event, when the address is on its roster. */
  event: { name: string; role: string; team: string | null } | null;
}

interface Accepted {
  userId: string;
  email: string;
  created: boolean;
  kind: 'workspace' | 'collaborator';
  role: string | null;
  workspace: { id: string; name: string };
  presentationId: string | null;
  event: { name: string; role: string; team: string | null } | null;
}

interface AcceptForm {
  name?: string;
  method?: string;
  password?: string;
}

const when = (iso: string | null) => (iso ? iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC') : '—');
const ROSTER_ROLE: Record<string, string> = { participant: 'a participant', organizer: 'an organizer', jury: 'a juror', advisor: 'an advisor' };
function What({ o }: { o: Offer }): ReactNode {
  if (o.kind === 'collaborator') return `the deck “${o.deck?.title ?? ''}”`;
  if (o.event) {
    return <>the event <strong>{o.event.name}</strong> as {ROSTER_ROLE[o.event.role] ?? o.event.role}{o.event.team ? <> of the team <strong>{o.event.team}</strong></> : null} (workspace {o.workspace.name})</>;
  }
  return <>the workspace <strong>{o.workspace.name}</strong> as {o.role}</>;
}

function offerPage(o: Offer, secret: string, codeSignIn: boolean, signedInAs: string | null, error?: string): ReactNode {
  const action = `/invitations/${secret}`;
  return (
    <div className="card">
      <h1>You are invited</h1>
      <p>{o.inviter ? o.inviter : 'An administrator'} invited <strong>{o.email}</strong> to <What o={o} />.</p>
      <p className="muted">This link works once, until {when(o.expiresAt)}.</p>
      {error ? <p className="error" role="alert">{error}</p> : null}
      {o.accountId ? (
        <form method="post" action={action}>
          <p>{signedInAs ? 'It joins the account you are signed in with.' : 'An account with this address exists: accepting adds this to it, then you sign in as usual.'}</p>
          <div className="actions"><button type="submit" className="primary">Accept the invitation</button></div>
        </form>
      ) : (
        <form method="post" action={action}>
          <label htmlFor="name">Your name (optional)</label><input id="name" name="name" maxLength={200} autoComplete="name" />
          <fieldset>
            <legend>How you will sign in</legend>
            <label className="check"><input type="radio" name="method" value="password" defaultChecked /> With a password</label>
            <label htmlFor="password">Password (at least 12 characters)</label><input id="password" name="password" type="password" minLength={12} autoComplete="new-password" />
            {codeSignIn ? <label className="check"><input type="radio" name="method" value="code" /> Sign in with a code mailed to {o.email} each time (no password)</label> : null}
          </fieldset>
          <div className="actions"><button type="submit" className="primary">Create my account</button></div>
        </form>
      )}
    </div>
  );
}

function gone(reply: FastifyReply, o: Offer | null, signedInAs: string | null): FastifyReply {
  if (!o || o.state === 'revoked') return problemPage(reply, 404, 'Invitation not valid', 'This invitation link is not valid: it was replaced by a newer mail, or withdrawn. Ask for a new one.', signedInAs);
  if (o.state === 'accepted') return problemPage(reply, 410, 'Invitation used', 'This invitation was already used. Sign in instead.', signedInAs);
  return problemPage(reply, 410, 'Invitation expired', `This invitation expired at ${o.expiresAt?.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}. Ask ${o.inviter ?? 'whoever invited you'} for a new one.`, signedInAs);
}

function invitationsPage(items: Invitation[], workspace: string, notice?: { ok: boolean; text: string }, form: { email?: string; role?: string } = {}): ReactNode {
  return (
    <>
      <h1>Invitations · {workspace}</h1>
      {notice ? <p className={notice.ok ? 'badge' : 'error'} role={notice.ok ? 'status' : 'alert'}>{notice.text}</p> : null}
      <section className="card" aria-labelledby="invite">
        <h2 id="invite">Invite someone</h2>
        <form method="post" action="/workspace/invitations">
          <label htmlFor="email">Email</label><input id="email" name="email" type="email" required maxLength={320} defaultValue={form.email ?? ''} />
          <label htmlFor="role">Role</label>
          <select id="role" name="role" defaultValue={form.role ?? 'member'}>{['member', 'admin', 'guest', 'owner'].map((r) => <option value={r} key={r}>{r}</option>)}</select>
          <div className="actions"><button type="submit" className="primary">Send the invitation</button></div>
        </form>
        <p className="muted">The mail carries a one-time link that works for 7 days. Accepting creates the account or adds the workspace to an existing one.</p>
      </section>
      <section className="card" aria-labelledby="pending">
        <h2 id="pending">Pending</h2>
        {items.length ? (
          <div className="scroll">
            <table>
              <thead><HeaderRow headers={['Email', 'Role', 'State', 'Mailed', 'Expires', 'Invited by', '']} /></thead>
              <tbody>
                {items.map((i) => (
                  <tr key={i.id}>
                    <td>{i.email}</td><td>{i.role}</td><td>{i.state}</td><td>{when(i.sentAt)}</td><td>{when(i.expiresAt)}</td>
                    <td>{i.invitedBy?.name ?? i.invitedBy?.email ?? (i.source === 'operator' ? 'operator' : '—')}{i.source === 'roster' ? ' (roster)' : ''}</td>
                    <td><form method="post" action={`/workspace/invitations/${i.id}/revoke`}><button type="submit" className="danger">Revoke</button></form></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : <p className="muted">No pending invitation.</p>}
      </section>
    </>
  );
}

export function registerInvitationPages(app: FastifyInstance, deps: ApiDeps): void {
  const { config, pool } = deps;
  const secure = config.publicUrl.startsWith('https://');
  const codeSignIn = Boolean(config.emailDriver) && !config.hubUrl;
  const page = { config: { auth: 'none' as const } };
  const lookup = async (secret: string): Promise<Offer | null> =>
    SECRET.test(secret) ? ((await pool.query('select app_private.invitation_lookup($1) as r', [sha256(secret)])).rows[0].r as Offer | null) : null;

  app.get<{ Params: { secret: string } }>('/invitations/:secret', page, async (req, reply) => {
    const identity = await pageIdentity(req, deps);
    const signedInAs = identity ? whoIs(identity) : null;
    const o = await lookup(req.params.secret);
    if (!o || !['pending', 'sending'].includes(o.state)) return gone(reply, o, signedInAs);
    if (identity && identity.user.id !== o.accountId) {
      return problemPage(reply, 403, 'Another account', `This invitation is for ${o.email}, but you are signed in as ${identity.user.email}. Sign out, then open the link again.`, signedInAs);
    }
    return appPage(reply, 'Invitation', offerPage(o, req.params.secret, codeSignIn, signedInAs), { signedInAs });
  });

  app.post<{ Params: { secret: string }; Body: AcceptForm }>('/invitations/:secret', { ...page, bodyLimit: 16 * 1024 }, async (req, reply) => {
    if (!sameOrigin(req, config)) return problemPage(reply, 403, 'Not allowed', 'Accept the invitation from this instance’s own page.', null);
    const identity = await pageIdentity(req, deps);
    const signedInAs = identity ? whoIs(identity) : null;
    const o = await lookup(req.params.secret);
    if (!o || !['pending', 'sending'].includes(o.state)) return gone(reply, o, signedInAs);
    const f = req.body ?? {};
    let passwordHash: string | null = null;
    if (!o.accountId) {
      const method = f.method === 'code' && codeSignIn ? 'code' : 'password';
      if (method === 'password') {
        const pw = String(f.password ?? '');
        if (pw.length < 12 || pw.length > 1000) {
          return appPage(reply, 'Invitation', offerPage(o, req.params.secret, codeSignIn, signedInAs, 'The password needs 12 to 1000 characters (or choose emailed codes).'), { status: 400, signedInAs });
        }
        passwordHash = await hashPassword(pw);
      }
    }
    const name = typeof f.name === 'string' && f.name.trim() ? f.name.trim() : null;
    let r: Accepted;
    try {
      r = (await pool.query('select app_private.accept_invitation($1, $2, $3, $4) as r', [sha256(req.params.secret), identity?.user.id ?? null, name, passwordHash])).rows[0].r;
    } catch (err) {
      const e = toAppError(err);
      if (e.status >= 500) throw err;
      if (e.code === 'invalid_input') return appPage(reply, 'Invitation', offerPage(o, req.params.secret, codeSignIn, signedInAs, e.message), { status: 400, signedInAs });
      return problemPage(reply, e.status, e.code === 'invitation_wrong_account' ? 'Another account' : 'Invitation not accepted', e.message, signedInAs);
    }
    // A roster person lands on the event; a deck's collaborator on the deck.
    const next = r.presentationId ? `/decks/${r.presentationId}` : r.event ? '/event' : '/decks';
    if (r.created || identity) {
      if (r.created) setSessionCookie(reply, await createSession(pool, r.userId), secure);
      return reply.redirect(next, 303);
    }
    const joined = r.kind === 'collaborator'
      ? 'The deck is now shared with'
      : r.event ? <>You joined <strong>{r.event.name}</strong> (workspace {r.workspace.name}) with</> : <>You joined <strong>{r.workspace.name}</strong> as {r.role} with</>;
    return appPage(reply, 'Invitation accepted', (
      <div className="card">
        <h1>Invitation accepted</h1>
        <p>{joined} your account <strong>{r.email}</strong>.</p>
        <p><a className="button" href={`/signin?next=${encodeURIComponent(next)}`}>Sign in to continue</a></p>
      </div>
    ));
  });

  // The workspace's invitations, for its owners and admins (SQL refuses everyone else).
  const render = async (req: FastifyRequest, reply: FastifyReply, notice?: { ok: boolean; text: string }, form?: { email?: string; role?: string }, status = 200) => {
    const identity = req.identity!;
    try {
      const items = await asCaller(req, pool, async (c) => (await c.query('select app.list_invitations($1) as r', [100])).rows[0].r as Invitation[]);
      return appPage(reply, 'Invitations', invitationsPage(items, identity.workspace?.name ?? '', notice, form), { signedInAs: whoIs(identity), status });
    } catch (err) {
      return failurePage(reply, err, whoIs(identity));
    }
  };

  app.get('/workspace/invitations', page, async (req, reply) => {
    if (!(await pageIdentity(req, deps))) return toSignin(req, reply);
    return render(req, reply);
  });

  app.post<{ Body: { email?: string; role?: string } }>('/workspace/invitations', { ...page, bodyLimit: 16 * 1024 }, async (req, reply) => {
    if (!sameOrigin(req, config)) return problemPage(reply, 403, 'Not allowed', 'Send invitations from this instance’s own page.', null);
    const identity = await pageIdentity(req, deps);
    if (!identity) return toSignin(req, reply);
    const email = String(req.body?.email ?? '').trim();
    const role = String(req.body?.role ?? 'member');
    if (config.hubUrl) return render(req, reply, { ok: false, text: 'On a cloud instance people join through the hub account site.' }, { email, role }, 409);
    try {
      await asCaller(req, pool, (c) => c.query('select app.invite_member($1, $2)', [email, role]));
    } catch (err) {
      const e = toAppError(err);
      if (e.status >= 500) throw err;
      return render(req, reply, { ok: false, text: e.message }, { email, role }, e.status);
    }
    return render(req, reply, { ok: true, text: `Invitation mailed to ${email} (${role}).` });
  });

  app.post<{ Params: { id: string } }>('/workspace/invitations/:id/revoke', page, async (req, reply) => {
    if (!sameOrigin(req, config)) return problemPage(reply, 403, 'Not allowed', 'Revoke invitations from this instance’s own page.', null);
    const identity = await pageIdentity(req, deps);
    if (!identity) return toSignin(req, reply);
    if (!UUID_RE.test(req.params.id)) return problemPage(reply, 404, 'Not found', 'No such invitation.', whoIs(identity));
    try {
      await asCaller(req, pool, (c) => c.query('select app.revoke_invitation($1)', [req.params.id]));
    } catch (err) {
      return failurePage(reply, err, whoIs(identity));
    }
    return reply.redirect('/workspace/invitations', 303);
  });
}
