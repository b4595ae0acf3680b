// What the project does, in a user's words, and where each language's code starts.
// The sentences come from the whole README (every section's prose, a route list's
// items) and from the code (a CLI's usage and help strings, page titles), each quoted as
// written and cited at its lines; a title that only names the project is never one of them
// (a statement has a verb and more words than a name). Entry points: package.json main, bin
// and start; Python __main__ and the web app object or factory; Go's main package; Rust's
// main; a Java/Kotlin/C# main. Nothing is paraphrased, nothing guessed.
import type { Evidence } from './evidence.ts';
import { languageOf, plain } from './text.ts';
import { parseJsonDoc, type Manifest } from './manifests.ts';
import type { Claim } from './types.ts';

const cite = (path: string, start: number, end = start) => ({ path, start, end });
const quote = (s: string) => `"${s}"`;

/** Sections whose prose is not about what the project does. */
const SETUP = /install|setup|set up|getting started|quick ?start|licen[cs]e|contribut|requirement|prerequisite|develop|deploy|test|build|running|run |configur|environment|credit|acknowledg|author|changelog|faq|troubleshoot|support|docker|local/i;
/** Sections that say what it does, most telling first. */
const ABOUT = /about|overview|what|description|introduction|features?|purpose|summary|how it works|architecture|usage|routes|api|endpoints/i;
/** Sentences that are instructions or housekeeping, not what it does. */
const CHORE = /^(install|run|clone|copy|cd|npm|pip|yarn|go |make|to (install|run|start|build)|make sure|you need|you('ll| will) need|requires?|please|see|note:|licensed|this project is licensed|pull requests|contributions|built with|made with|first,|then,|open|visit|navigate|set |export )/i;
const VERB = /\b(is|are|lets?|allows?|helps?|shows?|turns?|tracks?|counts?|keeps?|provides?|makes?|gives?|finds?|collects?|sends?|stores?|reads?|writes?|runs?|votes?|displays?|lists?|creates?|manages?|generates?|serves?|uses?|returns?|can|will|does|offers?|records?|compares?|summari[sz]es?|converts?|answers?|exposes?|handles?|processes?|receives?|watches?)\b/i;

/** Whether text states something rather than naming it: not the title, not words that are
 *  all capitalised like a name ("Hackathon App"); a verb and four words, or (a tagline such as
 *  "Very low overhead JavaScript logger.") three words that end a sentence. */
export function isStatement(text: string, title: string | null = null): boolean {
  const t = text.trim().replace(/[.!:]+$/, '');
  if (title && t.toLowerCase() === title.trim().toLowerCase()) return false;
  const words = t.split(/\s+/).filter((w) => /[a-z]/i.test(w));
  if (VERB.test(t)) return words.length >= 4;
  return words.length >= 3 && /[.!]$/.test(text.trim()) && !words.every((w) => /^[^a-z]/.test(w));
}

interface Sentence {
  text: string;
  start: number;
  end: number;
  score: number;
}

/** Prose paragraphs of a README outside code blocks, with the section each is under. */
function paragraphs(lines: string[]): { section: string; start: number; end: number }[] {
  const out: { section: string; start: number; end: number }[] = [];
  let section = '';
  let titled = false;
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (/^\s*(```|~~~)/.test(l)) {
      fence = !fence;
      continue;
    }
    if (fence || l.trim() === '') continue;
    const h = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(l);
    if (h) {
      // the title (a first # heading) opens the README: what follows it is the opening paragraph
      if (!(h[1] === '#' && !titled && !section)) section = plain(h[2]!);
      titled = true;
      continue;
    }
    if (i + 1 < lines.length && /^\s*(=+|-+)\s*$/.test(lines[i + 1]!)) {
      section = plain(l);
      i++;
      continue;
    }
    if (/^\s*(\[!\[|!\[|<|\||>|---|===)/.test(l)) continue;
    let end = i;
    const item = /^\s*(?:[-*+]|\d+[.)])\s+/.test(l);
    // a list item is a paragraph of its own; prose runs to the next blank line or block
    if (!item) while (end + 1 < lines.length && lines[end + 1]!.trim() !== '' && !/^\s*(#|```|~~~|[-*+]\s|\d+[.)]\s|\||<)/.test(lines[end + 1]!)) end++;
    out.push({ section, start: i + 1, end: end + 1 });
    i = end;
  }
  return out;
}

/** The sentences of a paragraph, each with the lines it spans. */
function sentencesOf(lines: string[], start: number, end: number): { text: string; start: number; end: number }[] {
  const out: { text: string; start: number; end: number }[] = [];
  let buf = '';
  let from = start;
  for (let n = start; n <= end; n++) {
    const text = plain(lines[n - 1]!.replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, ''));
    const parts = text.split(/(?<=[.!?])\s+(?=[A-Z`"(])/);
    parts.forEach((p, k) => {
      if (!buf) from = n;
      buf = buf ? `${buf} ${p}` : p;
      if (k < parts.length - 1 || /[.!?]$/.test(p) || n === end) {
        if (buf.trim()) out.push({ text: buf.trim(), start: from, end: n });
        buf = '';
      }
    });
  }
  return out;
}

const ROUTE_ITEM = /^`?(GET|POST|PUT|PATCH|DELETE)\s+(\/[^\s`]*)`?:?\s+(?:[-–—:]\s+)?(.{3,})$/;

/** The README's sentences on what the project does, best first. */
function readmeSentences(ev: Evidence, path: string, title: string | null): Sentence[] {
  const lines = ev.lines(path)!;
  const out: Sentence[] = [];
  paragraphs(lines).forEach((p, order) => {
    if (p.section && SETUP.test(p.section) && !ABOUT.test(p.section)) return;
    for (const s of sentencesOf(lines, p.start, p.end)) {
      const route = ROUTE_ITEM.exec(s.text);
      if (route) {
        out.push({ text: `${route[1]} ${route[2]}: ${route[3]!.replace(/^[-:–—]\s*/, '')}`, start: s.start, end: s.end, score: 2 - order / 1000 });
        continue;
      }
      if (s.text.length < 12 || s.text.length > 230 || CHORE.test(s.text) || !isStatement(s.text, title) || /https?:\/\/|[`=]/.test(s.text)) continue;
      let score = 1;
      if (!p.section) score += 3; // the opening paragraph
      else if (ABOUT.test(p.section)) score += 2;
      if (/\b(lets?|allows?|helps?|you can|users?|people|anyone|shows?|turns?|tracks?|is an? )\b/i.test(s.text)) score += 1;
      out.push({ ...s, score: score - order / 1000 });
    }
  });
  return out.sort((a, b) => b.score - a.score);
}

/** What the code says about itself: CLI usage and help strings, page titles. */
const CODE_SAYS: [RegExp, RegExp, (m: RegExpExecArray, path: string) => string][] = [
  [/\.go$/, /\bShort:\s*"([^"]{8,})"/, (m) => m[1]!],
  [/\.go$/, /\b(?:fmt\.Fprint(?:f|ln)?\((?:os\.Stderr|flag\.CommandLine\.Output\(\)|w),|flag\.Usage\s*=.*?)\s*"((?:usage|Usage)[^"]{6,})"/, (m) => m[1]!.replace(/\\n.*$/, '').replace(/%s/g, '…')],
  [/\.py$/, /ArgumentParser\([^)]*description\s*=\s*["']([^"']{8,})["']/, (m) => m[1]!],
  [/\.py$/, /@click\.(?:command|group)\([^)]*help\s*=\s*["']([^"']{8,})["']/, (m) => m[2] ?? m[1]!],
  [/\.[cm]?[jt]s$/, /\.(?:description|usage)\(\s*['"`]([^'"`]{8,})['"`]/, (m) => m[1]!],
  [/\.(html?|jinja2?|hbs|ejs|[jt]sx|vue|svelte)$/, /<title>\s*([^<{]{3,80}?)\s*<\/title>/i, (m, p) => `${p}'s page title: ${quote(m[1]!)}`],
];

function codeSays(ev: Evidence, sources: string[]): Claim[] {
  const out: Claim[] = [];
  const pages = ev.paths().filter((p) => /\.(html?|jinja2?|hbs|ejs)$/.test(p) && !/(^|\/)(node_modules|vendor|dist|build)\//.test(p));
  for (const p of [...new Set([...sources, ...pages])]) {
    const lines = ev.lines(p);
    if (!lines) continue;
    for (const [file, re, say] of CODE_SAYS) {
      if (!file.test(p)) continue;
      const i = lines.findIndex((l) => l.length < 400 && re.test(l));
      if (i < 0) continue;
      const text = say(re.exec(lines[i]!)!, p);
      out.push({ text: /page title/.test(text) ? text : `${p} says of itself: ${quote(text.trim())}`, cite: cite(p, i + 1) });
      break;
    }
    if (out.length >= 3) break;
  }
  // usage strings first: they say what a user does with it
  return out.sort((a, b) => Number(/page title/.test(a.text)) - Number(/page title/.test(b.text)));
}

/** Two or three sentences on what the project does, each cited; none when nothing says so. */
export function whatItDoes(ev: Evidence, readme: string | null, title: string | null, sources: string[]): Claim[] {
  const out: Claim[] = [];
  if (readme && ev.lines(readme)) {
    for (const s of readmeSentences(ev, readme, title)) {
      if (out.length >= 3) break;
      if (out.some((x) => x.text === s.text)) continue;
      out.push({ text: s.text, cite: cite(readme, s.start, s.end) });
    }
  }
  for (const c of codeSays(ev, sources)) if (out.length < 3) out.push(c);
  return out;
}

// ---------------------------------------------------------------------------- entry points

const APP_OBJECT: [RegExp, string][] = [
  [/^\s*(\w+)\s*=\s*Flask\(\s*__name__/, 'the Flask app'],
  [/^\s*(\w+)\s*=\s*FastAPI\(/, 'the FastAPI app'],
  [/^\s*def\s+(create_app)\s*\(/, 'the app factory'],
  [/^\s*application\s*=\s*get_wsgi_application\(/, 'the Django WSGI application'],
];

/** Where each language's code starts, one claim per language, cited at the line that says so. */
export function entryPoints(ev: Evidence, manifests: Manifest[], sources: string[]): Claim[] {
  const found = new Map<string, Claim>();
  const add = (lang: string | null, claim: Claim) => {
    if (lang && !found.has(lang)) found.set(lang, claim);
  };
  // package.json: main, bin, the start script's file
  for (const m of manifests.filter((x) => x.ecosystem === 'npm')) {
    const dir = m.path.includes('/') ? m.path.slice(0, m.path.lastIndexOf('/') + 1) : '';
    const start = m.scripts.find((s) => s.name === 'start');
    const file = start && /\b(?:node|nodemon|ts-node|tsx|bun|deno run)\s+(?:--?[\w-]+(?:=\S+)?\s+)*([\w./-]+\.[cm]?[jt]s)\b/.exec(start.command)?.[1];
    if (start && file) add(languageOf(`${dir}${file}`), { text: `${languageOf(`${dir}${file}`)} starts at ${dir}${file.replace(/^\.\//, '')}: ${m.path}'s start script runs ${quote(start.command)}`, cite: cite(m.path, start.start, start.end) });
    let main: { value: string; start: number; end: number } | null = null;
    try {
      const doc = parseJsonDoc(ev.get(m.path)!.text!);
      const at = doc.at(['main']);
      if (typeof doc.value?.main === 'string' && at) main = { value: doc.value.main, ...at };
    } catch {
      main = null; // the manifest reader reports it
    }
    if (main) add(languageOf(`${dir}${main.value}`) ?? 'JavaScript', { text: `${languageOf(`${dir}${main.value}`) ?? 'JavaScript'} starts at ${dir}${main.value.replace(/^\.\//, '')}, ${m.path}'s main module`, cite: cite(m.path, main.start, main.end) });
    const bin = m.bins?.[0];
    if (bin) add(languageOf(`${dir}${bin.command}`) ?? 'JavaScript', { text: `${m.path} installs the command ${bin.name}, which runs ${bin.command}`, cite: cite(m.path, bin.start, bin.end) });
    if (start && !file) add('JavaScript', { text: `${m.path}'s start script runs ${quote(start.command)}`, cite: cite(m.path, start.start, start.end) });
  }
  for (const p of sources) {
    const lang = languageOf(p);
    if (!lang || found.has(lang)) continue;
    const lines = ev.lines(p)!;
    const at = (re: RegExp) => lines.findIndex((l) => re.test(l)) + 1;
    if (lang === 'Python') {
      const main = at(/^if\s+__name__\s*==\s*['"]__main__['"]/);
      if (main) add(lang, { text: `Python starts at ${p}, which runs as a program (its __main__ entry)`, cite: cite(p, main) });
      for (const [re, what] of APP_OBJECT) {
        const i = at(re);
        if (i) add(lang, { text: `Python starts at ${p}, which makes ${what} (${lines[i - 1]!.trim()})`, cite: cite(p, i) });
      }
    } else if (lang === 'Go') {
      const pkg = at(/^package\s+main\b/);
      const main = at(/^\s*func\s+main\s*\(\s*\)/);
      const dir = p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : null;
      if (pkg && main) add(lang, { text: `Go starts at the main package ${dir ?? 'at the root'} (func main in ${p})`, cite: cite(p, main) });
    } else if (lang === 'Rust') {
      const main = at(/^\s*(pub\s+)?(async\s+)?fn\s+main\s*\(/);
      if (main) add(lang, { text: `Rust starts at fn main in ${p}`, cite: cite(p, main) });
    } else if (lang === 'Java' || lang === 'Kotlin' || lang === 'C#') {
      const main = at(/\bstatic\s+(async\s+)?(void|int|Task)\s+[Mm]ain\s*\(|^\s*fun\s+main\s*\(/);
      const cls = lines.slice(0, Math.max(main, 1)).map((l) => /\bclass\s+(\w+)/.exec(l)?.[1]).filter(Boolean).pop();
      if (main) add(lang, { text: `${lang} starts at ${cls ? `the main class ${cls} (${p})` : `main in ${p}`}`, cite: cite(p, main) });
    }
  }
  return [...found.values()];
}
