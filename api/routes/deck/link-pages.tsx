// The pages of a share link at /v/<token>/: the entry page (the bar and the framed deck),
// the password form and the dead-link page. Ours, on link URLs: no script at all, styles by
// nonce, frameable (embeds). Rendered by React: every string (the deck's title, its file
// names) is escaped as text or attribute.
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { ReactNode } from 'react';
import { renderDocument } from '../../pages/html.tsx';

const FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads';

const STYLE = `:root{color-scheme:light dark;--fg:#1b1d22;--bg:#f7f7f9;--bar:#fff;--line:#d9dbe1;--accent:#3b5bdb}
@media (prefers-color-scheme:dark){:root{--fg:#e8e9ee;--bg:#15171c;--bar:#1e2128;--line:#343842;--accent:#7d95ff}}
*{box-sizing:border-box}html,body{height:100%;margin:0}body{display:flex;flex-direction:column;font:15px/1.4 system-ui,sans-serif;color:var(--fg);background:var(--bg)}
.bar{display:flex;gap:1rem;align-items:center;padding:.4rem .8rem;background:var(--bar);border-bottom:1px solid var(--line)}
.title{font-weight:600;flex:1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
details{position:relative}summary{cursor:pointer;color:var(--accent);font-weight:600}
details ul{position:absolute;right:0;z-index:1;margin:.3rem 0 0;padding:.4rem .8rem;list-style:none;background:var(--bar);border:1px solid var(--line);border-radius:6px;min-width:14rem}
details li{margin:.25rem 0}a{color:var(--accent)}iframe{flex:1;width:100%;border:0;background:#fff}
main{max-width:28rem;margin:3rem auto;padding:0 1rem}input{width:100%;padding:.5rem;font:inherit}button{margin-top:.8rem;padding:.5rem 1rem;font:inherit}
.error{color:#c92a2a;font-weight:600}:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
h1.title{font-size:inherit;margin:0}main.viewer{flex:1;display:flex;flex-direction:column;min-height:0;max-width:none;margin:0;padding:0}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}`;

/** Our own pages on link URLs: no script at all, styles by nonce, frameable (embeds). */
function send(reply: FastifyReply, html: string, nonce: string, status: number): FastifyReply {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', `default-src 'none'; style-src 'nonce-${nonce}'; frame-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors *`)
    .send(html);
}

function linkDocument(title: string, body: ReactNode, nonce: string, description: string): string {
  return renderDocument(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="description" content={description} />
        <title>{title}</title>
        <style nonce={nonce}>{STYLE}</style>
      </head>
      <body>{body}</body>
    </html>,
  );
}

function linkPage(reply: FastifyReply, title: string, body: ReactNode, status = 200, description = 'A presentation shared with Podium.'): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  return send(reply, linkDocument(title, body, nonce, description), nonce, status);
}

export function deadLink(reply: FastifyReply): FastifyReply {
  return linkPage(reply, 'Link not available', <main><h1>This link does not work</h1><p>It may have expired or been withdrawn. Ask whoever sent it for a new one.</p></main>, 404);
}

export function passwordPage(reply: FastifyReply, error: string | null): FastifyReply {
  return linkPage(reply, 'Password required', (
    <main>
      <h1>This link is protected</h1>
      {error ? <p className="error" role="alert">{error}</p> : <p>Enter the password you were given.</p>}
      <form method="post" action="password">
        <label htmlFor="pw">Password</label><input id="pw" name="password" type="password" required autoComplete="current-password" autoFocus />
        <button type="submit">Open</button>
      </form>
    </main>
  ), 401);
}

export interface EntryPage {
  title: string;
  frameSrc: string; // the framed deck's URL, relative to the page
  bar: boolean;
  /** Attachments offered in the bar (paths relative to the page, `downloads/...`), or null: no downloads menu. */
  downloads: { href: string; name: string }[] | null;
}

function entryBody(p: EntryPage, frameSrc: string): ReactNode {
  const downloads = p.downloads ? (
    <details>
      <summary>Download files ({p.downloads.length})</summary>
      <ul>
        <li><a href="downloads.zip" download="">All files (zip)</a></li>
        {p.downloads.map((f) => <li key={f.href}><a href={f.href} download="">{f.name}</a></li>)}
      </ul>
    </details>
  ) : null;
  // The deck is the page's main content; its title is the one heading (hidden when there is no bar).
  return (
    <>
      {p.bar ? <header className="bar"><h1 className="title">{p.title}</h1>{downloads}</header> : null}
      <main className="viewer">
        {p.bar ? null : <h1 className="visually-hidden">{p.title}</h1>}
        <iframe src={frameSrc} sandbox={FRAME_SANDBOX} title={p.title} allow="fullscreen"></iframe>
      </main>
    </>
  );
}

const entryDescription = (title: string) => `${title}: a presentation shared with Podium.`;

// The entry page is the hot one (every view of a link loads it). Only two of its values
// change per request: the style nonce and the frame's URL (the signed per-view context). The
// page is rendered once per link content (title, bar, downloads) with two random slot
// markers in their places and kept; a request fills the slots. What fills them never needs
// escaping, and is checked to be so: a nonce is base64, and a frame URL that is not made of
// URL characters only (never the case: base64url context, percent-encoded path) is rendered
// in full instead.
const SLOT_NONCE = `nonce${randomBytes(12).toString('hex')}`;
const SLOT_FRAME = `frame${randomBytes(12).toString('hex')}`;
const INERT = /^[A-Za-z0-9._~%/:+=-]*$/; // nothing HTML escapes: no & < > " '
const MAX_KEPT = 2000;
const kept = new Map<string, readonly [string, string, string]>();

function entryParts(p: EntryPage): readonly [string, string, string] | null {
  const key = JSON.stringify([p.title, p.bar, p.downloads]);
  const known = kept.get(key);
  if (known) return known;
  if (key.includes(SLOT_NONCE) || key.includes(SLOT_FRAME)) return null;
  const html = linkDocument(p.title, entryBody(p, SLOT_FRAME), SLOT_NONCE, entryDescription(p.title));
  const [head, rest, ...more] = html.split(SLOT_NONCE);
  const [mid, tail, ...extra] = (rest ?? '').split(SLOT_FRAME);
  if (more.length || extra.length || rest === undefined || tail === undefined) return null;
  if (kept.size >= MAX_KEPT) kept.clear();
  const parts = [head!, mid!, tail] as const;
  kept.set(key, parts);
  return parts;
}

/** The link's entry page: the bar (unless hidden or embedded) and the deck in a sandboxed frame. */
export function entryPage(reply: FastifyReply, p: EntryPage): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const parts = INERT.test(p.frameSrc) ? entryParts(p) : null;
  const html = parts ? parts[0] + nonce + parts[1] + p.frameSrc + parts[2] : linkDocument(p.title, entryBody(p, p.frameSrc), nonce, entryDescription(p.title));
  return send(reply, html, nonce, 200);
}
