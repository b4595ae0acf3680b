// The project's name and one-line description for the title screen and the gallery thumbnail:
// the team's showcase first, else the README's title and its first sentence, else
// a manifest's name and description; each part cites where it comes from. A README left as
// the event template's is not the team's words and is passed over; with nothing found the
// title screen shows the team's name alone (nothing is made up).
import type { Evidence } from './evidence.ts';
import { clip, plain } from './facts.ts';
import { readManifests } from './manifests.ts';
import type { Citation, GenerateInput } from './types.ts';

export interface Identity {
  name: string;
  nameCite: Citation | null;
  description: string | null;
  descriptionCite: Citation | null;
}

const MAX_NAME = 80;
const MAX_DESCRIPTION = 200;

function readmeOf(ev: Evidence): string | null {
  const found = ev.paths().filter((p) => /^readme(\.(md|markdown|txt|rst))?$/i.test(p.split('/').pop()!) && ev.lines(p));
  found.sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  return found[0] ?? null;
}

/** The README's title (a `#` or setext heading before any other) and the first sentence of
 *  the first paragraph of prose after it (badges, pictures, HTML and lists skipped). */
function fromReadme(ev: Evidence, path: string): { title: { text: string; line: number } | null; sentence: { text: string; start: number; end: number } | null } {
  const lines = ev.lines(path)!;
  let title: { text: string; line: number } | null = null;
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (/^\s*(```|~~~)/.test(l)) fence = !fence;
    if (fence || l.trim() === '') continue;
    const h = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(l);
    const setext = i + 1 < lines.length && /^\s*(=+|-+)\s*$/.test(lines[i + 1]!);
    if (h || setext) {
      const text = plain(h ? h[2]! : l);
      if (title || (h && h[1] !== '#')) return { title, sentence: null }; // a section began before any prose
      if (text) title = { text, line: i + 1 };
      if (setext) i++;
      continue;
    }
    if (/^\s*(\[!\[|!\[|<|---|===|\||[-*+]\s|\d+[.)]\s|>)/.test(l)) continue;
    let end = i;
    while (end + 1 < lines.length && lines[end + 1]!.trim() !== '' && !/^\s*(#|```|~~~)/.test(lines[end + 1]!)) end++;
    const text = plain(lines.slice(i, end + 1).join(' '));
    const first = /^(.+?[.!?])(\s|$)/.exec(text)?.[1] ?? text;
    // cited as its paragraph's lines (the sentence is the paragraph's first)
    return { title, sentence: first.length >= 3 ? { text: first, start: i + 1, end: end + 1 } : null };
  }
  return { title, sentence: null };
}

export function projectIdentity(input: GenerateInput): Identity {
  const ev = input.evidence;
  const s = input.showcase;
  const id: Identity = { name: input.team, nameCite: null, description: null, descriptionCite: null };
  if (s?.product?.trim()) Object.assign(id, { name: s.product.trim(), nameCite: { showcase: 'product' } });
  if (s?.tagline?.trim()) Object.assign(id, { description: s.tagline.trim(), descriptionCite: { showcase: 'tagline' } });
  const readme = readmeOf(ev);
  const template = readme ? input.templateEvidence?.get(readme) : undefined;
  if (readme && !(template && template.text === ev.get(readme)?.text)) {
    const r = fromReadme(ev, readme);
    if (!id.nameCite && r.title) Object.assign(id, { name: r.title.text, nameCite: { path: readme, start: r.title.line, end: r.title.line } });
    if (!id.descriptionCite && r.sentence) Object.assign(id, { description: r.sentence.text, descriptionCite: { path: readme, start: r.sentence.start, end: r.sentence.end } });
  }
  if (!id.nameCite || !id.descriptionCite) {
    for (const m of readManifests(ev).manifests) {
      if (!id.nameCite && m.name?.value.trim()) Object.assign(id, { name: m.name.value.trim(), nameCite: { path: m.path, start: m.name.start, end: m.name.end } });
      if (!id.descriptionCite && m.description?.value.trim()) {
        Object.assign(id, { description: m.description.value.replace(/\s+/g, ' ').trim(), descriptionCite: { path: m.path, start: m.description.start, end: m.description.end } });
      }
      if (id.descriptionCite) break;
    }
  }
  id.name = clip(id.name, MAX_NAME);
  if (id.description) id.description = clip(id.description, MAX_DESCRIPTION);
  return id;
}
