// Server-rendered pages are React components rendered to static markup (react-dom/server):
// every string is escaped by React, as text and in attributes, and `javascript:` URLs in
// href/src are refused by it. Nothing here builds HTML by hand. Pages carry a strict CSP (no
// scripts on these first-run pages, styles only by nonce) and no external fonts or CDNs.
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** A whole document: `<!doctype html>` then the rendered `<html>` element. */
export function renderDocument(doc: ReactElement): string {
  return `<!doctype html>${renderToStaticMarkup(doc)}`;
}

/** A fragment of markup (an embed snippet), escaped like every page. */
export function renderMarkup(node: ReactNode): string {
  return renderToStaticMarkup(<>{node}</>);
}

/**
 * An href taken from data (a repository invitation, a deck link): only http(s) URLs and
 * local paths are links; anything else (javascript:, data:, a protocol-relative //host) is
 * not one. React refuses javascript: URLs already; this refuses the rest too.
 */
export function safeHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return /^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) ? url : undefined;
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

export function sendPage(reply: FastifyReply, title: string, body: ReactNode, status = 200): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`);
  return reply.send(renderDocument(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <link rel="icon" href="/favicon.ico" />
        <meta name="description" content={DEFAULT_DESCRIPTION} />
        <title>{`${title} · Podium`}</title>
        <style nonce={nonce}>{STYLE}</style>
      </head>
      <body>
        <main>{body}</main>
      </body>
    </html>,
  ));
}
