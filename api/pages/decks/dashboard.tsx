// The dashboard: /decks (decks owned or invited to; workspace admins and owners see every
// deck of the workspace; paged newest first) and /decks/<id> with the spec's panels:
// self-description briefing, share links (Dashboard preview rows hidden), collaborators,
// annotations, form responses with their revisions, versions. Owner/admin panels are
// replaced by a note for collaborators, as SQL refuses them those reads.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Fragment, type ReactNode } from 'react';
import type { Identity } from '../../auth/caller.ts';
import { deckId } from '../../routes/deck/shape.ts';
import { asCaller, pageOf, parsePage } from '../../routes/support.ts';
import type { ApiDeps } from '../../deps.ts';
import { bytes, type DeckRow, ownerLabel, ShareDialog, thumbnailUrl, when } from '../components/deck-bits.tsx';
import type { DeckVersion } from '../../../core/wire/deck.ts';
import { appPage, failurePage, HeaderRow } from '../components/layout.tsx';
import { pageIdentity, toSignin, whoIs } from '../components/session.ts';

type Query = (call: string, params: unknown[]) => Promise<any>;

function queryOf(c: pg.PoolClient): Query {
  return async (call, params) => (await c.query(`select ${call} as r`, params)).rows[0].r;
}

function DeckCard({ d, userId }: { d: DeckRow; userId: string }): ReactNode {
  return (
    <li>
      {d.version > 0 ? <img className="thumb" src={thumbnailUrl(d.id, d.version)} alt="" width="320" height="180" loading="lazy" /> : <div className="thumb"></div>}
      <h2><a href={`/decks/${d.id}`}>{d.title}</a></h2>
      <p className="muted">v{d.version} · {ownerLabel(d, userId)} · {d.role} · updated {when(d.updatedAt)}</p>
      <p><a href={`/decks/${d.id}/present`}>Open the deck page</a></p>
    </li>
  );
}

function Table({ headers, rows, empty }: { headers: string[]; rows: ReactNode[][]; empty: string }): ReactNode {
  if (rows.length === 0) return <p className="muted">{empty}</p>;
  return (
    <div className="scroll">
      <table>
        <thead><HeaderRow headers={headers} /></thead>
        <tbody>{rows.map((r, i) => <tr key={i}>{r.map((c, j) => <td key={j}>{c}</td>)}</tr>)}</tbody>
      </table>
    </div>
  );
}

function Answers({ a }: { a: Record<string, unknown> }): ReactNode {
  return Object.entries(a ?? {}).map(([k, v], i) => (
    <Fragment key={k}>{i > 0 ? <br /> : null}<strong>{k}</strong>: {typeof v === 'string' ? v : JSON.stringify(v)}</Fragment>
  ));
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

async function panels(q: Query, identity: Identity, deck: DeckRow): Promise<ReactNode> {
  const id = deck.id;
  const versions = (await q('app.list_deck_versions($1, $2, $3)', [id, 50, null])) as DeckVersion[];
  const annotations = (await q('app.list_annotations($1, $2, $3, $4, $5)', [id, null, 50, null, null])) as any[];
  const out: ReactNode[] = [];
  const v = deck.currentVersion;
  out.push(
    <section className="card" aria-labelledby="brief" key="brief">
      <h2 id="brief">About this deck</h2>
      <dl className="facts">
        <dt>Title</dt><dd>{deck.title}</dd><dt>Kind</dt><dd>{deck.kind}{deck.interactive ? ' (interactive)' : ''}</dd>
        <dt>Owner</dt><dd>{ownerLabel(deck, identity.user.id)}</dd><dt>Your role</dt><dd>{deck.role}</dd>
        <dt>Version</dt>
        <dd>
          {deck.version}
          {v ? <> · entry <code>{v.entry}</code> · {plural(v.fileCount, 'file')}, {bytes(v.sizeBytes)}{v.attachments.count ? ` · ${plural(v.attachments.count, 'attachment')}` : ''}</> : null}
        </dd>
        <dt>Created</dt><dd>{when(deck.createdAt)}</dd><dt>Updated</dt><dd>{when(deck.updatedAt)}</dd>
        {deck.remixedFrom ? <><dt>Copied from</dt><dd><a href={`/decks/${deck.remixedFrom}`}>{deck.remixedFrom}</a></dd></> : null}
        {Object.keys(deck.metadata ?? {}).length ? <><dt>Metadata</dt><dd><code>{JSON.stringify(deck.metadata)}</code></dd></> : null}
      </dl>
      <p><a href={`/decks/${id}/present`}>Open the deck page</a></p>
    </section>,
  );

  if (deck.role === 'collaborator') {
    out.push(<section className="card" key="hidden"><h2>Share links, collaborators, responses</h2><p className="muted">Only the deck's owner and workspace admins see these.</p></section>);
  } else {
    const links = ((await q('app.list_share_links($1, $2, $3, $4)', [id, 100, null, null])) as any[]).filter((l) => !l.dashboardPreview);
    const views = (await q('app.list_views($1, $2, $3, $4)', [id, 1, null, null])).summary;
    out.push(
      <section className="card" aria-labelledby="links" key="links">
        <h2 id="links">Share links</h2>
        <p className="muted">{views.views} {views.views === 1 ? 'view' : 'views'} in total · last opened {when(views.lastOpenedAt)}</p>
        <Table
          headers={['Name', 'Follows', 'Switches', 'Views', 'Downloads', 'Expires', '']}
          rows={links.map((l) => [
            l.name, l.follows === 'pinned' ? `v${l.pinnedVersion}` : 'latest',
            [l.showBar ? 'bar' : 'no bar', l.canDownload ? 'downloads' : 'no downloads', l.formsEnabled ? 'forms' : 'no forms', l.hasPassword ? 'password' : ''].filter(Boolean).join(', '),
            String(l.viewCount), l.canDownload ? String(l.downloadCount) : '—', l.revokedAt ? <>revoked {when(l.revokedAt)}</> : when(l.expiresAt),
            l.revokedAt ? '' : <button type="button" className="danger" data-revoke={l.id}>Revoke</button>,
          ])}
          empty="No share link yet."
        />
        <p id="links-error" className="error" role="alert" hidden></p>
        <p><button type="button" className="primary" data-share="" disabled={deck.version === 0}>New share link…</button></p>
      </section>,
    );
    const collaborators = (await q('app.list_collaborators($1)', [id])) as any[];
    out.push(
      <section className="card" aria-labelledby="collab" key="collab">
        <h2 id="collab">Collaborators</h2>
        <Table
          headers={['Email', 'Status', 'Invited']}
          rows={collaborators.map((c) => [
            c.email, c.claimed ? 'joined' : c.invitation ? `invited (${c.invitation.state === 'pending' ? 'link mailed' : c.invitation.state})` : 'invited', when(c.createdAt),
          ])}
          empty="Nobody is invited yet."
        />
      </section>,
    );
    const responses = (await q('app.list_responses($1, $2, $3, $4, $5, $6, $7, $8, $9)', [id, null, null, null, null, null, 20, null, null])).items as any[];
    const rows: ReactNode[][] = [];
    for (const r of responses) {
      const full = r.revisions > 1 ? await q('app.get_response($1, $2)', [id, r.id]) : null;
      const revisions = full
        ? <details><summary>{full.revisionsKept.length} revisions</summary><ol>{(full.revisionsKept as any[]).map((x, i) => <li key={i}>{when(x.writtenAt)}<br /><Answers a={x.answers} /></li>)}</ol></details>
        : '1 revision';
      rows.push([r.form, r.link?.name ?? '—', r.source + (r.placement ? ` · ${r.placement}` : ''), <Answers a={r.answers} />, revisions, when(r.lastActivityAt)]);
    }
    out.push(
      <section className="card" aria-labelledby="responses" key="responses">
        <h2 id="responses">Form responses</h2>
        <Table headers={['Form', 'Link', 'Source', 'Answer', 'Revisions', 'Last activity']} rows={rows} empty="No response yet." />
      </section>,
    );
  }

  out.push(
    <section className="card" aria-labelledby="notes" key="notes">
      <h2 id="notes">Annotations</h2>
      <Table
        headers={['Version', 'Path', 'Note', 'Author', 'When']}
        rows={annotations.map((a) => [`v${a.version}`, <code>{a.path}</code>, a.body, a.author?.name ?? a.author?.email ?? '—', when(a.createdAt)])}
        empty="No annotation yet."
      />
    </section>,
  );
  out.push(
    <section className="card" aria-labelledby="versions" key="versions">
      <h2 id="versions">Versions</h2>
      <ul className="cards">
        {versions.map((x) => (
          <li id={`v${x.version}`} key={x.version}>
            <img className="thumb" src={thumbnailUrl(id, x.version)} alt={`Thumbnail of version ${x.version}`} width="320" height="180" loading="lazy" />
            <p>
              <strong>Version {x.version}</strong>{x.version === deck.version ? <> <span className="badge">current</span></> : null}<br />
              <span className="muted">{when(x.createdAt)} · {plural(x.fileCount, 'file')}, {bytes(x.sizeBytes)}</span>
            </p>
          </li>
        ))}
      </ul>
      {versions.length === 0 ? <p className="muted">No version yet.</p> : null}
    </section>,
  );
  return out;
}

export function registerDashboardPages(app: FastifyInstance, deps: ApiDeps): void {
  const { pool } = deps;
  const page = { config: { auth: 'none' as const } };

  app.get<{ Querystring: { cursor?: string } }>('/decks', page, async (req, reply) => {
    const identity = await pageIdentity(req, deps);
    if (!identity) return toSignin(req, reply);
    try {
      const p = parsePage({ cursor: typeof req.query.cursor === 'string' ? req.query.cursor : undefined }, 24);
      const rows = await asCaller(req, pool, async (c) => queryOf(c)('app.list_decks($1, $2, $3)', [p.limit + 1, p.before?.at ?? null, p.before?.id ?? null]));
      const { items, nextCursor } = pageOf(rows as DeckRow[], p, (d) => [d.createdAt, d.id]);
      const more = nextCursor ? <p><a className="button" href={`/decks?cursor=${encodeURIComponent(nextCursor)}`} rel="next">Older decks</a></p> : null;
      // Decks owned or invited to: a collaborator's decks (a claimed invitation) have their own list.
      const own = items.filter((d) => d.role !== 'collaborator');
      const invited = items.filter((d) => d.role === 'collaborator');
      const userId = identity.user.id;
      const list = own.length
        ? <ul className="cards">{own.map((d) => <DeckCard d={d} userId={userId} key={d.id} />)}</ul>
        : <p className="muted">{invited.length ? 'No deck of your own on this page.' : <>No deck yet. Publish one with <code>deckcli push</code>.</>}</p>;
      const shared = invited.length
        ? <section aria-labelledby="invited-to"><h2 id="invited-to">Invited to</h2><ul className="cards">{invited.map((d) => <DeckCard d={d} userId={userId} key={d.id} />)}</ul></section>
        : null;
      return appPage(reply, 'Decks', <><h1>Decks</h1>{list}{shared}{more}</>, { signedInAs: whoIs(identity), description: 'Your decks in Podium: open, share and follow who viewed them.' });
    } catch (err) {
      return failurePage(reply, err, whoIs(identity));
    }
  });

  app.get<{ Params: { id: string } }>('/decks/:id', page, async (req, reply) => {
    const identity = await pageIdentity(req, deps);
    if (!identity) return toSignin(req, reply);
    try {
      const id = deckId(req.params.id);
      const { deck, sections } = await asCaller(req, pool, async (c) => {
        const q = queryOf(c);
        const deck = (await q('app.get_deck($1)', [id])) as DeckRow;
        return { deck, sections: await panels(q, identity, deck) };
      });
      const dialogs = deck.role === 'collaborator' ? null : <ShareDialog reloadOnClose />;
      return appPage(reply, deck.title, <><p><a href="/decks">All decks</a></p><h1>{deck.title} <span className="badge">v{deck.version}</span></h1>{sections}{dialogs}</>, {
        signedInAs: whoIs(identity),
        deckId: deck.id,
      });
    } catch (err) {
      return failurePage(reply, err, whoIs(identity));
    }
  });
}
