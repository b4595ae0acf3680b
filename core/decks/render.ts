// A generated deck as one HTML file: every screen a <section>, styles and the navigation
// script inline; the only other requests are the deck's own pictures (pictures/..., files of
// the same generated deck, images only: its Content-Security-Policy says so). Keyboard:
// arrows, Page Up/Down, space, Home and End; the screen number is kept in the address (#3) so
// a link opens on a screen. Every screen fits a 16:9 frame (fit.ts): sizes are in units of
// the frame's height, a crowded screen gets smaller type within a floor or is split in two
// when the template allows, and citations sit in a footnote strip at the screen's foot. In a
// narrow window long words wrap and the frame scrolls; without script every screen is shown
// in a column. Every string is escaped. Deterministic: the same deck gives the same bytes.
import { CHART_HEIGHT, DIAGRAM_HEIGHT, fitScreens, FRAME, RUNTIME_FLOOR, type FittedScreen } from './fit.ts';
import { diagramSvg } from './diagram-svg.ts';
import type { Identity } from './identity.ts';
import type { Picture } from './pictures.ts';
import { citationLabel, type ChartRow, type Citation, type CommitChart, type DeckKind, type Screen } from './types.ts';

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
  /** The project's name and one-line description with their citations (identity.ts): wins over project/tagline. */
  identity?: Identity | null;
  /** Pictures from the evidence (pictures.ts): the first on the title screen, all on a screen of their own. */
  pictures?: Picture[];
  /** The template's most screens: a screen is split only while the deck stays within it. */
  maxScreens?: number;
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]!);

const FRAME_W = FRAME.width;
const MONO = 'ui-monospace,Menlo,Consolas,"DejaVu Sans Mono",monospace';
const STYLE = `*{box-sizing:border-box}html,body{margin:0;height:100%}body{font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0f1720;color:#eef2f6;display:flex;flex-direction:column}
main{flex:1;min-height:0;overflow:auto;container-type:size}.screen{--k:1;width:min(100cqw,${FRAME_W}cqh);min-height:100cqh;margin:0 auto;padding:3.5cqh 5cqh;font-size:clamp(13px,calc(var(--k)*3.4cqh),64px);line-height:1.35}
.js .screen{display:none;height:100cqh}.js .screen.on{display:flex;flex-direction:column;justify-content:center}.body{flex:1;min-height:0;display:flex;flex-direction:column;justify-content:safe center}
.js .screen.title:not(.on){display:block;position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap;padding:0;margin:0}.js .screen.title:not(.on) :is(.kicker,.tag,.who,.hero,.notes,sup){display:none}
.kicker{margin:0 0 .4em;color:#8fa3b8;font-size:.55em;line-height:1.3;letter-spacing:.04em;text-transform:uppercase}
h1,h2{margin:0 0 .4em;font-size:1.9em;line-height:1.12}ul{margin:0;padding:0 0 0 1.1em}li{margin:0 0 .5em;overflow-wrap:anywhere}
sup{font-size:.55em;color:#8fa3b8;margin-left:.2em;vertical-align:baseline;position:relative;top:-.6em}cite{font-style:normal}
pre{margin:.3em 0 0;padding:.35em .6em;background:#16212d;border:1px solid #243140;border-radius:6px;white-space:pre-wrap;overflow-wrap:anywhere;font:.7em/1.35 ${MONO};color:#dfe7ef}
.notes{list-style:none;margin:.6em 0 0;padding:.3em 0 0;border-top:1px solid #243140;display:flex;flex-wrap:wrap;gap:0 1.2em;font:.5em/1.35 ${MONO};color:#8fa3b8}.notes li{margin:0}.notes b{font-weight:600;color:#c9d5e1;margin-right:.4em}
.mark{color:#f5b041;font-weight:600}.chart{margin:0 0 .6em}.chart svg{display:block;width:100%;max-height:${CHART_HEIGHT}cqh}.chart figcaption{font-size:.5em;color:#8fa3b8}.diagram svg{max-height:${DIAGRAM_HEIGHT}cqh}.chart cite{display:block;font-family:${MONO}}
.title{text-align:center}.title h1{font-size:2.6em;margin:.1em 0 .3em}.title .tag{font-size:1.1em;color:#c9d5e1;margin:0 0 .8em}.title .who{font-size:.75em;color:#8fa3b8;margin:0}
.cover{display:flex;gap:4cqh;align-items:center;justify-content:center}.cover>div{flex:1 1 0;min-width:0}.cover.pictured{text-align:left}.cover.pictured h1{font-size:2.1em}
.pic{margin:0;min-width:0;text-align:center}.pic img{display:block;width:auto;height:auto;max-width:100%;margin:0 auto;border-radius:4px;background:#fff}.hero{flex:0 1 48%}.hero img{max-height:56cqh}
.pic figcaption{margin-top:.4em;font:.45em/1.3 ${MONO};color:#8fa3b8;overflow-wrap:anywhere}.pics{display:grid;gap:2cqh 3cqh;align-items:center}.pics.n1 img{max-height:66cqh}.pics.n2{grid-template-columns:1fr 1fr}.pics.n2 img{max-height:60cqh}.pics.n3{grid-template-columns:1fr 1fr}.pics.n3 img{max-height:29cqh}
@media (max-aspect-ratio:1/1){.cover{flex-direction:column}.cover.pictured{text-align:center}.hero img{max-height:34cqh}.pics.n2,.pics.n3{grid-template-columns:1fr}.pics img{max-height:26cqh}}
nav{display:flex;gap:12px;align-items:center;justify-content:center;padding:10px;border-top:1px solid #243140}
button{font:inherit;background:#1d2a38;color:inherit;border:1px solid #34465a;border-radius:6px;padding:6px 14px;cursor:pointer}button:focus-visible{outline:2px solid #7fb3ff}
footer{font-size:12px;color:#8fa3b8;padding:6px 12px 10px;text-align:center;overflow-wrap:anywhere}@media print{.js .screen{display:block;height:auto;page-break-after:always}nav{display:none}}`;

// show(k) shows screen k; fit(e) shrinks a screen's type (from the renderer's estimate, by
// 0.05, down to the floor) until nothing of it is hidden in this window, again on resize.
const SCRIPT = `(function(){var d=document,s=d.querySelectorAll('.screen'),n=s.length,i=0,pos=d.getElementById('pos'),F=${RUNTIME_FLOOR};d.documentElement.className='js';
function fit(e){var k=parseFloat(e.getAttribute('data-k'))||1;for(;;){e.style.setProperty('--k',String(k));if(k<=F||(e.scrollHeight<=e.clientHeight+1&&e.scrollWidth<=e.clientWidth+1))break;k=Math.max(F,Math.round((k-.05)*100)/100)}}
function show(k){i=Math.max(0,Math.min(n-1,k));for(var j=0;j<n;j++)s[j].classList.toggle('on',j===i);fit(s[i]);pos.textContent=(i+1)+' / '+n;try{if(location.hash!=='#'+(i+1))history.replaceState(null,'','#'+(i+1))}catch(e){}}
d.getElementById('prev').onclick=function(){show(i-1)};d.getElementById('next').onclick=function(){show(i+1)};window.addEventListener('resize',function(){fit(s[i])});
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

/** The build story: one row per commit (event clock, author, subject, files and
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

/** Claims as a list whose citations are numbered marks, and the footnote strip they point to. */
function claimsAndNotes(claims: Screen['claims'], extra: Citation[] = []): { list: string; notes: string } {
  const notes: string[] = [];
  const mark = (c: Citation) => {
    notes.push(`<li><b>${notes.length + 1}</b><cite>${escapeHtml(citationLabel(c))}</cite></li>`);
    return `<sup>${notes.length}</sup>`;
  };
  for (const c of extra) mark(c);
  const list = claims.map((c) => {
    const unverified = c.unverified || !c.cite ? '<span class="mark">[unverified]</span> ' : '';
    // a code screen: the snippet as it is in the file (wrapped, never scrolled)
    const code = c.quote !== undefined ? `<pre><code>${escapeHtml(c.quote)}</code></pre>` : '';
    return `<li${code ? ' class="code"' : ''}>${unverified}${escapeHtml(c.text)}${c.cite ? mark(c.cite) : ''}${code}</li>`;
  }).join('');
  return { list: list ? `<ul>${list}</ul>` : '', notes: notes.length ? `<ol class="notes" aria-label="Citations">${notes.join('')}</ol>` : '' };
}

/** A picture from the evidence, its caption citing its path (and the README line embedding it). */
function figure(p: Picture, cls: string): string {
  const where = p.embed ? `${p.path} (embedded at ${p.embed.path}:${p.embed.line})` : p.path;
  const alt = p.alt || `Picture from the repository: ${p.path}`;
  return `<figure class="pic${cls}"><img src="${escapeHtml(p.file)}" alt="${escapeHtml(alt)}" width="${p.width}" height="${p.height}"><figcaption><cite>${escapeHtml(where)}</cite></figcaption></figure>`;
}

export function renderDeckHtml(d: RenderInput): string {
  const title = `${d.team} - ${d.kind} deck`;
  const pictures = d.pictures ?? [];
  const screens: FittedScreen[] = fitScreens(d.screens, Math.max(0, (d.maxScreens ?? d.screens.length) - d.screens.length));
  // the pictures the title does not show get a screen of their own, after "What it does"
  const more = pictures.slice(1);
  const at = more.length ? screens.findIndex((s) => s.heading === 'What it does') + 1 || screens.length : -1;
  const n = screens.length + 1 + (more.length ? 1 : 0);
  const id = d.identity ?? { name: d.project?.trim() || d.team, nameCite: null, description: d.tagline?.trim() || null, descriptionCite: null };
  const head = claimsAndNotes([], [id.nameCite, id.descriptionCite].filter((c): c is Citation => !!c));
  const sup = (c: Citation | null, k: number) => (c ? `<sup>${k}</sup>` : '');
  const hero = pictures[0] ? figure(pictures[0], ' hero') : '';
  const cover = `<section class="screen title" id="s1" aria-label="1 of ${n}: ${escapeHtml(id.name)}" data-k="1"><p class="kicker">${escapeHtml(d.eventName)} · ${d.kind} deck</p><div class="body"><div class="cover${hero ? ' pictured' : ''}"><div><h1>${escapeHtml(id.name)}${sup(id.nameCite, 1)}</h1>${id.description ? `<p class="tag">${escapeHtml(id.description)}${sup(id.descriptionCite, id.nameCite ? 2 : 1)}</p>` : ''}<p class="who">by team ${escapeHtml(d.team)}</p></div>${hero}</div></div>${head.notes}</section>`;
  const sections: string[] = [cover];
  const kicker = (k: number) => `<p class="kicker">${escapeHtml(d.team)} · ${d.kind} deck · ${k} / ${n}</p>`;
  screens.forEach((s, i) => {
    if (i === at) {
      const k = sections.length + 1;
      sections.push(`<section class="screen" id="s${k}" aria-label="${k} of ${n}: In pictures" data-k="1">${kicker(k)}<div class="body"><h2 class="h">In pictures</h2><div class="pics n${more.length}">${more.map((p) => figure(p, '')).join('')}</div></div></section>`);
    }
    const k = sections.length + 1;
    const heading = s.part ? `${s.heading} (${s.part})` : s.heading;
    const { list, notes } = claimsAndNotes(s.claims);
    // a screen with one or two claims gets larger type (its scale) so it does not sit small in an empty frame
    const few = s.claims.length <= 2 ? ' few' : '';
    sections.push(`<section class="screen${few}" id="s${k}" aria-label="${k} of ${n}: ${escapeHtml(heading)}" data-k="${s.scale}" style="--k:${s.scale}">${kicker(k)}<div class="body"><h2 class="h">${escapeHtml(heading)}</h2>${s.chart ? chartSvg(s.chart) : ''}${s.diagram ? diagramSvg(s.diagram) : ''}${list}</div>${notes}</section>`);
  });
  if (at === screens.length) {
    const k = sections.length + 1;
    sections.push(`<section class="screen" id="s${k}" aria-label="${k} of ${n}: In pictures" data-k="1">${kicker(k)}<div class="body"><h2 class="h">In pictures</h2><div class="pics n${more.length}">${more.map((p) => figure(p, '')).join('')}</div></div></section>`);
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<meta name="generator" content="podium ${escapeHtml(d.generator)}">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${sections.join('\n')}
</main>
<nav aria-label="Screens"><button id="prev" type="button" aria-label="Previous screen">&larr;</button><span id="pos" aria-live="polite">1 / ${n}</span><button id="next" type="button" aria-label="Next screen">&rarr;</button></nav>
<footer>${escapeHtml(d.eventName)} · generated from revision ${escapeHtml(d.sha.slice(0, 12))} (${escapeHtml(d.archiveName)}) · every claim and picture cites the frozen evidence or is marked [unverified]</footer>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
