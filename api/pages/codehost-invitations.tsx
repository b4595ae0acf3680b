// The local code host's repository invitation in the browser (the URL connect, setup and
// /event print as the invitation's; GitHub shows its own page for a GitHub invitation).
//   GET  /codehost/invitations/<owner>/<repo>: signed in (else the sign-in page, back here
//        after), the caller's own invitation with the event, team and permission it names,
//        and a button; already accepted: says so, with the way to the event.
//   POST /codehost/invitations/<owner>/<repo>: the button (Origin checked: this instance
//        only) accepts it as the caller (app.accept_repository_invitation, the same call as
//        POST /api/v1/codehost/invitations/accept), then 303 to /event.
// Someone else's invitation (another person, another workspace) answers exactly like none.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import { sameOrigin } from '../auth/caller.ts';
import { asCaller } from '../routes/support.ts';
import type { ApiDeps } from '../deps.ts';
import { appPage, failurePage, problemPage } from './components/layout.tsx';
import { pageIdentity, toSignin, whoIs } from './components/session.ts';

const OWNER = /^[A-Za-z0-9-]{1,39}$/;
const REPO = /^[A-Za-z0-9._-]{1,100}$/;

interface RepositoryInvitation {
  repository: string;
  permission: 'maintain' | 'read';
  invitedAt: string;
  acceptedAt: string | null;
  event: { name: string } | null;
  team: string | null;
}

type Params = { owner: string; repo: string };

const when = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z').replace(/:\d\dZ$/, ' UTC');

function invitationPage(i: RepositoryInvitation, action: string): ReactNode {
  const what = i.permission === 'maintain' ? 'push to it (maintain)' : 'read it (read)';
  const facts = (
    <dl className="facts">
      <dt>Repository</dt><dd><code>{i.repository}</code></dd>
      {i.event ? <><dt>Event</dt><dd>{i.event.name}</dd></> : null}{i.team ? <><dt>Team</dt><dd>{i.team}</dd></> : null}
      <dt>Access</dt><dd>{what}</dd><dt>Invited</dt><dd>{when(i.invitedAt)}</dd>
    </dl>
  );
  if (i.acceptedAt) {
    return (
      <div className="card">
        <h1>Invitation accepted</h1>{facts}<p>You accepted this invitation at {when(i.acceptedAt)}. Next: <code>hackathon setup</code> clones the repository.</p>
        <p><a className="button" href="/event">Go to the event</a></p>
      </div>
    );
  }
  return (
    <div className="card">
      <h1>Repository invitation</h1>
      <p>You are invited to the repository <code>{i.repository}</code>{i.event ? <> of <strong>{i.event.name}</strong></> : null}{i.team ? <> for the team <strong>{i.team}</strong></> : null}.</p>
      {facts}<form method="post" action={action}><div className="actions"><button type="submit" className="primary">Accept the invitation</button></div></form>
      <p className="muted"><code>hackathon setup</code> accepts it for you too.</p>
    </div>
  );
}

export function registerCodehostInvitationPages(app: FastifyInstance, deps: ApiDeps): void {
  const { pool, config } = deps;
  const page = { config: { auth: 'none' as const } };
  const nameOf = (p: Params) => (OWNER.test(p.owner) && REPO.test(p.repo) && p.repo !== '.' && p.repo !== '..' ? `${p.owner}/${p.repo}` : null);
  const notFound = (reply: FastifyReply, signedInAs: string) =>
    problemPage(reply, 404, 'No invitation', 'You have no invitation to this repository.', signedInAs);

  app.get<{ Params: Params }>('/codehost/invitations/:owner/:repo', page, async (req: FastifyRequest<{ Params: Params }>, reply) => {
    const identity = await pageIdentity(req, deps);
    if (!identity) return toSignin(req, reply);
    const name = nameOf(req.params);
    if (!name) return notFound(reply, whoIs(identity));
    try {
      const i = await asCaller(req, pool, async (c) => (await c.query('select app.repository_invitation($1) as r', [name])).rows[0].r as RepositoryInvitation);
      return appPage(reply, 'Repository invitation', invitationPage(i, `/codehost/invitations/${name}`), { signedInAs: whoIs(identity) });
    } catch (err) {
      return failurePage(reply, err, whoIs(identity));
    }
  });

  app.post<{ Params: Params }>('/codehost/invitations/:owner/:repo', { ...page, bodyLimit: 16 * 1024 }, async (req: FastifyRequest<{ Params: Params }>, reply) => {
    if (!sameOrigin(req, config)) return problemPage(reply, 403, 'Not allowed', 'Accept the invitation from this instance’s own page.', null);
    const identity = await pageIdentity(req, deps);
    if (!identity) return toSignin(req, reply);
    const name = nameOf(req.params);
    if (!name) return notFound(reply, whoIs(identity));
    try {
      await asCaller(req, pool, (c) => c.query('select app.accept_repository_invitation($1)', [name]));
    } catch (err) {
      return failurePage(reply, err, whoIs(identity));
    }
    return reply.redirect('/event', 303);
  });
}
