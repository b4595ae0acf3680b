// The frame of every signed-in app page: a strict CSP (scripts only from our own
// /assets/, styles by nonce, frames only from this origin), the top navigation, one
// stylesheet that follows the system's dark mode and folds down to a phone width.
// The server answers `Referrer-Policy: no-referrer` everywhere; with it browsers send
// `Origin: null` on form posts and fetch writes, which the CSRF check refuses. App pages
// relax it to `same-origin` (our own origin only, nothing leaves for other sites).
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { ReactNode } from 'react';
import { DEFAULT_DESCRIPTION, renderDocument } from '../html.tsx';
import { toAppError } from '../../errors.ts';
import { APP_JS_PATH } from './app-js.ts';

const STYLE = `
:root{color-scheme:light dark;--fg:#1b1d22;--muted:#5b6070;--bg:#f5f6f8;--card:#fff;--line:#d4d7de;--accent:#3451c7;--accent-fg:#fff;--danger:#b42318;--badge:#e7ebfb}
@media (prefers-color-scheme:dark){:root{--fg:#e8e9ee;--muted:#a8adbb;--bg:#14161b;--card:#1e2128;--line:#3a3f4b;--accent:#8ea2ff;--accent-fg:#10131a;--danger:#ff8a80;--badge:#2a3150}}
*{box-sizing:border-box}[hidden]{display:none !important}html,body{margin:0}body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--accent)}:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.top{display:flex;gap:1rem;align-items:center;justify-content:space-between;padding:.5rem 1rem;background:var(--card);border-bottom:1px solid var(--line)}
.top .brand{font-weight:700;text-decoration:none;color:var(--fg)}.top nav{display:flex;gap:.8rem;align-items:center;flex-wrap:wrap}.top form{margin:0}
.page{max-width:72rem;margin:1.5rem auto;padding:0 1rem}.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:1rem 1.2rem;margin-bottom:1rem}
h1{font-size:1.4rem;margin:.2rem 0 1rem}h2{font-size:1.1rem;margin:0 0 .6rem}.muted{color:var(--muted)}.error{color:var(--danger);font-weight:600}
button,.button{display:inline-block;padding:.45rem .85rem;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg);font:inherit;cursor:pointer;text-decoration:none}
button.primary{background:var(--accent);border-color:var(--accent);color:var(--accent-fg);font-weight:600}button.danger{color:var(--danger)}
button:disabled{opacity:.55;cursor:not-allowed}button.link{border:0;background:none;color:var(--accent);padding:0;text-decoration:underline}
input,textarea,select{width:100%;padding:.45rem .6rem;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg);font:inherit}
textarea{font:13px/1.4 ui-monospace,monospace;min-height:4.5rem}label{display:block;font-weight:600;margin:.6rem 0 .2rem}
label.check{display:flex;gap:.5rem;align-items:center;font-weight:400}label.check input{width:auto}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}th{font-size:.85rem;color:var(--muted)}
.badge{display:inline-block;padding:0 .45rem;border-radius:999px;background:var(--badge);font-size:.85rem;font-weight:600}
.thumb{width:160px;height:90px;object-fit:cover;border:1px solid var(--line);border-radius:6px;background:var(--bg)}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:1rem;list-style:none;padding:0;margin:0}
.cards li{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:.8rem}.cards .thumb{width:100%;height:auto;aspect-ratio:16/9}
dialog{border:1px solid var(--line);border-radius:10px;background:var(--card);color:var(--fg);max-width:36rem;width:calc(100% - 2rem)}
dialog::backdrop{background:rgb(0 0 0 / .45)}.actions{display:flex;gap:.6rem;justify-content:flex-end;margin-top:1rem;flex-wrap:wrap}
.split{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:1rem;align-items:start}.split>.card{margin-bottom:0}.split iframe{width:100%;height:auto;aspect-ratio:16/10;border:1px solid var(--line);border-radius:6px}@media (max-width:60rem){.split{grid-template-columns:minmax(0,1fr)}}dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:0}dl.facts dt{color:var(--muted)}dl.facts dd{margin:0;overflow-wrap:anywhere}
.bar{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between;padding:.4rem .8rem;background:var(--card);border-bottom:1px solid var(--line)}
.bar .left,.bar .right{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;min-width:0}
details.menu{position:relative}details.menu>summary{cursor:pointer;font-weight:700;list-style:none;padding:.3rem .5rem;border-radius:6px;max-width:60vw;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
details.menu>summary::after{content:" ▾";color:var(--muted)}details.menu>summary::-webkit-details-marker{display:none}
.panel{position:absolute;z-index:5;margin-top:.3rem;padding:.6rem .8rem;background:var(--card);border:1px solid var(--line);border-radius:8px;min-width:17rem;box-shadow:0 6px 24px rgb(0 0 0 / .18)}
.bar .right .panel{right:0}.panel ul{list-style:none;margin:.4rem 0 0;padding:0}.panel li{margin:.15rem 0}.panel li>button,.panel li>a{display:block;width:100%;text-align:left;border:0;background:none;padding:.3rem .2rem;color:var(--fg)}
.panel li>button:hover,.panel li>a:hover{background:var(--bg)}.versions li{position:relative}.versions .thumb{display:none;position:absolute;left:100%;top:0;margin-left:.5rem;z-index:6}
.versions li:hover .thumb,.versions li:focus-within .thumb{display:block}
.full{display:flex;flex-direction:column;height:100vh;height:100dvh}.full .stage{flex:1;min-height:0}.stage iframe{width:100%;height:100%;border:0;background:#fff;display:block}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.rename{display:flex;gap:.4rem;align-items:center}.rename input{width:min(24rem,60vw)}
.subnav{display:flex;flex-wrap:wrap;gap:.4rem 1rem;margin:0 0 1rem}.subnav a[aria-current]{font-weight:700;color:var(--fg)}
ul.posts{list-style:none;margin:0;padding:0}.post{border-bottom:1px solid var(--line);padding:.5rem 0}.post p{margin:.15rem 0}.post .body{white-space:pre-wrap;overflow-wrap:anywhere}
form.inline{display:inline;margin:0}.post-actions{display:flex;flex-wrap:wrap;gap:.3rem .9rem;align-items:center;margin:.3rem 0}details.hide summary{cursor:pointer;color:var(--danger)}
ol.ranking{list-style:none;counter-reset:rank;padding:0;margin:.5rem 0}ol.ranking li{counter-increment:rank;display:flex;flex-wrap:wrap;gap:.4rem .8rem;align-items:center;padding:.5rem .6rem;margin:.3rem 0;border:1px solid var(--line);border-radius:8px;background:var(--card)}
ol.ranking li::before{content:counter(rank) ".";font-weight:700;min-width:1.6rem}ol.ranking li.dragging{opacity:.5}ol.ranking .grip{cursor:grab;color:var(--muted)}ol.ranking .rank-input input{width:4.5rem}ol.ranking .rank-input label{display:inline;font-weight:400;margin:0 .3rem 0 0}
.js ol.ranking .rank-input{display:none}
.countdown [data-countdown]{font-variant-numeric:tabular-nums;font-weight:700}.scroll{overflow-x:auto}
@media (max-width:40rem){.panel{position:fixed;left:.5rem;right:.5rem;min-width:0}.versions .thumb{position:static;margin:.3rem 0 0}.page{margin-top:1rem}}`;

export interface AppPageOptions {
  signedInAs?: string | null; // shows the navigation with sign-out
  full?: boolean; // the master page: no centred column
  status?: number;
  deckId?: string; // app.js acts on this deck
  script?: string; // a second script of ours (same-origin path), e.g. the event pages' one
  description?: string; // the page's meta description (search results, link previews)
}

/** A column header; an action column with no visible header gets a visually hidden one (axe: empty-table-header). */
export function th(header: string, hidden = 'Actions', key?: string | number): ReactNode {
  return <th scope="col" key={key ?? header}>{header ? header : <span className="visually-hidden">{hidden}</span>}</th>;
}

/** A header row of column names (see th). */
export function HeaderRow({ headers }: { headers: string[] }): ReactNode {
  return <tr>{headers.map((h, i) => th(h, 'Actions', i))}</tr>;
}

function TopNav({ signedInAs }: { signedInAs: string }): ReactNode {
  return (
    <header className="top">
      <a className="brand" href="/decks">Podium</a>
      <nav aria-label="Account">
        <a href="/decks/keys">API keys</a>
        <a href="/workspace/invitations">Invitations</a>
        <span className="muted">{signedInAs}</span>
        <form method="post" action="/signout" className="inline"><button type="submit" className="link">Sign out</button></form>
      </nav>
    </header>
  );
}

export function appPage(reply: FastifyReply, title: string, body: ReactNode, opts: AppPageOptions = {}): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  reply
    .status(opts.status ?? 200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'self'; style-src 'nonce-${nonce}'; img-src 'self'; connect-src 'self'; frame-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    );
  return reply.send(renderDocument(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <link rel="icon" href="/favicon.ico" />
        <meta name="referrer" content="same-origin" />
        <meta name="description" content={opts.description ?? DEFAULT_DESCRIPTION} />
        <title>{`${title} · Podium`}</title>
        <style nonce={nonce}>{STYLE}</style>
        <script src={APP_JS_PATH} defer />
        {opts.script ? <script src={opts.script} defer /> : null}
      </head>
      <body className={opts.full ? 'full' : undefined} data-deck={opts.deckId}>
        {opts.full ? body : <>{opts.signedInAs ? <TopNav signedInAs={opts.signedInAs} /> : null}<main className="page" id="main">{body}</main></>}
      </body>
    </html>,
  ));
}

/** A short page for refusals and missing things (404, 403, 429...). */
export function problemPage(reply: FastifyReply, status: number, heading: string, message: string, signedInAs: string | null): FastifyReply {
  return appPage(reply, heading, <div className="card"><h1>{heading}</h1><p>{message}</p><p><a href="/decks">All decks</a></p></div>, { status, signedInAs });
}

/** An SQL refusal (not_found, deck_read_only...) as a page; anything else stays a 500. */
export function failurePage(reply: FastifyReply, err: unknown, signedInAs: string | null): FastifyReply {
  const e = toAppError(err);
  if (e.status >= 500) throw err;
  const heading = e.status === 404 ? 'Not found' : e.status === 403 ? 'Not allowed' : 'Something is off';
  return problemPage(reply, e.status, heading, e.message, signedInAs);
}

