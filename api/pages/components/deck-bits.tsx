// Pieces both deck pages show: the share and delete dialogs, the version list with
// thumbnails, times and sizes.
import type { ReactNode } from 'react';
import type { DeckDetail, DeckVersion } from '../../../core/wire/deck.ts';

/** A deck as `app.get_deck` answers it: the wire's deck without the `url` the REST route adds. */
export type DeckRow = Omit<DeckDetail, 'url'>;

export function When({ iso }: { iso: string | null | undefined }): ReactNode {
  if (!iso) return '—';
  return <time dateTime={iso}>{`${iso.slice(0, 16).replace('T', ' ')} UTC`}</time>;
}

export function when(iso: string | null | undefined): ReactNode {
  return <When iso={iso} />;
}

export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Text: the owner's name (or email), "You", or a dash once their account is gone. */
export function ownerLabel(deck: Pick<DeckRow, 'owner'>, userId: string): string {
  if (!deck.owner) return '—'; // the owner's account is gone
  return deck.owner.id === userId ? 'You' : (deck.owner.name ?? deck.owner.email);
}

export function thumbnailUrl(deckId: string, version: number): string {
  return `/decks/${deckId}/versions/${version}/thumbnail.png`;
}

/** Versions, newest first, each with its thumbnail (shown on hover or focus in the menu). */
export function VersionList({ deckId, versions, current }: { deckId: string; versions: DeckVersion[]; current: number }): ReactNode {
  if (versions.length === 0) return <p className="muted">No version yet.</p>;
  return (
    <ul className="versions">
      {versions.map((v) => (
        <li key={v.version}>
          <a href={`/decks/${deckId}#v${v.version}`}>Version {v.version}{v.version === current ? ' (current)' : ''} · {when(v.createdAt)}</a>
          <img className="thumb" src={thumbnailUrl(deckId, v.version)} alt={`Thumbnail of version ${v.version}`} width="160" height="90" loading="lazy" />
        </li>
      ))}
    </ul>
  );
}

export function ShareDialog({ reloadOnClose }: { reloadOnClose: boolean }): ReactNode {
  return (
    <dialog id="share-dialog" aria-labelledby="share-heading" data-reload-on-close={reloadOnClose ? '' : undefined}>
      <h2 id="share-heading">Share this deck</h2>
      <form id="share-form">
        <label htmlFor="share-name">Link name</label><input id="share-name" name="linkName" maxLength={100} placeholder="Share link" />
        <label className="check"><input type="checkbox" name="showBar" defaultChecked /> Show the bar (title and downloads)</label>
        <label className="check"><input type="checkbox" name="canDownload" defaultChecked /> Allow downloading attachments</label>
        <label className="check"><input type="checkbox" name="formsEnabled" defaultChecked /> Accept form responses</label>
        <label htmlFor="share-password">Password (optional)</label><input id="share-password" name="password" type="password" maxLength={200} autoComplete="new-password" />
        <label htmlFor="share-expires">Expires after (days, optional)</label><input id="share-expires" name="expires" type="number" min="1" max="3650" />
        <p id="share-error" className="error" role="alert" hidden></p>
        <div className="actions"><button type="button" data-close="">Cancel</button><button type="submit" className="primary">Create link</button></div>
      </form>
      <div id="share-result" hidden>
        <p>This URL is shown once: copy it now.</p>
        <label htmlFor="share-url">Link</label><input id="share-url" readOnly />
        <label htmlFor="share-script">Embed (script)</label><textarea id="share-script" readOnly></textarea>
        <label htmlFor="share-iframe">Embed (iframe)</label><textarea id="share-iframe" readOnly></textarea>
        <div className="actions"><button type="button" data-close="" className="primary">Done</button></div>
      </div>
    </dialog>
  );
}

export function DeleteDialog({ title }: { title: string }): ReactNode {
  return (
    <dialog id="delete-dialog" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete this deck?</h2>
      <p><strong>{title}</strong> and every share link of it stop working.</p>
      <p id="delete-error" className="error" role="alert" hidden></p>
      <div className="actions"><button type="button" data-close="" autoFocus>Cancel</button><button type="button" className="danger" data-confirm-delete="">Delete</button></div>
    </dialog>
  );
}
