// The architecture diagram (architecture.ts) as an inline SVG for "How it works":
// parts in columns by how far down the calls they sit (what nothing calls on the left, the
// datastores and external APIs it reaches on the right), an arrow per call. Its text
// alternative says the same in words (role="img", <title> and <desc>), and its caption cites
// every file and line range it is drawn from. Deterministic and escaped.
import { diagramCites, diagramText, type Diagram } from './architecture.ts';
import { citationLabel } from './types.ts';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]!);
const fit = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);

const FILL = { service: '#1d2a38', datastore: '#2a2338', external: '#1f3326' } as const;
const STROKE = { service: '#7fb3ff', datastore: '#c5a3ff', external: '#8be28b' } as const;

/** Each node's column: 0 for what nothing calls, else one more than its furthest caller. */
function columns(d: Diagram): Map<string, number> {
  const col = new Map(d.nodes.map((n) => [n.id, 0]));
  for (let pass = 0; pass < d.nodes.length; pass++) {
    for (const e of d.edges) {
      const next = (col.get(e.from) ?? 0) + 1;
      if (col.has(e.to) && next > col.get(e.to)! && next < d.nodes.length) col.set(e.to, next);
    }
  }
  // a datastore or an external API sits right of every service that calls it
  return col;
}

export function diagramSvg(d: Diagram): string {
  const col = columns(d);
  const ncol = Math.max(...col.values()) + 1;
  const byCol: string[][] = Array.from({ length: ncol }, () => []);
  for (const n of d.nodes) byCol[col.get(n.id)!]!.push(n.id);
  const W = 960;
  const BW = 200;
  const BH = 56;
  const GAP = 18;
  const rows = Math.max(...byCol.map((c) => c.length));
  const H = rows * (BH + GAP) + GAP;
  const pos = new Map<string, { x: number; y: number }>();
  byCol.forEach((ids, ci) => {
    const x = ncol === 1 ? (W - BW) / 2 : 10 + (ci * (W - BW - 20)) / (ncol - 1);
    const top = (H - ids.length * (BH + GAP) + GAP) / 2;
    ids.forEach((id, ri) => pos.set(id, { x: Math.round(x), y: Math.round(top + ri * (BH + GAP)) }));
  });
  const arrows = d.edges.map((e) => {
    const a = pos.get(e.from);
    const b = pos.get(e.to);
    if (!a || !b) return '';
    const back = b.x <= a.x;
    const [x1, x2] = back ? [a.x + BW / 2, b.x + BW / 2] : [a.x + BW, b.x];
    const [y1, y2] = back ? [a.y + BH, b.y] : [a.y + BH / 2, b.y + BH / 2];
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#8fa3b8" stroke-width="2" marker-end="url(#arrow)"/>`;
  }).join('');
  const boxes = d.nodes.map((n) => {
    const p = pos.get(n.id)!;
    const detail = n.detail ? `<text x="${p.x + BW / 2}" y="${p.y + 42}" text-anchor="middle" font-size="12" fill="#8fa3b8">${esc(fit(n.detail, 30))}</text>` : '';
    return `<rect x="${p.x}" y="${p.y}" width="${BW}" height="${BH}" rx="8" fill="${FILL[n.kind]}" stroke="${STROKE[n.kind]}" stroke-width="2"/><text x="${p.x + BW / 2}" y="${p.y + (n.detail ? 23 : 33)}" text-anchor="middle" font-size="${n.label.length > 18 ? 13 : 16}" font-weight="600" fill="#eef2f6">${esc(fit(n.label, 28))}</text>${detail}`;
  }).join('');
  const words = diagramText(d);
  const externals = d.nodes.filter((n) => n.kind === 'external').map((n) => n.label);
  const alt = `How the parts call each other: ${words}${externals.length ? `; external APIs called: ${externals.join(', ')}` : ''}`;
  const cites = diagramCites(d).map(citationLabel).join(', ');
  return `<figure class="chart diagram"><svg viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-labelledby="dg-t dg-d"><title id="dg-t">Architecture of the project</title><desc id="dg-d">${esc(alt)}</desc><defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#8fa3b8"/></marker></defs>${arrows}${boxes}</svg><figcaption>Drawn from <cite>${esc(cites)}</cite></figcaption></figure>`;
}
