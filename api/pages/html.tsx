// Server-rendered pages: every user string goes through esc(); pages carry a strict CSP
// (no scripts, styles only by nonce) and no external fonts or CDNs.
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESC[c]);
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1b1d22;--bg:#f7f7f9;--card:#fff;--line:#d9dbe1;--accent:#3b5bdb;--err:#c92a2a}
@media (prefers-color-scheme:dark){:root{--fg:#e8e9ee;--bg:#15171c;--card:#1e2128;--line:#343842;--accent:#7d95ff;--err:#ff8787}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:32rem;margin:3rem auto;padding:0 1rem}.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:1.5rem}
h1{font-size:1.4rem;margin:0 0 1rem}label{display:block;margin:.8rem 0 .25rem;font-weight:600}
input{width:100%;padding:.55rem .65rem;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg);font:inherit}
button{margin-top:1.2rem;padding:.6rem 1rem;border:0;border-radius:6px;background:var(--accent);color:#fff;font:inherit;font-weight:600;cursor:pointer}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}.error{color:var(--err);font-weight:600}.muted{opacity:.75}code{font-size:.95em}`;

/** What a page says of itself (meta description) when it says nothing more precise. */
export const DEFAULT_DESCRIPTION = 'Podium: publish, share and present decks, and run hackathons from the command line and the browser.';

export function sendPage(reply: FastifyReply, title: string, body: string, status = 200): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`);
  return reply.send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="/favicon.ico">
<meta name="description" content="${DEFAULT_DESCRIPTION}">
<title>${esc(title)} · Podium</title><style nonce="${nonce}">${STYLE}</style></head><body><main>${body}</main></body></html>`);
}
