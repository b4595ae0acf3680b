// API keys of both tools, from the dashboard (session only): GET /decks/keys lists the
// signed-in person's keys (name, tool, dk_…/hck_…last 4, scopes, workspace pin, created,
// last used, expires; never a secret), POST /decks/keys makes one of the chosen tool (its
// read scope checked and its write scope, presentations:write or hackathon:write, unchecked
// by default, as both specs ask; optional workspace pin and lifetime) and shows its secret
// once on the answer page, POST /decks/keys/<id>/revoke revokes one after a confirm step. The
// rules are in SQL (app_private.create_dashboard_key,
// app.revoke_my_api_key refuse key callers); the secret is minted here as the CLI sign-in
// mints it and never logged.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Fragment, type ReactNode } from 'react';
import { authenticate, callerOf, type Identity } from '../../auth/caller.ts';
import { mintKey, KEY_PREFIX, type Tool } from '../../../core/keys.ts';
import { asCaller } from '../../routes/support.ts';
import { toAppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';
import { when } from '../components/deck-bits.tsx';
import { appPage, failurePage, HeaderRow, problemPage } from '../components/layout.tsx';
import { toSignin, whoIs } from '../components/session.ts';
import { UUID_RE } from '../../../core/ids.ts';

export const KEYS_PATH = '/decks/keys';
const SCOPES: Record<Tool, readonly [string, string]> = {
  deck: ['presentations:read', 'presentations:write'],
  hackathon: ['hackathon:read', 'hackathon:write'],
};
const TOOL_LABEL: Record<Tool, string> = { deck: 'Deck publishing (deckcli, dk_)', hackathon: 'Hackathon events (hackathon, hck_)' };
const WRITE_NOTE: Record<string, string> = { 'presentations:write': ' (needed for push and share)', 'hackathon:write': ' (needed for every change: posts, roster, projects…)' };

interface KeyRow {
  id: string;
  tool: Tool;
  name: string;
  scopes: string[];
  workspaceId: string | null;
  workspaceName: string | null;
  createdVia: string;
  expiresAt: string | null;
  expired: boolean; // decided by the server clock (app.now()), never the page's
  lastUsedAt: string | null;
  createdAt: string;
  last4: string | null;
}

// One checkbox per scope, named after it (the pages' form parser keeps one value per name);
// only the chosen tool's scopes count.
interface CreateForm {
  name?: string;
  tool?: string;
  'presentations:read'?: string;
  'presentations:write'?: string;
  'hackathon:read'?: string;
  'hackathon:write'?: string;
  expires?: string;
  pin?: string;
}

const toolOf = (f: CreateForm): Tool | null => (f.tool === undefined || f.tool === 'deck' ? 'deck' : f.tool === 'hackathon' ? 'hackathon' : null);
const checkedScopes = (f: CreateForm, tool: Tool): string[] => SCOPES[tool].filter((s) => f[s as keyof CreateForm] === '1');

type Who = { identity: Identity } | { reply: FastifyReply };

/**
 * The session behind a key page request: keys get 403, a foreign-origin write 403, a demo
 * session 403 (it acts for another person and never on their credentials; SQL refuses it
 * too), no session a sign-in redirect.
 */
async function sessionOf(req: FastifyRequest, reply: FastifyReply, deps: ApiDeps): Promise<Who> {
  let identity: Identity | null = null;
  try {
    identity = await authenticate(req, deps.pool, deps.config, 'session', req.routeOptions.url ?? req.url);
  } catch (err) {
    const e = toAppError(err);
    if (e.status >= 500) throw err; // a broken database is not "signed out"
    if (e.code === 'key_not_allowed') return { reply: problemPage(reply, 403, 'Not allowed', 'API keys cannot use this page: sign in with a browser.', null) };
    if (e.code === 'csrf_refused') return { reply: problemPage(reply, 403, 'Not allowed', 'Manage keys from this instance’s own page.', null) };
    if (e.code !== 'unauthorized') return { reply: failurePage(reply, err, null) };
  }
  if (!identity) return { reply: toSignin(req, reply) };
  if (identity.demoPassId) {
    return { reply: problemPage(reply, 403, 'Not allowed', 'A demo session cannot see or manage API keys: sign in as yourself.', whoIs(identity)) };
  }
  req.identity = identity;
  req.caller = callerOf(identity);
  return { identity };
}

function listKeys(req: FastifyRequest, deps: ApiDeps): Promise<KeyRow[]> {
  return asCaller(req, deps.pool, async (c) => {
    const { rows } = await c.query(
      `select k.id, k.tool, k.name, k.scopes, k.workspace_id as "workspaceId", w.name as "workspaceName", k.created_via as "createdVia",
              k.expires_at as "expiresAt", coalesce(k.expires_at <= app.now(), false) as expired, k.last_used_at as "lastUsedAt", k.created_at as "createdAt", k.last4
         from app.my_api_keys k left join app.workspaces w on w.id = k.workspace_id
        where k.revoked_at is null
        order by k.created_at desc, k.id`,
    );
    return rows as KeyRow[];
  });
}

function keyLabel(k: KeyRow): ReactNode {
  return <code>{`${KEY_PREFIX[k.tool]}…${k.last4 ?? ''}`}</code>;
}

function expiry(k: KeyRow): ReactNode {
  if (!k.expiresAt) return 'never';
  return k.expired ? <>expired {when(k.expiresAt)}</> : when(k.expiresAt);
}

function KeyTable({ keys }: { keys: KeyRow[] }): ReactNode {
  if (keys.length === 0) return <p className="muted">No key yet.</p>;
  return (
    <div className="scroll">
      <table>
        <thead><HeaderRow headers={['Name', 'Tool', 'Key', 'Scopes', 'Workspace', 'Created', 'Last used', 'Expires', '']} /></thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k.id}>
              <td>{k.name}</td><td>{k.tool === 'deck' ? 'deck' : 'hackathon'}</td><td>{keyLabel(k)}</td>
              <td>{k.scopes.map((s, i) => <Fragment key={s}>{i > 0 ? ' ' : null}<span className="badge">{s}</span></Fragment>)}</td>
              <td>{k.workspaceId ? (k.workspaceName ?? k.workspaceId) : <span className="muted">any</span>}</td>
              <td>{when(k.createdAt)}<br /><span className="muted">{k.createdVia}</span></td>
              <td>{k.lastUsedAt ? when(k.lastUsedAt) : 'never'}</td><td>{expiry(k)}</td>
              <td>
                <details className="menu">
                  <summary>Revoke…</summary>
                  <div className="panel" role="group" aria-label={`Revoke ${k.name}`}>
                    <p>Revoke <strong>{k.name}</strong>? Clients using it are refused from now on.</p>
                    <form method="post" action={`${KEYS_PATH}/${k.id}/revoke`}><button type="submit" className="danger">Revoke key</button></form>
                  </div>
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function createForm(identity: Identity, f: CreateForm = {}, error?: string): ReactNode {
  const fresh = f.name === undefined;
  const chosen = toolOf(f) ?? 'deck';
  // Fresh form: each tool's read scope ticked, its write scope not (both specs).
  const ticked = (tool: Tool, s: string) => (fresh ? s === SCOPES[tool][0] : f[s as keyof CreateForm] === '1');
  const ws = identity.workspace;
  return (
    <section className="card" aria-labelledby="new-key">
      <h2 id="new-key">New key</h2>
      <form method="post" action={KEYS_PATH}>
        <label htmlFor="key-name">Name</label><input id="key-name" name="name" maxLength={100} required defaultValue={f.name ?? ''} placeholder="Laptop" />
        <fieldset>
          <legend>Tool</legend>
          {(['deck', 'hackathon'] as const).map((tool) => <label className="check" key={tool}><input type="radio" name="tool" value={tool} defaultChecked={tool === chosen} /> {TOOL_LABEL[tool]}</label>)}
        </fieldset>
        {(['deck', 'hackathon'] as const).map((tool) => (
          <fieldset key={tool}>
            <legend>Scopes of a {tool === 'deck' ? 'deck' : 'hackathon'} key</legend>
            {SCOPES[tool].map((s) => <label className="check" key={s}><input type="checkbox" name={s} value="1" defaultChecked={ticked(tool, s)} /> <code>{s}</code>{WRITE_NOTE[s] ?? ''}</label>)}
          </fieldset>
        ))}
        <label htmlFor="key-expires">Expires after (days, optional)</label><input id="key-expires" name="expires" type="number" min="1" max="3650" defaultValue={f.expires ?? ''} />
        {ws ? <label className="check"><input type="checkbox" name="pin" value="1" defaultChecked={Boolean(f.pin)} /> Only for the workspace {ws.name}</label> : null}
        {error ? <p className="error" role="alert">{error}</p> : null}
        <div className="actions"><button type="submit" className="primary">Create key</button></div>
      </form>
    </section>
  );
}

function newKeyCard(name: string, tool: Tool, secret: string, instance: string): ReactNode {
  const save = tool === 'deck'
    ? <>save it in a profile with <code>{`deckcli auth save-key --api-url ${instance}`}</code> (paste it when asked), or use <code>--api-key-stdin</code> or <code>DECKS_API_KEY</code></>
    : <>save it in a profile with <code>{`hackathon login --api-key-stdin --api-url ${instance}`}</code> (paste it on stdin), or use <code>EVENT_API_KEY</code></>;
  return (
    <section className="card" aria-labelledby="made">
      <h2 id="made">Key “{name}” created</h2>
      <p><strong>This key is shown once: copy it now.</strong> Select the field and copy (Ctrl+C or ⌘C); it cannot be shown again, only revoked.</p>
      <label htmlFor="new-secret">Key</label><input id="new-secret" readOnly autoFocus spellCheck={false} autoComplete="off" value={secret} />
      <p className="muted">Next, {save}; or send it as <code>Authorization: Bearer …</code>.</p>
    </section>
  );
}

async function keysPage(req: FastifyRequest, reply: FastifyReply, deps: ApiDeps, identity: Identity, top: ReactNode, form: ReactNode, status = 200): Promise<FastifyReply> {
  const keys = await listKeys(req, deps);
  return appPage(
    reply,
    'API keys',
    <>
      <p><a href="/decks">All decks</a></p><h1>API keys</h1>{top}{form}
      <section className="card" aria-labelledby="your-keys"><h2 id="your-keys">Your keys</h2><KeyTable keys={keys} /></section>
    </>,
    { signedInAs: whoIs(identity), status },
  );
}

function days(value: string | undefined): number | null | undefined {
  if (value === undefined || value.trim() === '') return null;
  return /^\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

export function registerKeyPages(app: FastifyInstance, deps: ApiDeps): void {
  const page = { config: { auth: 'none' as const } };

  app.get(KEYS_PATH, page, async (req, reply) => {
    const who = await sessionOf(req, reply, deps);
    if ('reply' in who) return who.reply;
    try {
      return await keysPage(req, reply, deps, who.identity, null, createForm(who.identity));
    } catch (err) {
      return failurePage(reply, err, whoIs(who.identity));
    }
  });

  app.post<{ Body: CreateForm }>(KEYS_PATH, { ...page, bodyLimit: 16 * 1024 }, async (req, reply) => {
    const who = await sessionOf(req, reply, deps);
    if ('reply' in who) return who.reply;
    const identity = who.identity;
    const f: CreateForm = typeof req.body === 'object' && req.body ? req.body : {};
    const name = typeof f.name === 'string' ? f.name.trim() : '';
    const tool = toolOf(f);
    const scopes = tool ? checkedScopes(f, tool) : [];
    const expires = days(typeof f.expires === 'string' ? f.expires : undefined);
    const again = (message: string, status: number) => keysPage(req, reply, deps, identity, null, createForm(identity, f, message), status);
    try {
      if (!name) return await again('Give the key a name.', 400);
      if (!tool) return await again('Pick the tool the key is for.', 400);
      if (scopes.length === 0) return await again('Pick at least one scope.', 400);
      if (expires === undefined) return await again('The lifetime is a number of days (1 to 3650).', 400);
      const { key, hash } = mintKey(tool);
      try {
        await asCaller(req, deps.pool, (c) =>
          c.query('select app_private.create_dashboard_key($1, $2, $3, $4, $5, $6, $7) as r', [hash, key.slice(-4), name, tool, scopes, expires, f.pin === '1']),
        );
      } catch (err) {
        const e = toAppError(err);
        if (e.status >= 500) throw err;
        return await again(e.message, e.status);
      }
      return await keysPage(req, reply, deps, identity, newKeyCard(name, tool, key, deps.config.publicUrl), createForm(identity));
    } catch (err) {
      return failurePage(reply, err, whoIs(identity));
    }
  });

  app.post<{ Params: { id: string } }>(`${KEYS_PATH}/:id/revoke`, { ...page, bodyLimit: 16 * 1024 }, async (req, reply) => {
    const who = await sessionOf(req, reply, deps);
    if ('reply' in who) return who.reply;
    try {
      if (!UUID_RE.test(req.params.id)) return problemPage(reply, 404, 'Not found', 'No such key of yours', whoIs(who.identity));
      await asCaller(req, deps.pool, (c) => c.query('select app.revoke_my_api_key($1) as r', [req.params.id]));
      return reply.redirect(KEYS_PATH, 303);
    } catch (err) {
      return failurePage(reply, err, whoIs(who.identity));
    }
  });
}
