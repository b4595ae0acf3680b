// The master page /decks/<id>/present, as the Deck page rules table says. Owners and
// workspace admins/owners get the whole bar and the deck in a sandboxed frame (a
// Dashboard preview link, see preview.ts); collaborators get the read-only bar (version
// history, Duplicate) and a pointer to the dashboard instead of the render; guests cannot
// duplicate. Menus are <details>; app.js adds rename in place and the dialogs.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import type { Identity } from '../../auth/caller.ts';
import { encodePath } from '../../routes/deck/link-access.ts';
import { deckId } from '../../routes/deck/shape.ts';
import { asCaller } from '../../routes/support.ts';
import type { ApiDeps } from '../../deps.ts';
import { DeleteDialog, type DeckRow, ownerLabel, ShareDialog, VersionList, when } from '../components/deck-bits.tsx';
import type { DeckVersion } from '../../../core/wire/deck.ts';
import { appPage, failurePage } from '../components/layout.tsx';
import { pageIdentity, toSignin, whoIs } from '../components/session.ts';
import type { PreviewLinks } from './preview.ts';

const FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads';

interface MasterData {
  deck: DeckRow;
  versions: DeckVersion[];
  views: number | null;
  attachments: string[];
}

function DownloadsMenu({ base, attachments }: { base: string; attachments: string[] }): ReactNode {
  if (attachments.length === 0) return null;
  return (
    <details className="menu">
      <summary>Download files ({attachments.length})</summary>
      <div className="panel">
        <ul>
          <li><a href={`${base}downloads.zip`} download="">All files (zip)</a></li>
          {attachments.map((p) => <li key={p}><a href={base + encodePath(p)} download="">{p.slice('downloads/'.length)}</a></li>)}
        </ul>
      </div>
    </details>
  );
}

function Bar({ identity, d, previewBase }: { identity: Identity; d: MasterData; previewBase: string | null }): ReactNode {
  const { deck } = d;
  const full = deck.role !== 'collaborator';
  const guest = identity.workspace?.role === 'guest';
  const noVersion = deck.version === 0;
  const duplicate = guest
    ? <li><button type="button" disabled title="Guests cannot create decks">Duplicate</button></li>
    : <li><button type="button" data-duplicate="" disabled={noVersion} title={noVersion ? 'The deck has no version yet' : undefined}>Duplicate</button></li>;
  return (
    <header className="bar">
      <div className="left">
        <details className="menu" id="deck-menu">
          <summary><span id="deck-title">{deck.title}</span></summary>
          <div className="panel" role="group" aria-label="Deck menu">
            <dl className="facts"><dt>Owner</dt><dd>{ownerLabel(deck, identity.user.id)}</dd><dt>Updated</dt><dd>{when(deck.updatedAt)}</dd></dl>
            <ul>
              {full ? <li><button type="button" data-rename="">Rename</button></li> : null}
              {duplicate}
              {full ? <li><button type="button" data-share="" disabled={noVersion}>Share…</button></li> : null}
              <li><details><summary>Version history <span className="badge">v{deck.version}</span></summary><VersionList deckId={deck.id} versions={d.versions} current={deck.version} /></details></li>
              <li><a href="/decks">All decks</a></li>
              {full ? <li><button type="button" className="danger" data-delete="">Delete</button></li> : null}
            </ul>
          </div>
        </details>
        {full ? (
          <form id="rename-form" className="rename" hidden>
            <label htmlFor="rename-input" className="visually-hidden">Title</label>
            <input id="rename-input" name="title" required maxLength={200} /><button type="submit" className="primary">Save</button><button type="button" data-cancel="">Cancel</button>
            <span id="rename-error" className="error" role="alert" hidden></span>
          </form>
        ) : null}
        <span id="bar-error" className="error" role="alert" hidden></span>
      </div>
      <div className="right">
        {full && previewBase ? <DownloadsMenu base={previewBase} attachments={d.attachments} /> : null}
        {d.views !== null ? <span id="view-count">{d.views} {d.views === 1 ? 'view' : 'views'}</span> : null}
        <span className="badge" title="Current version">v{deck.version}</span>
        <a href={`/decks/${deck.id}`}>Open in dashboard</a>
      </div>
    </header>
  );
}

async function load(req: FastifyRequest, pool: ApiDeps['pool'], id: string): Promise<MasterData> {
  return asCaller(req, pool, async (c) => {
    const one = async (call: string, params: unknown[]) => (await c.query(`select ${call} as r`, params)).rows[0].r;
    const deck = (await one('app.get_deck($1)', [id])) as DeckRow;
    const versions = (await one('app.list_deck_versions($1, $2, $3)', [id, 20, null])) as DeckVersion[];
    if (deck.role === 'collaborator') return { deck, versions, views: null, attachments: [] };
    const views = (await one('app.list_views($1, $2, $3, $4)', [id, 1, null, null])).summary.views as number;
    const attachments =
      deck.currentVersion && deck.currentVersion.attachments.count > 0
        ? ((await one('app.list_deck_files($1, $2, $3, $4, $5)', [id, null, 10_000, null, null])).items as { path: string; attachment: boolean }[])
            .filter((f) => f.attachment)
            .map((f) => f.path)
        : [];
    return { deck, versions, views, attachments };
  });
}

export function registerMasterPage(app: FastifyInstance, deps: ApiDeps, previews: PreviewLinks): void {
  app.get<{ Params: { id: string } }>('/decks/:id/present', { config: { auth: 'none' } }, async (req, reply) => {
    const identity = await pageIdentity(req, deps);
    if (!identity) return toSignin(req, reply);
    try {
      const d = await load(req, deps.pool, deckId(req.params.id));
      const { deck } = d;
      let body: ReactNode;
      let previewBase: string | null = null;
      if (deck.role === 'collaborator') {
        body = (
          <main className="page" id="main">
            <div className="card">
              <h1>{deck.title}</h1>
              <p>You collaborate on this deck (read-only). It renders for its owner here; read its versions, files and annotations in the <a href={`/decks/${deck.id}`}>dashboard</a>.</p>
            </div>
          </main>
        );
      } else if (!deck.currentVersion) {
        body = <main className="page" id="main"><div className="card"><h1>No version yet</h1><p>Push one with <code>deckcli push</code>; it appears here.</p></div></main>;
      } else {
        previewBase = await previews.baseFor(req, deck.id, deck.version);
        // The title is the bar's menu button; the page's one heading names the deck for screen readers.
        body = (
          <main className="stage" id="main">
            <h1 className="visually-hidden" id="deck-heading">{deck.title}</h1>
            <iframe src={previewBase + encodePath(deck.currentVersion.entry)} sandbox={FRAME_SANDBOX} title={deck.title} allow="fullscreen"></iframe>
          </main>
        );
      }
      const dialogs = deck.role === 'collaborator' ? null : <><ShareDialog reloadOnClose={false} /><DeleteDialog title={deck.title} /></>;
      return appPage(reply, deck.title, <><Bar identity={identity} d={d} previewBase={previewBase} />{body}{dialogs}</>, { full: true, deckId: deck.id });
    } catch (err) {
      return failurePage(reply, err, whoIs(identity));
    }
  });
}
