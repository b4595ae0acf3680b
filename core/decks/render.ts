// A generated deck as one self-contained HTML file: every screen a <section>, styles and the
// navigation script inline, no request leaves the page (its own Content-Security-Policy says
// so: default-src 'none'). Keyboard: arrows, Page Up/Down, space, Home and End; the screen
// number is kept in the address (#3) so a link opens on a screen. In a narrow window the
// type scales down and long words wrap; without script every screen is shown in a column.
// Every string is escaped. Deterministic: the same deck gives the same bytes.
import { citationLabel, type CommitChart, type DeckKind, type Screen } from './types.ts';

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
.js .screen.title:not(.on){display:block;position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap;padding:0;margin:0}.js .screen.title:not(.on)>:not(h1){display:none}
.few li{font-size:clamp(20px,3.4vw,36px)}.title{text-align:center}.title h1{font-size:clamp(32px,7vw,76px);margin:.2em 0}.title .tag{font-size:clamp(18px,2.8vw,30px);color:#c9d5e1;margin:0 0 1em}.title .who{font-size:clamp(16px,2.2vw,24px);color:#8fa3b8;margin:0}
.kicker{margin:0 0 .5em;color:#8fa3b8;font-size:clamp(12px,1.6vw,15px);letter-spacing:.04em;text-transform:uppercase}
h1,h2{margin:0 0 .7em;font-size:clamp(26px,5vw,52px);line-height:1.1}ul{margin:0;padding:0 0 0 1.1em}
li{margin:0 0 .8em;font-size:clamp(16px,2.4vw,26px);overflow-wrap:anywhere}cite{display:block;font-style:normal;font-size:.62em;color:#8fa3b8;font-family:ui-monospace,Menlo,Consolas,monospace}
pre{margin:.4em 0 .2em;padding:.6em .8em;background:#16212d;border:1px solid #243140;border-radius:6px;white-space:pre-wrap;overflow-wrap:anywhere;font:clamp(12px,1.5vw,17px)/1.4 ui-monospace,Menlo,Consolas,monospace;color:#dfe7ef}
.mark{color:#f5b041;font-weight:600}.chart{margin:1em 0 0}.chart figcaption{font-size:14px;color:#8fa3b8}nav{display:flex;gap:12px;align-items:center;justify-content:center;padding:10px;border-top:1px solid #243140}
button{font:inherit;background:#1d2a38;color:inherit;border:1px solid #34465a;border-radius:6px;padding:6px 14px;cursor:pointer}button:focus-visible{outline:2px solid #7fb3ff}
footer{font-size:12px;color:#8fa3b8;padding:6px 12px 10px;text-align:center;overflow-wrap:anywhere}@media print{.js .screen{display:block;page-break-after:always}nav{display:none}}`;

const SCRIPT = `(function(){var d=document,s=d.querySelectorAll('.screen'),n=s.length,i=0,pos=d.getElementById('pos');d.documentElement.className='js';
function show(k){i=Math.max(0,Math.min(n-1,k));for(var j=0;j<n;j++)s[j].classList.toggle('on',j===i);pos.textContent=(i+1)+' / '+n;try{if(location.hash!=='#'+(i+1))history.replaceState(null,'','#'+(i+1))}catch(e){}}
d.getElementById('prev').onclick=function(){show(i-1)};d.getElementById('next').onclick=function(){show(i+1)};
d.addEventListener('keydown',function(e){var k=e.key;if(k==='ArrowRight'||k==='ArrowDown'||k==='PageDown'||k===' '){e.preventDefault();show(i+1)}else if(k==='ArrowLeft'||k==='ArrowUp'||k==='PageUp'){e.preventDefault();show(i-1)}else if(k==='Home'){show(0)}else if(k==='End'){show(n-1)}});
var h=parseInt((location.hash||'').slice(1),10);show(h>0?h-1:0);})();`;

/** Commits over the build window as an inline SVG bar chart (no request, no script), with a
 *  text equivalent for screen readers and the commits it counts as its citation. */
export function chartSvg(c: CommitChart): string {
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
    return `<section class="screen${few}" id="s${i + 2}" aria-label="${i + 2} of ${n}: ${escapeHtml(s.heading)}"><p class="kicker">${escapeHtml(d.team)} · ${d.kind} deck · ${i + 2} / ${n}</p><h2 class="h">${escapeHtml(s.heading)}</h2><ul>${claims}</ul>${s.chart ? chartSvg(s.chart) : ''}</section>`;
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
