// The master page /decks/<id>/present, as the Deck page rules table says. Owners and
// workspace admins/owners get the whole bar and the deck in a sandboxed frame (a
// Dashboard preview link, see preview.ts); collaborators get the read-only bar (version
// history, Duplicate) and a pointer to the dashboard instead of the render; guests cannot
// duplicate. Menus are <details>; app.js adds rename in place and the dialogs.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Identity } from '../../auth/caller.ts';
import { encodePath } from '../../routes/deck/link-access.ts';
import { deckId } from '../../routes/deck/shape.ts';
import { asCaller } from '../../routes/support.ts';
import type { ApiDeps } from '../../deps.ts';
import { deleteDialog, type DeckRow, ownerLabel, shareDialog, versionList, when } from '../components/deck-bits.ts';
import type { DeckVersion } from '../../../core/wire/deck.ts';
import { appPage, failurePage } from '../components/layout.ts';
import { pageIdentity, toSignin, whoIs } from '../components/session.ts';
import { esc } from '../html.ts';
import type { PreviewLinks } from './preview.ts';

const FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads';

interface MasterData {
  deck: DeckRow;
  versions: DeckVersion[];
  views: number | null;
  attachments: string[];
}

function downloadsMenu(base: string, attachments: string[]): string {
  if (attachments.length === 0) return '';
  const items = attachments
    .map((p) => `<li><a href="${esc(base + encodePath(p))}" download>${esc(p.slice('downloads/'.length))}</a></li>`)
    .join('');
  return `<details class="menu"><summary>Download files (${attachments.length})</summary><div class="panel"><ul>
<li><a href="${esc(base)}downloads.zip" download>All files (zip)</a></li>${items}</ul></div></details>`;
}

function bar(identity: Identity, d: MasterData, previewBase: string | null): string {
  const { deck } = d;
  const full = deck.role !== 'collaborator';
  const guest = identity.workspace?.role === 'guest';
  const noVersion = deck.version === 0;
  const duplicate = guest
    ? '<li><button type="button" disabled title="Guests cannot create decks">Duplicate</button></li>'
    : `<li><button type="button" data-duplicate${noVersion ? ' disabled title="The deck has no version yet"' : ''}>Duplicate</button></li>`;
  const menu = `<details class="menu" id="deck-menu"><summary><span id="deck-title">${esc(deck.title)}</span></summary>
<div class="panel" role="group" aria-label="Deck menu">
<dl class="facts"><dt>Owner</dt><dd>${ownerLabel(deck, identity.user.id)}</dd><dt>Updated</dt><dd>${when(deck.updatedAt)}</dd></dl>
<ul>${full ? '<li><button type="button" data-rename>Rename</button></li>' : ''}${duplicate}
${full ? `<li><button type="button" data-share${noVersion ? ' disabled' : ''}>Share…</button></li>` : ''}
<li><details><summary>Version history <span class="badge">v${deck.version}</span></summary>${versionList(deck.id, d.versions, deck.version)}</details></li>
<li><a href="/decks">All decks</a></li>
${full ? '<li><button type="button" class="danger" data-delete>Delete</button></li>' : ''}</ul></div></details>`;
  const rename = full
    ? `<form id="rename-form" class="rename" hidden><label for="rename-input" class="visually-hidden">Title</label>
<input id="rename-input" name="title" required maxlength="200"><button type="submit" class="primary">Save</button><button type="button" data-cancel>Cancel</button>
<span id="rename-error" class="error" role="alert" hidden></span></form>`
    : '';
  const right = [
    full && previewBase ? downloadsMenu(previewBase, d.attachments) : '',
    d.views !== null ? `<span id="view-count">${d.views} ${d.views === 1 ? 'view' : 'views'}</span>` : '',
    `<span class="badge" title="Current version">v${deck.version}</span>`,
    `<a href="/decks/${deck.id}">Open in dashboard</a>`,
  ].join('');
  return `<header class="bar"><div class="left">${menu}${rename}<span id="bar-error" class="error" role="alert" hidden></span></div>
<div class="right">${right}</div></header>`;
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
      let body: string;
      let previewBase: string | null = null;
      if (deck.role === 'collaborator') {
        body = `<main class="page" id="main"><div class="card"><h1>${esc(deck.title)}</h1><p>You collaborate on this deck (read-only). It renders for its owner here;
read its versions, files and annotations in the <a href="/decks/${deck.id}">dashboard</a>.</p></div></main>`;
      } else if (!deck.currentVersion) {
        body = `<main class="page" id="main"><div class="card"><h1>No version yet</h1><p>Push one with <code>deckcli push</code>; it appears here.</p></div></main>`;
      } else {
        previewBase = await previews.baseFor(req, deck.id, deck.version);
        // The title is the bar's menu button; the page's one heading names the deck for screen readers.
        body = `<main class="stage" id="main"><h1 class="visually-hidden" id="deck-heading">${esc(deck.title)}</h1><iframe src="${esc(previewBase + encodePath(deck.currentVersion.entry))}" sandbox="${FRAME_SANDBOX}" title="${esc(deck.title)}" allow="fullscreen"></iframe></main>`;
      }
      const dialogs = deck.role === 'collaborator' ? '' : shareDialog(false) + deleteDialog(deck.title);
      return appPage(reply, deck.title, bar(identity, d, previewBase) + body + dialogs, { full: true, deckId: deck.id });
    } catch (err) {
      return failurePage(reply, err, whoIs(identity));
    }
  });
}
