// A generated deck as one self-contained HTML file: every screen a <section>, styles and the
// navigation script inline, no request leaves the page (its own Content-Security-Policy says
// so: default-src 'none'). Keyboard: arrows, Page Up/Down, space, Home and End; the screen
// number is kept in the address (#3) so a link opens on a screen. In a narrow window the
// type scales down and long words wrap; without script every screen is shown in a column.
// Every string is escaped. Deterministic: the same deck gives the same bytes.
import { citationLabel, type DeckKind, type Screen } from './types.ts';

export interface RenderInput {
  team: string;
  kind: DeckKind;
  eventName: string;
  sha: string;
  archiveName: string;
  generator: string;
  screens: Screen[];
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]!);

const STYLE = `*{box-sizing:border-box}html,body{margin:0;height:100%}body{font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0f1720;color:#eef2f6;display:flex;flex-direction:column}
main{flex:1;overflow:auto}.screen{padding:clamp(16px,5vw,64px);max-width:1100px;margin:0 auto}.js .screen{display:none;min-height:100%}.js .screen.on{display:block}
.kicker{margin:0 0 .5em;color:#8fa3b8;font-size:clamp(12px,1.6vw,15px);letter-spacing:.04em;text-transform:uppercase}
h1{margin:0 0 .7em;font-size:clamp(26px,5vw,52px);line-height:1.1}ul{margin:0;padding:0 0 0 1.1em}
li{margin:0 0 .8em;font-size:clamp(16px,2.4vw,26px);overflow-wrap:anywhere}cite{display:block;font-style:normal;font-size:.62em;color:#8fa3b8;font-family:ui-monospace,Menlo,Consolas,monospace}
.mark{color:#f5b041;font-weight:600}nav{display:flex;gap:12px;align-items:center;justify-content:center;padding:10px;border-top:1px solid #243140}
button{font:inherit;background:#1d2a38;color:inherit;border:1px solid #34465a;border-radius:6px;padding:6px 14px;cursor:pointer}button:focus-visible{outline:2px solid #7fb3ff}
footer{font-size:12px;color:#8fa3b8;padding:6px 12px 10px;text-align:center;overflow-wrap:anywhere}@media print{.js .screen{display:block;page-break-after:always}nav{display:none}}`;

const SCRIPT = `(function(){var d=document,s=d.querySelectorAll('.screen'),n=s.length,i=0,pos=d.getElementById('pos');d.documentElement.className='js';
function show(k){i=Math.max(0,Math.min(n-1,k));for(var j=0;j<n;j++)s[j].className=j===i?'screen on':'screen';pos.textContent=(i+1)+' / '+n;try{if(location.hash!=='#'+(i+1))history.replaceState(null,'','#'+(i+1))}catch(e){}}
d.getElementById('prev').onclick=function(){show(i-1)};d.getElementById('next').onclick=function(){show(i+1)};
d.addEventListener('keydown',function(e){var k=e.key;if(k==='ArrowRight'||k==='ArrowDown'||k==='PageDown'||k===' '){e.preventDefault();show(i+1)}else if(k==='ArrowLeft'||k==='ArrowUp'||k==='PageUp'){e.preventDefault();show(i-1)}else if(k==='Home'){show(0)}else if(k==='End'){show(n-1)}});
var h=parseInt((location.hash||'').slice(1),10);show(h>0?h-1:0);})();`;

export function renderDeckHtml(d: RenderInput): string {
  const title = `${d.team} - ${d.kind} deck`;
  const n = d.screens.length;
  const sections = d.screens.map((s, i) => {
    const claims = s.claims.map((c) => {
      const cite = c.cite ? `<cite>${escapeHtml(citationLabel(c.cite))}</cite>` : '';
      const mark = c.unverified || !c.cite ? '<span class="mark">[unverified]</span> ' : '';
      return `<li>${mark}${escapeHtml(c.text)}${cite}</li>`;
    }).join('');
    return `<section class="screen" id="s${i + 1}" aria-label="${i + 1} of ${n}: ${escapeHtml(s.heading)}"><p class="kicker">${escapeHtml(d.team)} · ${d.kind} deck · ${i + 1} / ${n}</p><h1>${escapeHtml(s.heading)}</h1><ul>${claims}</ul></section>`;
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
${sections}
</main>
<nav aria-label="Screens"><button id="prev" type="button" aria-label="Previous screen">&larr;</button><span id="pos" aria-live="polite">1 / ${n}</span><button id="next" type="button" aria-label="Next screen">&rarr;</button></nav>
<footer>${escapeHtml(d.eventName)} · generated from revision ${escapeHtml(d.sha.slice(0, 12))} (${escapeHtml(d.archiveName)}) · every claim cites the frozen evidence or is marked [unverified]</footer>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
