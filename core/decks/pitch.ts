// The community deck as a pitch: words a voter reads in ten seconds, not an
// audit. The title screen carries the project's name, its one line and one picture
// (identity.ts, pictures.ts); then what it is, who it is for, one number and, when the
// repository says how, how to try it. Every claim still cites the evidence: the team's own
// sentences are quoted at their lines, the number is the jury deck's honest count. A pointer
// at a file the generator could not summarise ("Found a README") is never shown to voters:
// a screen that found nothing says plainly what the team has not said, so the team can fix it
// (`hackathon decks preview`).
import type { Evidence } from './evidence.ts';
import { clip, commitCite, lineCite, plain, type Facts } from './facts.ts';
import { boilerplateReadme } from './generated.ts';
import { projectIdentity } from './identity.ts';
import type { Claim, GenerateInput } from './types.ts';

export type PitchPart = 'what' | 'who' | 'number' | 'try';

const quote = (s: string) => `"${s}"`;
/** A claim that points at a file instead of saying something ("Found a README (README.md)"). */
const pointer = (c: Claim) => /^Found /.test(c.text);
/** A claim from the README or the showcase: the team's words, as a voter reads them. */
const teamWords = (c: Claim, readme: string | null) => !!c.cite && ('showcase' in c.cite || ('path' in c.cite && c.cite.path === readme));

/** What running it needs that is not in the repository (tryit.ts's claims about secrets and settings). */
const NEEDS = /keeps .+ out of the repository$|lists \d+ settings? to fill in|reads \d+ environment variables?:/;
/** Who a sentence says the project is for (or whom it helps). */
const AUDIENCE = /\b(?:for|helps?|lets?|allows?|enables?|empowers?|aimed at|so that)\s+(?:[\w-]+\s+){0,3}?(?:you|anyone|everyone|people|users?|teams?|developers?|devs|students?|teachers?|learners?|beginners?|organi[sz]ers?|players?|gamers?|families|parents|kids|children|citizens?|volunteers?|researchers?|writers?|bloggers?|readers?|customers?|businesses|shops?|communities|musicians?|artists?|patients?|doctors?|engineers?|admins?|administrators?|operators?|voters?|hackers?|makers?|groups?|friends|members?|owners?|travell?ers?|commuters?)\b/i;
/** A README paragraph under a how-to heading: how to run it, not what it is. */
const HOW_TO = /^Under "[^"]*(usage|install|setup|getting started|quick ?start|run|build|develop)[^"]*"/i;
const AUDIENCE_SECTION = /who (is it|it is|it'?s|this is) for|audience|target users|for whom|use cases?/i;

/** The team's README (never a framework starter's, nor the event template's left unchanged). */
function teamReadme(input: GenerateInput): string | null {
  const ev = input.evidence;
  const found = ev.paths().filter((p) => /^readme(\.(md|markdown|txt|rst))?$/i.test(p.split('/').pop()!) && ev.lines(p) && !boilerplateReadme(ev.lines(p)!));
  found.sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  const path = found[0] ?? null;
  const template = path ? input.templateEvidence?.get(path) : undefined;
  return path && !(template && template.text === ev.get(path)?.text) ? path : null;
}

/** Paragraphs of prose (outside code fences; headings, tables and HTML left out), with the
 *  heading they sit under. */
function paragraphs(ev: Evidence, path: string): { text: string; start: number; end: number; section: string }[] {
  const lines = ev.lines(path)!;
  const out: { text: string; start: number; end: number; section: string }[] = [];
  let section = '';
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (/^\s*(```|~~~)/.test(l)) { fence = !fence; continue; }
    if (fence || l.trim() === '') continue;
    const h = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(l);
    if (h) { section = plain(h[1]!); continue; }
    if (/^\s*(\[!\[|!\[|<|\||---|===)/.test(l)) continue;
    let end = i;
    while (end + 1 < lines.length && lines[end + 1]!.trim() !== '' && !/^\s*(#|```|~~~|[-*+]\s|\d+[.)]\s)/.test(lines[end + 1]!)) end++;
    out.push({ text: plain(lines.slice(i, end + 1).join(' ').replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')), start: i + 1, end: end + 1, section });
    i = end;
  }
  return out;
}

const sentences = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-Z"'(])/).map((s) => s.trim()).filter((s) => s.length >= 12);

/** Who the project is for in the team's words: the showcase's clause naming them, else the
 *  README's paragraph under a heading about it, else its first clause naming people. */
function audience(input: GenerateInput, readme: string | null, max: number): Claim | null {
  const ev = input.evidence;
  const excerpt = (text: string, at: number) => clip(`"…${text.slice(at).split(/[.;:!?,(]/)[0]!.trim()}…"`, max);
  for (const field of ['tagline', 'description'] as const) {
    const text = input.showcase?.[field]?.replace(/\s+/g, ' ').trim();
    const m = text ? AUDIENCE.exec(text) : null;
    if (m) return { text: excerpt(text!, m.index), cite: { showcase: field } };
  }
  if (!readme) return null;
  const ps = paragraphs(ev, readme);
  const under = ps.find((p) => AUDIENCE_SECTION.test(p.section));
  if (under) return { text: clip(quote(sentences(under.text)[0] ?? under.text), max), cite: lineCite(readme, under.start, under.end) };
  for (const p of ps) {
    const m = AUDIENCE.exec(p.text);
    // the clause naming them, quoted as an excerpt (the title screen already says the sentence)
    if (m) return { text: excerpt(p.text, m.index), cite: lineCite(readme, p.start, p.end) };
  }
  return null;
}

/** A README claim ("The README says: "…"") as the quoted words alone: the citation says where they are. */
const bare = (c: Claim): Claim => ({ ...c, text: c.text.replace(/^(?:Under "[^"]*" )?[Tt]he README says: /, '') });

/** The claims of one part of the pitch, most telling first; `found` is false when the screen
 *  says what the team has not said. */
export function pitch(part: PitchPart, input: GenerateInput, facts: Facts): { claims: Claim[]; found: boolean } {
  const max = input.template.maxClaimChars;
  const readme = teamReadme(input);
  const at = commitCite(input.sha);
  const keep = (cs: Claim[]) => cs.filter((c) => !pointer(c) && !c.unverified);
  switch (part) {
    case 'what': {
      const id = projectIdentity(input);
      const line: Claim[] = id.description && id.descriptionCite ? [{ text: quote(id.description), cite: id.descriptionCite }] : [];
      // the team's words (features, what it does) before what the code shows (a command, an entry)
      const does = keep(facts.topics.does);
      const words = (cs: Claim[]) => cs.filter((c) => teamWords(c, readme) && !HOW_TO.test(c.text) && !/^The README names/.test(c.text)).map(bare);
      // the title's own line is said once (a showcase tagline, the README's first sentence)
      const same = (c: Claim) => JSON.stringify(c.cite) === JSON.stringify(id.descriptionCite) || JSON.stringify(c.cite) === JSON.stringify(id.nameCite);
      const claims = dedupe([...line, ...[...words(does), ...words(keep(facts.topics.problem)), ...does.filter((c) => !teamWords(c, readme))].filter((c) => !same(c))]);
      if (claims.length) return { claims, found: true };
      const absent = facts.absent.does;
      return { claims: [absent.absent ? absent : { text: `The team has not said what it is: no README sentence, showcase line or manifest description of revision ${input.sha.slice(0, 12)} does`, cite: at }], found: false };
    }
    case 'who': {
      const said = audience(input, readme, max);
      const why = keep(facts.topics.problem).filter((c) => teamWords(c, readme) && /^Under "/.test(c.text)).map(bare);
      const claims = dedupe([...(said ? [said] : []), ...why]);
      if (claims.length) return { claims, found: true };
      return { claims: [{ text: `The team has not said who it is for (README and showcase of revision ${input.sha.slice(0, 12)})`, cite: at }], found: false };
    }
    case 'number': {
      // one number: what was made in the event, else the tests, else the code's size (a
      // count of nothing, "No commit … is dated in the event window", is the jury's to weigh)
      const s = facts.summary;
      const commits = s.commits && !/^No commit /.test(s.commits.text) ? s.commits : null;
      const one = [commits, s.tests && !s.tests.absent ? s.tests : null, s.languages].find((c): c is Claim => !!c && !c.unverified && !pointer(c));
      return one ? { claims: [one], found: true } : { claims: [facts.absent.works], found: false };
    }
    case 'try': {
      // how to start it, and the first thing it needs that the repository does not hold
      const all = keep(facts.topics.runs);
      const run = all.filter((c) => !NEEDS.test(c.text));
      const needs = all.filter((c) => NEEDS.test(c.text));
      return run.length ? { claims: [run[0]!, ...needs.slice(0, 1)], found: true } : { claims: [], found: false };
    }
  }
}

function dedupe(claims: Claim[]): Claim[] {
  const seen = new Set<string>();
  return claims.filter((c) => {
    const k = c.text.replace(/\W+/g, ' ').trim().toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
