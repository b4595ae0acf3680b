// First run: GET /setup?token=... shows a form; POST /setup creates the first workspace
// and its owner (app_private.setup_with_token), signs the owner in and says what next.
// The token is printed once by `podium start` on an empty database. The form post is a
// browser write like any other: from this instance's own origin only (else 403, nothing made).
import type { FastifyInstance } from 'fastify';
import type { ReactNode } from 'react';
import { sha256 } from '../../core/crypto.ts';
import { hashPassword } from '../../core/passwords.ts';
import { sameOrigin } from '../auth/caller.ts';
import { createSession, setSessionCookie } from '../auth/session.ts';
import type { ApiDeps } from '../deps.ts';
import { toAppError } from '../errors.ts';
import { sendPage } from './html.tsx';

interface SetupForm {
  token?: string;
  workspace?: string;
  email?: string;
  name?: string;
  password?: string;
}

function form(token: string, values: SetupForm, error?: string): ReactNode {
  return (
    <div className="card">
      <h1>Set up Podium</h1>
      <p className="muted">Create the first workspace and its owner account. This link works once.</p>
      {error ? <p className="error" role="alert">{error}</p> : null}
      <form method="post" action="/setup">
        <input type="hidden" name="token" value={token} />
        <label htmlFor="workspace">Workspace name</label><input id="workspace" name="workspace" required maxLength={100} defaultValue={values.workspace ?? ''} />
        <label htmlFor="email">Your email</label><input id="email" name="email" type="email" required autoComplete="email" defaultValue={values.email ?? ''} />
        <label htmlFor="name">Your name</label><input id="name" name="name" maxLength={200} autoComplete="name" defaultValue={values.name ?? ''} />
        <label htmlFor="password">Password (at least 12 characters)</label><input id="password" name="password" type="password" required minLength={12} autoComplete="new-password" />
        <button type="submit">Create workspace</button>
      </form>
    </div>
  );
}

export function registerSetupPages(app: FastifyInstance, { config, pool }: ApiDeps): void {
  app.get<{ Querystring: { token?: string } }>('/setup', { config: { auth: 'public' } }, async (req, reply) => {
    const token = req.query.token ?? '';
    const { rows } = await pool.query(
      'select exists (select 1 from app.workspaces) as done, exists (select 1 from app_private.setup_tokens where token_hash = $1 and used_at is null) as valid',
      [sha256(token)],
    );
    if (rows[0].done) return sendPage(reply, 'Already set up', <div className="card"><h1>Podium is already set up</h1><p>Sign in, or ask an owner to add you.</p></div>, 409);
    if (!rows[0].valid) return sendPage(reply, 'Setup link', <div className="card"><h1>This setup link is not valid</h1><p>Restart the server: it prints a fresh link while the instance has no workspace.</p></div>, 403);
    return sendPage(reply, 'Set up', form(token, {}));
  });

  app.post<{ Body: SetupForm }>('/setup', { config: { auth: 'public' } }, async (req, reply) => {
    const f = req.body ?? {};
    const token = f.token ?? '';
    if (!sameOrigin(req, config)) {
      return sendPage(reply, 'Set up', <div className="card"><h1>Set up from this instance’s own page</h1><p>Open the setup link the server printed and send the form from there.</p></div>, 403);
    }
    const problem =
      !f.workspace?.trim() ? 'Name the workspace.' :
      !/^[^@\s]+@[^@\s]+$/.test(f.email ?? '') ? 'Enter a valid email address.' :
      (f.password ?? '').length < 12 ? 'The password needs at least 12 characters.' : null;
    if (problem) return sendPage(reply, 'Set up', form(token, f, problem), 400);
    try {
      const hash = await hashPassword(f.password!);
      const { rows } = await pool.query('select app_private.setup_with_token($1, $2, $3, $4, $5) as r', [sha256(token), f.workspace, f.email, f.name || null, hash]);
      const r = rows[0].r;
      setSessionCookie(reply, await createSession(pool, r.owner.id), config.publicUrl.startsWith('https://'));
      return sendPage(reply, 'Ready', <div className="card">
        <h1>Workspace {r.workspace.name} is ready</h1>
        <p>You are signed in as its owner, <strong>{r.owner.email}</strong>.</p>
        <p>You are also this instance’s <strong>operator</strong>: you read the mail outbox at <a href="/operator/mail">/operator/mail</a> (every mail the instance keeps instead of sending, other workspaces’ sign-in codes included). Owning a workspace does not give that power; <code>npx podium operator add|remove|list</code> manages who holds it.</p>
        <p>Your decks will be at <a href="/decks">/decks</a>.</p>
        <p>Next: create a key for a CLI with <code>{`podium key create --email ${r.owner.email} --tool deck`}</code> or <code>--tool hackathon</code>.</p>
      </div>);
    } catch (err) {
      const e = toAppError(err);
      if (e.status >= 500) throw err;
      return sendPage(reply, 'Set up', form(token, f, e.message), e.status);
    }
  });

  app.get('/', { config: { auth: 'public' } }, async (_req, reply) => {
    // Before the first workspace exists the operator needs the setup link; its token is only
    // ever printed by the server at boot, never shown here.
    const { rows } = await pool.query('select exists (select 1 from app.workspaces) as done');
    if (!rows[0].done) {
      return sendPage(reply, 'Podium: not set up yet', <div className="card">
        <h1>This instance is not set up yet</h1>
        <p>Open the setup link printed by <code>npm start</code> (<code>podium start</code>) in the server’s terminal: it creates the first workspace and its owner. The server prints a fresh link at every start until then.</p>
        <p>Or, beside the server, run <code>{'npx podium setup --workspace <name> --email <you@example.com>'}</code>.</p>
      </div>);
    }
    return sendPage(reply, 'Podium', <div className="card"><h1>Podium is running</h1><p><a href="/signin">Sign in</a> to see your decks.</p><p>Hackathon events and deck publishing. API discovery: <a href="/api/v1/instance">/api/v1/instance</a>, health: <a href="/api/v1/health">/api/v1/health</a>.</p></div>);
  });
}
