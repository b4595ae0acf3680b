// The dashboard: /decks (decks owned or invited to; workspace admins and owners see every
// deck of the workspace; paged newest first) and /decks/<id> with the spec's panels:
// self-description briefing, share links (Dashboard preview rows hidden), collaborators,
// annotations, form responses with their revisions, versions. Owner/admin panels are
// replaced by a note for collaborators, as SQL refuses them those reads.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Identity } from '../../auth/caller.ts';
import { deckId } from '../../routes/deck/shape.ts';
import { asCaller, pageOf, parsePage } from '../../routes/support.ts';
import type { ApiDeps } from '../../deps.ts';
import { bytes, type DeckRow, ownerLabel, shareDialog, thumbnailUrl, when } from '../components/deck-bits.ts';
import type { DeckVersion } from '../../../core/wire/deck.ts';
import { appPage, failurePage, th } from '../components/layout.ts';
import { pageIdentity, toSignin, whoIs } from '../components/session.ts';
import { esc } from '../html.ts';

type Query = (call: string, params: unknown[]) => Promise<any>;

function queryOf(c: pg.PoolClient): Query {
  return async (call, params) => (await c.query(`select ${call} as r`, params)).rows[0].r;
}

function deckCard(d: DeckRow, userId: string): string {
  const thumb = d.version > 0 ? `<img class="thumb" src="${thumbnailUrl(d.id, d.version)}" alt="" width="320" height="180" loading="lazy">` : '<div class="thumb"></div>';
  return `<li>${thumb}<h2><a href="/decks/${d.id}">${esc(d.title)}</a></h2>
<p class="muted">v${d.version} · ${ownerLabel(d, userId)} · ${esc(d.role)} · updated ${when(d.updatedAt)}</p>
<p><a href="/decks/${d.id}/present">Open the deck page</a></p></li>`;
}

function table(headers: string[], rows: string[][], empty: string): string {
  if (rows.length === 0) return `<p class="muted">${esc(empty)}</p>`;
  return `<div class="scroll"><table><thead><tr>${headers.map((h) => th(h)).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
    .join('')}</tbody></table></div>`;
}

function answers(a: Record<string, unknown>): string {
  return Object.entries(a ?? {})
    .map(([k, v]) => `<strong>${esc(k)}</strong>: ${esc(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('<br>');
}

async function panels(q: Query, identity: Identity, deck: DeckRow): Promise<string> {
  const id = deck.id;
  const versions = (await q('app.list_deck_versions($1, $2, $3)', [id, 50, null])) as DeckVersion[];
  const annotations = (await q('app.list_annotations($1, $2, $3, $4, $5)', [id, null, 50, null, null])) as any[];
  const out: string[] = [];
  const v = deck.currentVersion;
  out.push(`<section class="card" aria-labelledby="brief"><h2 id="brief">About this deck</h2><dl class="facts">
<dt>Title</dt><dd>${esc(deck.title)}</dd><dt>Kind</dt><dd>${esc(deck.kind)}${deck.interactive ? ' (interactive)' : ''}</dd>
<dt>Owner</dt><dd>${ownerLabel(deck, identity.user.id)}</dd><dt>Your role</dt><dd>${esc(deck.role)}</dd>
<dt>Version</dt><dd>${deck.version}${v ? ` · entry <code>${esc(v.entry)}</code> · ${v.fileCount} file${v.fileCount === 1 ? '' : 's'}, ${bytes(v.sizeBytes)}${v.attachments.count ? ` · ${v.attachments.count} attachment${v.attachments.count === 1 ? '' : 's'}` : ''}` : ''}</dd>
<dt>Created</dt><dd>${when(deck.createdAt)}</dd><dt>Updated</dt><dd>${when(deck.updatedAt)}</dd>
${deck.remixedFrom ? `<dt>Copied from</dt><dd><a href="/decks/${esc(deck.remixedFrom)}">${esc(deck.remixedFrom)}</a></dd>` : ''}
${Object.keys(deck.metadata ?? {}).length ? `<dt>Metadata</dt><dd><code>${esc(JSON.stringify(deck.metadata))}</code></dd>` : ''}</dl>
<p><a href="/decks/${id}/present">Open the deck page</a></p></section>`);

  if (deck.role === 'collaborator') {
    out.push(`<section class="card"><h2>Share links, collaborators, responses</h2><p class="muted">Only the deck's owner and workspace admins see these.</p></section>`);
  } else {
    const links = ((await q('app.list_share_links($1, $2, $3, $4)', [id, 100, null, null])) as any[]).filter((l) => !l.dashboardPreview);
    const views = (await q('app.list_views($1, $2, $3, $4)', [id, 1, null, null])).summary;
    out.push(`<section class="card" aria-labelledby="links"><h2 id="links">Share links</h2>
<p class="muted">${views.views} ${views.views === 1 ? "view" : "views"} in total · last opened ${when(views.lastOpenedAt)}</p>
${table(['Name', 'Follows', 'Switches', 'Views', 'Downloads', 'Expires', ''], links.map((l) => [
      esc(l.name), l.follows === 'pinned' ? `v${l.pinnedVersion}` : 'latest',
      esc([l.showBar ? 'bar' : 'no bar', l.canDownload ? 'downloads' : 'no downloads', l.formsEnabled ? 'forms' : 'no forms', l.hasPassword ? 'password' : ''].filter(Boolean).join(', ')),
      String(l.viewCount), l.canDownload ? String(l.downloadCount) : '—', l.revokedAt ? `revoked ${when(l.revokedAt)}` : when(l.expiresAt),
      l.revokedAt ? '' : `<button type="button" class="danger" data-revoke="${esc(l.id)}">Revoke</button>`,
    ]), 'No share link yet.')}
<p id="links-error" class="error" role="alert" hidden></p>
<p><button type="button" class="primary" data-share${deck.version === 0 ? ' disabled' : ''}>New share link…</button></p></section>`);
    const collaborators = (await q('app.list_collaborators($1)', [id])) as any[];
    out.push(`<section class="card" aria-labelledby="collab"><h2 id="collab">Collaborators</h2>${table(['Email', 'Status', 'Invited'], collaborators.map((c) => [
      esc(c.email), c.claimed ? 'joined' : c.invitation ? `invited (${esc(c.invitation.state === 'pending' ? 'link mailed' : c.invitation.state)})` : 'invited', when(c.createdAt),
    ]), 'Nobody is invited yet.')}</section>`);
    const responses = (await q('app.list_responses($1, $2, $3, $4, $5, $6, $7, $8, $9)', [id, null, null, null, null, null, 20, null, null])).items as any[];
    const rows: string[][] = [];
    for (const r of responses) {
      const full = r.revisions > 1 ? await q('app.get_response($1, $2)', [id, r.id]) : null;
      const revisions = full
        ? `<details><summary>${full.revisionsKept.length} revisions</summary><ol>${(full.revisionsKept as any[]).map((x) => `<li>${when(x.writtenAt)}<br>${answers(x.answers)}</li>`).join('')}</ol></details>`
        : '1 revision';
      rows.push([esc(r.form), esc(r.link?.name ?? '—'), esc(r.source) + (r.placement ? ` · ${esc(r.placement)}` : ''), answers(r.answers), revisions, when(r.lastActivityAt)]);
    }
    out.push(`<section class="card" aria-labelledby="responses"><h2 id="responses">Form responses</h2>${table(['Form', 'Link', 'Source', 'Answer', 'Revisions', 'Last activity'], rows, 'No response yet.')}</section>`);
  }

  out.push(`<section class="card" aria-labelledby="notes"><h2 id="notes">Annotations</h2>${table(['Version', 'Path', 'Note', 'Author', 'When'], annotations.map((a) => [
    `v${a.version}`, `<code>${esc(a.path)}</code>`, esc(a.body), esc(a.author?.name ?? a.author?.email ?? '—'), when(a.createdAt),
  ]), 'No annotation yet.')}</section>`);
  out.push(`<section class="card" aria-labelledby="versions"><h2 id="versions">Versions</h2><ul class="cards">${versions
    .map((x) => `<li id="v${x.version}"><img class="thumb" src="${thumbnailUrl(id, x.version)}" alt="Thumbnail of version ${x.version}" width="320" height="180" loading="lazy">
<p><strong>Version ${x.version}</strong>${x.version === deck.version ? ' <span class="badge">current</span>' : ''}<br><span class="muted">${when(x.createdAt)} · ${x.fileCount} file${x.fileCount === 1 ? '' : 's'}, ${bytes(x.sizeBytes)}</span></p></li>`)
    .join('')}</ul>${versions.length === 0 ? '<p class="muted">No version yet.</p>' : ''}</section>`);
  return out.join('\n');
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
      const more = nextCursor ? `<p><a class="button" href="/decks?cursor=${encodeURIComponent(nextCursor)}" rel="next">Older decks</a></p>` : '';
      // Decks owned or invited to: a collaborator's decks (a claimed invitation) have their own list.
      const own = items.filter((d) => d.role !== 'collaborator');
      const invited = items.filter((d) => d.role === 'collaborator');
      const list = own.length ? `<ul class="cards">${own.map((d) => deckCard(d, identity.user.id)).join('')}</ul>` : `<p class="muted">${invited.length ? 'No deck of your own on this page.' : 'No deck yet. Publish one with <code>deckcli push</code>.'}</p>`;
      const shared = invited.length ? `<section aria-labelledby="invited-to"><h2 id="invited-to">Invited to</h2><ul class="cards">${invited.map((d) => deckCard(d, identity.user.id)).join('')}</ul></section>` : '';
      return appPage(reply, 'Decks', `<h1>Decks</h1>${list}${shared}${more}`, { signedInAs: whoIs(identity), description: 'Your decks in Podium: open, share and follow who viewed them.' });
    } catch (err) {
      return failurePage(reply, err, whoIs(identity));
    }
  });

  app.get<{ Params: { id: string } }>('/decks/:id', page, async (req, reply) => {
    const identity = await pageIdentity(req, deps);
    if (!identity) return toSignin(req, reply);
    try {
      const id = deckId(req.params.id);
      const { deck, html } = await asCaller(req, pool, async (c) => {
        const q = queryOf(c);
        const deck = (await q('app.get_deck($1)', [id])) as DeckRow;
        return { deck, html: await panels(q, identity, deck) };
      });
      const dialogs = deck.role === 'collaborator' ? '' : shareDialog(true);
      return appPage(reply, deck.title, `<p><a href="/decks">All decks</a></p><h1>${esc(deck.title)} <span class="badge">v${deck.version}</span></h1>${html}${dialogs}`, {
        signedInAs: whoIs(identity),
        deckId: deck.id,
      });
    } catch (err) {
      return failurePage(reply, err, whoIs(identity));
    }
  });
}
