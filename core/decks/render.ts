// A generated deck as one self-contained HTML file: every screen a <section>, styles and the
// navigation script inline, no request leaves the page (its own Content-Security-Policy says
// so: default-src 'none'). Keyboard: arrows, Page Up/Down, space, Home and End; the screen
// number is kept in the address (#3) so a link opens on a screen. In a narrow window the
// type scales down and long words wrap; without script every screen is shown in a column.
// Every string is escaped. Deterministic: the same deck gives the same bytes.
import { citationLabel, type ChartRow, type CommitChart, type DeckKind, type Screen } from './types.ts';

export interface RenderInput {
  team: string;
  kind: DeckKind;
  eventName: string;
  sha: string;
  archiveName: string;
  generator: string;
  screens: Screen[];
  /** The team's own project name and tagline (showcase), shown on the title screen when given. */
  project?: string | null;
  tagline?: string | null;
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]!);

const STYLE = `*{box-sizing:border-box}html,body{margin:0;height:100%}body{font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0f1720;color:#eef2f6;display:flex;flex-direction:column}
main{flex:1;overflow:auto}.screen{padding:clamp(16px,5vw,64px);max-width:1100px;margin:0 auto}.js .screen{display:none;min-height:100%}.js .screen.on{display:flex;flex-direction:column;justify-content:center}
.few li{font-size:clamp(20px,3.4vw,36px)}.title{text-align:center}.title h1{font-size:clamp(32px,7vw,76px);margin:.2em 0}.title .tag{font-size:clamp(18px,2.8vw,30px);color:#c9d5e1;margin:0 0 1em}.title .who{font-size:clamp(16px,2.2vw,24px);color:#8fa3b8;margin:0}
.kicker{margin:0 0 .5em;color:#8fa3b8;font-size:clamp(12px,1.6vw,15px);letter-spacing:.04em;text-transform:uppercase}
h1,h2{margin:0 0 .7em;font-size:clamp(26px,5vw,52px);line-height:1.1}ul{margin:0;padding:0 0 0 1.1em}
li{margin:0 0 .8em;font-size:clamp(16px,2.4vw,26px);overflow-wrap:anywhere}cite{display:block;font-style:normal;font-size:.62em;color:#8fa3b8;font-family:ui-monospace,Menlo,Consolas,monospace}
pre{margin:.4em 0 .2em;padding:.6em .8em;background:#16212d;border:1px solid #243140;border-radius:6px;white-space:pre-wrap;overflow-wrap:anywhere;font:clamp(12px,1.5vw,17px)/1.4 ui-monospace,Menlo,Consolas,monospace;color:#dfe7ef}
.mark{color:#f5b041;font-weight:600}.chart{margin:0 0 1em}.chart figcaption{font-size:14px;color:#8fa3b8}nav{display:flex;gap:12px;align-items:center;justify-content:center;padding:10px;border-top:1px solid #243140}
button{font:inherit;background:#1d2a38;color:inherit;border:1px solid #34465a;border-radius:6px;padding:6px 14px;cursor:pointer}button:focus-visible{outline:2px solid #7fb3ff}
footer{font-size:12px;color:#8fa3b8;padding:6px 12px 10px;text-align:center;overflow-wrap:anywhere}@media print{.js .screen{display:block;page-break-after:always}nav{display:none}}`;

const SCRIPT = `(function(){var d=document,s=d.querySelectorAll('.screen'),n=s.length,i=0,pos=d.getElementById('pos');d.documentElement.className='js';
function show(k){i=Math.max(0,Math.min(n-1,k));for(var j=0;j<n;j++)s[j].classList.toggle('on',j===i);pos.textContent=(i+1)+' / '+n;try{if(location.hash!=='#'+(i+1))history.replaceState(null,'','#'+(i+1))}catch(e){}}
d.getElementById('prev').onclick=function(){show(i-1)};d.getElementById('next').onclick=function(){show(i+1)};
d.addEventListener('keydown',function(e){var k=e.key;if(k==='ArrowRight'||k==='ArrowDown'||k==='PageDown'||k===' '){e.preventDefault();show(i+1)}else if(k==='ArrowLeft'||k==='ArrowUp'||k==='PageUp'){e.preventDefault();show(i-1)}else if(k==='Home'){show(0)}else if(k==='End'){show(n-1)}});
var h=parseInt((location.hash||'').slice(1),10);show(h>0?h-1:0);})();`;

const AUTHOR_COLOURS = ['#7fb3ff', '#ffb86b', '#8be28b', '#ff8fb1', '#c5a3ff', '#5fd3d3', '#f0e06b', '#ff7f6b'];
const SOMEONE_COLOUR = '#8fa3b8';
const HOUR = 3600_000;

/** Time since the window's start as the event's clock: "+3:05". */
function eventClock(from: number, at: string): string {
  const m = Math.max(0, Math.floor((Date.parse(at) - from) / 60_000));
  return `+${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

const rowChange = (r: ChartRow) => (r.files === undefined ? '' : ` · ${r.files} file${r.files === 1 ? '' : 's'} +${r.added ?? 0} −${r.deleted ?? 0}`);

/** The build story (issue 42): one row per commit (event clock, author, subject, files and
 *  lines changed) on an hour axis, a dot per commit in its author's colour ("someone else" in
 *  grey), the server's push receipts as dashed markers with the commits each brought. */
function storySvg(c: CommitChart, rows: ChartRow[]): string {
  const W = 960;
  const PLOT = 300; // the time axis; the row's words to its right
  const TOP = 28;
  const ROW = rows.length > 16 ? 15 : 20; // many commits: tighter rows
  const FONT = rows.length > 16 ? 11 : 13;
  const from = Date.parse(c.from);
  const span = Math.max(1, Date.parse(c.to) - from);
  const x = (at: string) => Math.round(8 + Math.min(1, Math.max(0, (Date.parse(at) - from) / span)) * (PLOT - 16));
  const H = TOP + rows.length * ROW + 26;
  const colours = new Map<string, string>();
  for (const r of rows) if (r.who !== 'someone else' && !colours.has(r.who)) colours.set(r.who, AUTHOR_COLOURS[colours.size % AUTHOR_COLOURS.length]!);
  const colour = (who: string) => colours.get(who) ?? SOMEONE_COLOUR;
  const hours = Math.ceil(span / HOUR);
  const step = Math.max(1, Math.ceil(hours / 12));
  const ticks: string[] = [];
  for (let h = 0; h <= hours; h += step) {
    const tx = x(new Date(from + h * HOUR).toISOString());
    ticks.push(`<line class="tick" x1="${tx}" y1="${TOP - 8}" x2="${tx}" y2="${H - 22}" stroke="#243140"/><text x="${tx}" y="${TOP - 12}" text-anchor="middle" font-size="11" fill="#8fa3b8">${h}h</text>`);
  }
  const marks = (c.pushes ?? []).map((p) => {
    const px = x(p.at);
    const label = `push #${p.sequence} at ${p.at.slice(0, 16).replace('T', ' ')} UTC: ${p.commits} commit${p.commits === 1 ? '' : 's'}`;
    return `<g class="push"><title>${escapeHtml(label)}</title><line x1="${px}" y1="${TOP - 6}" x2="${px}" y2="${H - 20}" stroke="#f5b041" stroke-dasharray="4 3"/><text x="${px}" y="${H - 6}" text-anchor="middle" font-size="11" fill="#f5b041">#${p.sequence} · ${p.commits}</text></g>`;
  }).join('');
  const lines = rows.map((r, i) => {
    const y = TOP + i * ROW + ROW / 2;
    const subject = r.subject.length > 70 ? `${r.subject.slice(0, 69)}…` : r.subject;
    const words = `${eventClock(from, r.at)} · ${r.who} · ${subject}${rowChange(r)}`;
    return `<g class="row"><title>${escapeHtml(`${r.sha.slice(0, 12)} ${r.at.slice(0, 16).replace('T', ' ')} UTC ${r.who}: ${r.subject}${rowChange(r)}`)}</title><line x1="8" y1="${y}" x2="${PLOT - 8}" y2="${y}" stroke="#1d2a38"/><circle cx="${x(r.at)}" cy="${y}" r="5" fill="${colour(r.who)}"/><text x="${PLOT + 6}" y="${y + 4}" font-size="${FONT}" fill="#dfe7ef">${escapeHtml(words)}</text></g>`;
  }).join('');
  const total = c.commits.length;
  const span2 = `${c.from.slice(0, 16).replace('T', ' ')} to ${c.to.slice(0, 16).replace('T', ' ')} UTC`;
  const pushes = c.pushes?.length ?? 0;
  const label = `${total} commit${total === 1 ? '' : 's'} over the build window, ${span2}, one row each${rows.length < total ? ` (the last ${rows.length})` : ''}; ${pushes} push${pushes === 1 ? '' : 'es'} received`;
  const legend = [...colours].map(([who, col]) => `<span style="color:${col}">● ${escapeHtml(who)}</span>`)
    .concat(rows.some((r) => !colours.has(r.who)) ? [`<span style="color:${SOMEONE_COLOUR}">● someone else (not on the roster)</span>`] : [])
    .concat(pushes ? ['<span style="color:#f5b041">┆ push received (#receipt · commits)</span>'] : []).join(' ');
  const cites = c.commits.slice(0, 6).map((k) => k.slice(0, 12)).join(', ') + (total > 6 ? `, … (${total})` : '');
  const receipts = (c.pushes ?? []).map((p) => `#${p.sequence}`).join(', ');
  return `<figure class="chart story"><svg viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="${escapeHtml(label)}">${ticks.join('')}${marks}${lines}</svg><figcaption>${escapeHtml(label)}<br>${legend}<cite>${escapeHtml(`commits ${cites}${receipts ? `; push receipts ${receipts}` : ''}`)}</cite></figcaption></figure>`;
}

/** Commits over the build window as inline SVG (no request, no script), with a text
 *  equivalent for screen readers and the commits it counts as its citation: the build story
 *  (one row per commit) when the chart has rows, else bars over equal parts of the window. */
export function chartSvg(c: CommitChart): string {
  if (c.rows?.length) return storySvg(c, c.rows);
  const W = 600;
  const H = 120;
  const n = Math.max(1, c.counts.length);
  const max = Math.max(1, ...c.counts);
  const bw = W / n;
  const total = c.commits.length;
  const span = `${c.from.slice(0, 16).replace('T', ' ')} to ${c.to.slice(0, 16).replace('T', ' ')} UTC`;
  const bars = c.counts.map((k, i) => {
    const h = Math.round((k / max) * (H - 20));
    return `<rect x="${Math.round(i * bw + 2)}" y="${H - 14 - h}" width="${Math.max(1, Math.round(bw - 4))}" height="${h}" fill="#7fb3ff"><title>${k} commit${k === 1 ? '' : 's'}</title></rect>`;
  }).join('');
  const label = `Commits over the build window, ${span}, in ${n} equal parts: ${c.counts.join(', ')} (${total} in all)`;
  const cites = c.commits.slice(0, 6).map((k) => k.slice(0, 12)).join(', ') + (total > 6 ? `, … (${total})` : '');
  return `<figure class="chart"><svg viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="${escapeHtml(label)}"><line x1="0" y1="${H - 13}" x2="${W}" y2="${H - 13}" stroke="#34465a"/>${bars}</svg><figcaption>${escapeHtml(`${total} commit${total === 1 ? '' : 's'}, ${span}`)}<cite>${escapeHtml(`commits ${cites}`)}</cite></figcaption></figure>`;
}

export function renderDeckHtml(d: RenderInput): string {
  const title = `${d.team} - ${d.kind} deck`;
  const n = d.screens.length + 1; // the title screen, then the deck's screens
  const name = d.project?.trim() || d.team;
  const cover = `<section class="screen title" id="s1" aria-label="1 of ${n}: ${escapeHtml(name)}"><p class="kicker">${escapeHtml(d.eventName)} · ${d.kind} deck</p><h1>${escapeHtml(name)}</h1>${d.tagline?.trim() ? `<p class="tag">${escapeHtml(d.tagline.trim())}</p>` : ''}<p class="who">by team ${escapeHtml(d.team)}</p></section>`;
  const sections = d.screens.map((s, i) => {
    const claims = s.claims.map((c) => {
      const cite = c.cite ? `<cite>${escapeHtml(citationLabel(c.cite))}</cite>` : '';
      const mark = c.unverified || !c.cite ? '<span class="mark">[unverified]</span> ' : '';
      // a code screen: the snippet as it is in the file (wrapped, never scrolled), then its file:line
      const code = c.quote !== undefined ? `<pre><code>${escapeHtml(c.quote)}</code></pre>` : '';
      return `<li${code ? ' class="code"' : ''}>${mark}${escapeHtml(c.text)}${code}${cite}</li>`;
    }).join('');
    // A screen with one or two claims gets larger type so it does not sit at the top of an empty frame.
    const few = s.claims.length <= 2 ? ' few' : '';
    return `<section class="screen${few}" id="s${i + 2}" aria-label="${i + 2} of ${n}: ${escapeHtml(s.heading)}"><p class="kicker">${escapeHtml(d.team)} · ${d.kind} deck · ${i + 2} / ${n}</p><h2 class="h">${escapeHtml(s.heading)}</h2>${s.chart ? chartSvg(s.chart) : ''}<ul>${claims}</ul></section>`;
  }).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<meta name="generator" content="podium ${escapeHtml(d.generator)}">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${cover}
${sections}
</main>
<nav aria-label="Screens"><button id="prev" type="button" aria-label="Previous screen">&larr;</button><span id="pos" aria-live="polite">1 / ${n}</span><button id="next" type="button" aria-label="Next screen">&rarr;</button></nav>
<footer>${escapeHtml(d.eventName)} · generated from revision ${escapeHtml(d.sha.slice(0, 12))} (${escapeHtml(d.archiveName)}) · every claim cites the frozen evidence or is marked [unverified]</footer>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
