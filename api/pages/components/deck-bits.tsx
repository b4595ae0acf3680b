// Pieces both deck pages show: the share and delete dialogs, the version list with
// thumbnails, times and sizes. Every user string goes through esc().
import type { DeckDetail, DeckVersion } from '../../../core/wire/deck.ts';
import { esc } from '../html.ts';

/** A deck as `app.get_deck` answers it: the wire's deck without the `url` the REST route adds. */
export type DeckRow = Omit<DeckDetail, 'url'>;

export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  return `<time datetime="${esc(iso)}">${esc(iso.slice(0, 16).replace('T', ' '))} UTC</time>`;
}

export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export function ownerLabel(deck: Pick<DeckRow, 'owner'>, userId: string): string {
  if (!deck.owner) return '—'; // the owner's account is gone
  return deck.owner.id === userId ? 'You' : esc(deck.owner.name ?? deck.owner.email);
}

export function thumbnailUrl(deckId: string, version: number): string {
  return `/decks/${deckId}/versions/${version}/thumbnail.png`;
}

/** Versions, newest first, each with its thumbnail (shown on hover or focus in the menu). */
export function versionList(deckId: string, versions: DeckVersion[], current: number): string {
  if (versions.length === 0) return '<p class="muted">No version yet.</p>';
  return `<ul class="versions">${versions
    .map((v) => `<li><a href="/decks/${deckId}#v${v.version}">Version ${v.version}${v.version === current ? ' (current)' : ''} · ${when(v.createdAt)}</a>
<img class="thumb" src="${thumbnailUrl(deckId, v.version)}" alt="Thumbnail of version ${v.version}" width="160" height="90" loading="lazy"></li>`)
    .join('')}</ul>`;
}

export function shareDialog(reloadOnClose: boolean): string {
  return `<dialog id="share-dialog" aria-labelledby="share-heading"${reloadOnClose ? ' data-reload-on-close' : ''}>
<h2 id="share-heading">Share this deck</h2>
<form id="share-form">
<label for="share-name">Link name</label><input id="share-name" name="linkName" maxlength="100" placeholder="Share link">
<label class="check"><input type="checkbox" name="showBar" checked> Show the bar (title and downloads)</label>
<label class="check"><input type="checkbox" name="canDownload" checked> Allow downloading attachments</label>
<label class="check"><input type="checkbox" name="formsEnabled" checked> Accept form responses</label>
<label for="share-password">Password (optional)</label><input id="share-password" name="password" type="password" maxlength="200" autocomplete="new-password">
<label for="share-expires">Expires after (days, optional)</label><input id="share-expires" name="expires" type="number" min="1" max="3650">
<p id="share-error" class="error" role="alert" hidden></p>
<div class="actions"><button type="button" data-close>Cancel</button><button type="submit" class="primary">Create link</button></div>
</form>
<div id="share-result" hidden>
<p>This URL is shown once: copy it now.</p>
<label for="share-url">Link</label><input id="share-url" readonly>
<label for="share-script">Embed (script)</label><textarea id="share-script" readonly></textarea>
<label for="share-iframe">Embed (iframe)</label><textarea id="share-iframe" readonly></textarea>
<div class="actions"><button type="button" data-close class="primary">Done</button></div>
</div></dialog>`;
}

export function deleteDialog(title: string): string {
  return `<dialog id="delete-dialog" aria-labelledby="delete-heading">
<h2 id="delete-heading">Delete this deck?</h2>
<p><strong>${esc(title)}</strong> and every share link of it stop working.</p>
<p id="delete-error" class="error" role="alert" hidden></p>
<div class="actions"><button type="button" data-close autofocus>Cancel</button><button type="button" class="danger" data-confirm-delete>Delete</button></div>
</dialog>`;
}
