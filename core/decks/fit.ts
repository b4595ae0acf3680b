// Fitting a generated deck's screens into a 16:9 frame: the renderer lays every
// screen out in units of the frame's height (CSS container units, so 1280x720 and 1920x1080
// give the same picture), and this module estimates, before any browser sees the deck, how
// tall a screen's content is at a given type scale. The renderer picks the largest scale at
// which the estimate fits (within a floor), and splits a screen in two when it would need
// small type and the template allows another screen. The estimate is deliberately generous
// (DejaVu-wide letters); the deck's own script still shrinks a screen that overflows in the
// browser it runs in, down to RUNTIME_FLOOR, so a wrong guess costs type size, never content.
import { citationLabel, type Claim, type Screen } from './types.ts';

/** All lengths are in percent of the frame's height (cqh). */
export const FRAME = { width: 177.78, padX: 5, padY: 3.5 };
/** The screen's base type at scale 1, in cqh (claims are set at 1em of it). */
export const BASE = 3.4;
export const SCALE_MAX = 1;
export const SCALE_FEW = 1.3;
export const SCALE_MIN = 0.7;
/** The deck's script shrinks no further than this. */
export const RUNTIME_FLOOR = 0.55;
/** Below this scale a screen is split when the template has room for another. */
export const SPLIT_BELOW = 0.85;
/** The chart's box, at most (cqh). */
export const CHART_HEIGHT = 30;
/** The architecture diagram's box, at most (cqh). */
export const DIAGRAM_HEIGHT = 32;

// average advance widths in em (DejaVu Sans and Sans Mono, the widest of the usual faces)
const SANS = 0.58;
const BOLD = 0.66;
const MONO = 0.62;

const wrapped = (chars: number, em: number, font: number, width: number) => Math.max(1, Math.ceil((chars * em * font) / width));

/** The citation labels a screen's footnote strip shows, in claim order. */
export function notesOf(claims: Claim[]): string[] {
  return claims.filter((c) => c.cite).map((c) => citationLabel(c.cite!));
}

/** Estimated content height of a screen at scale k (cqh). */
export function screenHeight(s: Pick<Screen, 'heading' | 'claims' | 'chart' | 'diagram'>, k: number): number {
  const b = BASE * k;
  const w = FRAME.width - 2 * FRAME.padX;
  let h = 0.55 * b * 1.3 + 0.55 * b * 0.4; // kicker
  h += wrapped(s.heading.length, BOLD, 1.9 * b, w) * 1.9 * b * 1.12 + 1.9 * b * 0.4; // heading
  if (s.chart) h += CHART_HEIGHT + 2 * 0.5 * b * 1.35 + 0.6 * b;
  if (s.diagram) h += DIAGRAM_HEIGHT + 2 * 0.5 * b * 1.35 + 0.6 * b; // the diagram and its cited caption
  const li = w - 1.1 * b;
  for (const c of s.claims) {
    const chars = c.text.length + (c.unverified || !c.cite ? 13 : 0) + 3;
    h += wrapped(chars, SANS, b, li) * b * 1.35 + 0.5 * b;
    if (c.quote !== undefined) {
      const code = c.quote.split('\n').reduce((n, l) => n + wrapped(Math.max(1, l.length), MONO, 0.7 * b, li - 1.4 * 0.7 * b), 0);
      h += code * 0.7 * b * 1.35 + 0.7 * b * (0.7 + 0.3) + 0.2;
    }
  }
  const notes = notesOf(s.claims);
  if (notes.length) {
    const chars = notes.reduce((n, l) => n + l.length + 5, 0);
    h += (wrapped(chars, MONO, 0.5 * b, w) + 1) * 0.5 * b * 1.35 + 0.6 * b + 0.3 * b;
  }
  return h * 1.06; // room for what the estimate cannot know (kerning, a long word wrapped early)
}

const AVAILABLE = 100 - 2 * FRAME.padY;

/** The largest scale (in steps of 0.05) at which the screen's estimate fits, or null. */
export function scaleFor(s: Pick<Screen, 'heading' | 'claims' | 'chart' | 'diagram'>, max: number): number | null {
  for (let k = max; k >= SCALE_MIN - 1e-9; k = Math.round((k - 0.05) * 100) / 100) if (screenHeight(s, k) <= AVAILABLE) return k;
  return null;
}

export interface FittedScreen extends Screen {
  scale: number;
  /** "1/2", "2/2" when the screen was split. */
  part?: string;
}

/** Every screen with its scale; a screen that would need type under SPLIT_BELOW is split in
 *  two (claims in order, the chart with the first half) while `spare` screens remain, else
 *  its type shrinks (to SCALE_MIN at least; the deck's script goes on to RUNTIME_FLOOR). */
export function fitScreens(screens: Screen[], spare: number): FittedScreen[] {
  const out: FittedScreen[] = [];
  for (const s of screens) {
    const max = s.claims.length <= 2 && !s.chart && !s.diagram ? SCALE_FEW : SCALE_MAX;
    const k = scaleFor(s, max);
    if ((k !== null && k >= SPLIT_BELOW) || spare <= 0 || s.claims.length < 2) {
      out.push({ ...s, scale: k ?? SCALE_MIN });
      continue;
    }
    spare--;
    // the cut that leaves the two halves closest in height
    let cut = 1;
    let best = Infinity;
    for (let i = 1; i < s.claims.length; i++) {
      const a = screenHeight({ ...s, claims: s.claims.slice(0, i) }, SCALE_MIN);
      const b = screenHeight({ heading: s.heading, claims: s.claims.slice(i) }, SCALE_MIN);
      if (Math.max(a, b) < best) [best, cut] = [Math.max(a, b), i];
    }
    const first: Screen = { ...s, claims: s.claims.slice(0, cut) };
    const second: Screen = { heading: s.heading, claims: s.claims.slice(cut) };
    out.push({ ...first, scale: scaleFor(first, SCALE_MAX) ?? SCALE_MIN, part: '1/2' });
    out.push({ ...second, scale: scaleFor(second, SCALE_MAX) ?? SCALE_MIN, part: '2/2' });
  }
  return out;
}
