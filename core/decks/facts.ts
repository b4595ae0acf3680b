// What the evidence says, as claims that each carry their citation: the built-in generator
// lays these out on screens, and the optional chat-completions driver is handed them as the
// only material it may write from. Nothing here guesses: every claim quotes or counts lines
// of a file in the archive (cited by path and line range) or commits of the frozen revision's
// history (cited by sha); what is absent is said about the frozen commit and cites it.
import { checkedFor, findPresence, isTestPath, MAIN_FORMS } from './absence.ts';
import { distinctiveFunction, scoreAt } from './code.ts';
import { boilerplateReadme, isGenerated } from './generated.ts';
import { testFiles } from './tests.ts';
import { tryIt } from './tryit.ts';
import type { Evidence } from './evidence.ts';
import { parseJsonDoc, parseYamlDoc, readManifests, VENDORED_DIR, type Manifest, type ParseProblem } from './manifests.ts';
import { architecture, diagramSpan, diagramText, type Diagram } from './architecture.ts';
import { provenance } from './provenance.ts';
import { entryPoints, isStatement, whatItDoes } from './purpose.ts';
import { languageOf, plain } from './text.ts';

export { languageOf, plain };
import { storyOf } from './story.ts';
import MarkdownIt from 'markdown-it';
import type { AbsenceSubject, Citation, Claim, CommitChart, CommitInfo, Finding, GenerateInput } from './types.ts';

export type FactTopic = 'problem' | 'does' | 'works' | 'built' | 'provenance' | 'runs' | 'tested' | 'next' | 'evidence';

export interface Facts {
  /** Claims per topic, most telling first. */
  topics: Record<FactTopic, Claim[]>;
  /** The claim a topic shows when it found nothing (cites the frozen commit). */
  absent: Record<FactTopic, Claim>;
  /** Short numbers the community deck compares. */
  summary: { languages: Claim | null; commits: Claim | null; tests: Claim | null };
  /** Commits over the build window, when any was made in it. */
  chart: CommitChart | null;
  /** Structured files that did not parse: validation findings, never negative claims. */
  findings: Finding[];
  /** The parts of the project and the calls between them (architecture.ts), for "How it works". */
  diagram: Diagram | null;
}

// ---------------------------------------------------------------------------- helpers

export const lineCite = (path: string, start: number, end = start): Citation => ({ path, start, end });
export const commitCite = (sha: string): Citation => ({ commit: sha });

/** At most `max` characters, cut at a word boundary with an ellipsis. */
export function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const sp = cut.lastIndexOf(' ');
  return (sp > max / 2 ? cut.slice(0, sp) : cut).replace(/[\s,;:.-]+$/, '') + '…';
}

const quote = (s: string) => `"${s}"`;
const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${(n / 1024).toFixed(1)} KB`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** No addresses in what a commit subject says (authors are counted, not named). */
const noEmails = (s: string) => s.replace(/[^\s<>()]+@[^\s<>()]+/g, '[address]');

const LOCKFILE = /(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|poetry\.lock|Cargo\.lock|go\.sum|Gemfile\.lock|composer\.lock)$/;

export const isTestFile = isTestPath;
interface Section {
  title: string;
  start: number; // heading line
  end: number; // last line of the section
}

interface Readme {
  path: string;
  lines: string[];
  /** markdown-it's block tokens of the README: their `map` is the [first, last) line range. */
  tokens: Token[];
  title: { text: string; line: number } | null;
  intro: { text: string; start: number; end: number } | null;
  sections: Section[];
}

/** Raw HTML is a block of its own (a centred banner is not a paragraph); GFM tables are tables. */
const markdown = new MarkdownIt({ html: true });
type Token = ReturnType<typeof markdown.parse>[number];

/** A paragraph line that is only a picture or a badge, not the README's words. */
const PICTURE_LINE = /^\s*(\[!\[|!\[)/;

function findReadme(ev: Evidence): string | null {
  // a framework starter's README (Create React App, Vite, ...) is not the team's words
  const candidates = ev.paths().filter((p) => /^readme(\.(md|markdown|txt|rst))?$/i.test(p.split('/').pop()!) && ev.lines(p) && !boilerplateReadme(ev.lines(p)!));
  candidates.sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  return candidates[0] ?? null;
}

/** The title (the first level-1 or underlined heading), the first paragraph before any section
 *  (the intro), and the sections, from markdown-it's tokens: a heading or a paragraph inside a
 *  code block, a list or a quote is none of these. Texts are the cited source lines, as plain text. */
function readReadme(ev: Evidence): Readme | null {
  const path = findReadme(ev);
  if (!path) return null;
  const lines = ev.lines(path)!;
  const tokens = markdown.parse(lines.join('\n'), {});
  let title: Readme['title'] = null;
  let intro: Readme['intro'] = null;
  const sections: Section[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i]!;
    if (tok.level !== 0 || !tok.map) continue;
    if (tok.type === 'heading_open') {
      const text = plain(tokens[i + 1]!.content);
      const line = tok.map[0] + 1;
      if (!title && (tok.tag === 'h1' || (tok.markup !== '#'.repeat(tok.markup.length) && sections.length === 0)) && text) title = { text, line };
      else if (text) sections.push({ title: text, start: line, end: lines.length });
      if (sections.length > 1) sections[sections.length - 2]!.end = line - 1;
    } else if (tok.type === 'paragraph_open' && !intro && sections.length === 0) {
      let first = tok.map[0];
      while (first < tok.map[1] && PICTURE_LINE.test(lines[first]!)) first++;
      if (first === tok.map[1]) continue;
      const text = plain(lines.slice(first, tok.map[1]).join(' '));
      if (text.length >= 3) intro = { text, start: first + 1, end: tok.map[1] };
    }
  }
  return { path, lines, tokens, title, intro, sections };
}

/** Tokens opening within a section (after its heading, up to its end), with their line range. */
function within(r: Readme, s: Section, type: string): (Token & { map: [number, number] })[] {
  return r.tokens.filter((t): t is Token & { map: [number, number] } => t.type === type && !!t.map && t.map[0] >= s.start && t.map[0] < s.end);
}

/** List items of a section (nested ones too), their first line as plain text, without a task box. */
function bullets(r: Readme, s: Section, limit: number): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  for (const item of within(r, s, 'list_item_open')) {
    if (out.length >= limit) break;
    const at = r.tokens.indexOf(item);
    const inline = r.tokens[at + 2];
    if (r.tokens[at + 1]?.type !== 'paragraph_open' || inline?.type !== 'inline') continue;
    const text = plain(inline.content.split('\n')[0]!.replace(/^\[[ xX]\]\s+/, ''));
    if (text.length >= 2) out.push({ text, line: item.map[0] + 1 });
  }
  return out;
}

function lineOf(lines: string[], re: RegExp, from = 0, to = lines.length): number | null {
  for (let i = from; i < Math.min(to, lines.length); i++) if (re.test(lines[i]!)) return i + 1;
  return null;
}

// ---------------------------------------------------------------------------- topics

interface Ctx {
  ev: Evidence;
  input: GenerateInput;
  readme: Readme | null;
  manifests: Manifest[];
  /** The npm manifest nearest the root, if any. */
  pkg: Manifest | null;
  /** The team's source paths, read once (sourcePaths). */
  sources?: string[];
}

const script = (m: Manifest | null, name: string) => m?.scripts.find((x) => x.name === name) ?? null;

/** The team's own words first: what it wrote on its event team page (product, tagline,
 *  description), cited as the showcase. */
function showcase(c: Ctx): Claim[] {
  const s = c.input.showcase;
  if (!s) return [];
  const out: Claim[] = [];
  const product = s.product?.trim();
  const tagline = s.tagline?.trim();
  const description = s.description?.trim();
  if (tagline) out.push({ text: `${product ?? c.input.team}: ${quote(tagline)}`, cite: { showcase: 'tagline' } });
  else if (product) out.push({ text: `The team calls its product ${quote(product)}`, cite: { showcase: 'product' } });
  if (description) out.push({ text: `The team describes it: ${quote(description.replace(/\s+/g, ' '))}`, cite: { showcase: 'description' } });
  return out;
}

function problem(c: Ctx): Claim[] {
  const out: Claim[] = showcase(c);
  const r = c.readme;
  if (r?.title) out.push({ text: `The README names the project ${quote(r.title.text)}`, cite: lineCite(r.path, r.title.line) });
  if (r?.intro && isStatement(r.intro.text, r.title?.text ?? null)) out.push({ text: `The README says: ${quote(r.intro.text)}`, cite: lineCite(r.path, r.intro.start, r.intro.end) });
  for (const s of r?.sections ?? []) {
    if (/problem|why|motivation|about|overview/i.test(s.title)) {
      const body = firstParagraph(r!, s);
      if (body && isStatement(body.text, r!.title?.text ?? null)) out.push({ text: `Under ${quote(s.title)} the README says: ${quote(body.text)}`, cite: lineCite(r!.path, body.start, body.end) });
      break;
    }
  }
  for (const m of c.manifests.filter((x) => x.description).slice(0, 2)) {
    out.push({ text: `${m.path} describes it as ${quote(m.description!.value.replace(/\s+/g, ' ').trim())}`, cite: lineCite(m.path, m.description!.start, m.description!.end) });
  }
  return out;
}

/** A title only names the project ("Hackathon App"): never the problem on its own.
 *  When nothing else is said, what it does (the README's or the code's own words) stands in,
 *  else the title is said with what the README lacks (all of it was read for a statement). */
function notTitleOnly(c: Ctx, claims: Claim[], mine: (x: Claim[]) => Claim[]): Claim[] {
  const r = c.readme;
  const isTitle = (x: Claim) => !!r?.title && x.text === `The README names the project ${quote(r.title.text)}`;
  if (!r?.title || claims.some((x) => !isTitle(x))) return claims;
  const instead = mine(purpose(c));
  if (instead.length) return instead;
  return claims.length ? [{ text: `The README names the project ${quote(r.title.text)}, but none of its sentences says what the project is for`, cite: lineCite(r.path, 1, r.lines.length) }] : claims;
}

/** Whether a claim quotes the event template's text: the template revision holds the same
 *  file and every non-blank cited line is one of its lines (the team did not write it). */
function fromTemplate(c: Ctx, claim: Claim): boolean {
  const t = c.input.templateEvidence;
  const cite = claim.cite;
  if (!t || !cite || !('path' in cite)) return false;
  const theirs = t.lines(cite.path);
  const ours = c.ev.lines(cite.path);
  if (!theirs || !ours) return false;
  const known = new Set(theirs.map((l) => l.trim()).filter(Boolean));
  const cited = ours.slice(cite.start - 1, cite.end).map((l) => l.trim()).filter(Boolean);
  return cited.length > 0 && cited.every((l) => known.has(l));
}

/** The template's README left as it was: said as such, never as the team's words. */
function templateReadme(c: Ctx): Claim | null {
  const r = c.readme;
  const t = c.input.templateEvidence?.get(r?.path ?? '');
  if (!r || !t || t.text === null || t.text !== c.ev.get(r.path)?.text) return null;
  const sha = c.input.templateSha ? ` (template revision ${c.input.templateSha.slice(0, 12)})` : '';
  return { text: `${r.path} is the event template's, unchanged${sha}`, cite: lineCite(r.path, 1, Math.max(1, r.lines.length)) };
}

/** A framework starter's README left as the starter wrote it: said as such. */
function starterReadme(c: Ctx): Claim | null {
  if (c.readme) return null;
  for (const p of c.ev.paths().filter((x) => /^readme(\.(md|markdown|txt|rst))?$/i.test(x.split('/').pop()!) && !VENDORED_DIR.test(x))) {
    const b = c.ev.lines(p) ? boilerplateReadme(c.ev.lines(p)!) : null;
    if (b) return { text: `${p} is the README ${b.by} writes, not a description of the project`, cite: lineCite(p, b.line) };
  }
  return null;
}

/** The first paragraph of a section (not in a list, a quote, a table or a code block); its range
 *  starts at the section's heading, which the claims quote ("Under "Usage" the README says"). */
function firstParagraph(r: Readme, s: Section): { text: string; start: number; end: number } | null {
  const p = within(r, s, 'paragraph_open').find((t) => t.level === 0 && !PICTURE_LINE.test(r.lines[t.map[0]]!));
  if (!p) return null;
  const end = Math.min(p.map[1], s.end);
  return { text: plain(r.lines.slice(p.map[0], end).join(' ')), start: s.start, end };
}

const FRAMEWORKS: [RegExp, string][] = [
  [/require\(\s*['"]express['"]\s*\)|from\s+['"]express['"]/, 'Express'],
  [/from\s+['"]fastify['"]|require\(\s*['"]fastify['"]\s*\)/, 'Fastify'],
  [/from\s+['"]react['"]/, 'React'],
  [/from\s+['"]next\//, 'Next.js'],
  [/^\s*from\s+flask\s+import|^\s*import\s+flask\b/, 'Flask'],
  [/^\s*from\s+fastapi\s+import|^\s*import\s+fastapi\b/, 'FastAPI'],
  [/^\s*from\s+django\b|^\s*import\s+django\b/, 'Django'],
  [/"net\/http"/, 'Go net/http'],
  [/^\s*use\s+(actix_web|axum|rocket)\b/, 'a Rust web framework'],
];

/** The team's source: no test file (by path, or by content except Rust's, whose tests live
 *  beside the code), no generated or vendored code. */
function sourcePaths(c: Ctx): string[] {
  return (c.sources ??= ownSource(c));
}

function ownSource(c: Ctx): string[] {
  const tests = new Set(testFiles(c.ev).map((f) => f.path).filter((p) => !/\.rs$/.test(p)));
  return c.ev.paths().filter((p) => languageOf(p) && !isTestFile(p) && !tests.has(p) && c.ev.lines(p) && !isGenerated(c.ev, p));
}

/** Two or three sentences on what it does, from the whole README and the code (purpose.ts). */
const purpose = (c: Ctx): Claim[] => whatItDoes(c.ev, c.readme?.path ?? null, c.readme?.title?.text ?? null, sourcePaths(c));

function does(c: Ctx): Claim[] {
  const out: Claim[] = purpose(c);
  const r = c.readme;
  for (const s of r?.sections ?? []) {
    if (/feature|what it does|usage|how to use|highlights|functionality/i.test(s.title)) {
      for (const b of bullets(r!, s, 4)) if (!out.some((x) => x.text === b.text)) out.push({ text: b.text, cite: lineCite(r!.path, b.line) });
      if (out.length === 0) {
        const p = firstParagraph(r!, s);
        if (p) out.push({ text: `Under ${quote(s.title)} the README says: ${quote(p.text)}`, cite: lineCite(r!.path, p.start, p.end) });
      }
      if (out.length) break;
    }
  }
  for (const m of c.manifests.filter((x) => x.ecosystem === 'npm')) {
    const s = ['start', 'dev', 'serve'].map((n) => script(m, n)).find(Boolean);
    if (s) {
      out.push({ text: `npm run ${s.name} runs ${quote(s.command)}${m.path === 'package.json' ? '' : ` (${m.path})`}`, cite: lineCite(m.path, s.start, s.end) });
      break;
    }
  }
  out.push(...commands(c));
  const seen = new Set<string>();
  for (const p of sourcePaths(c)) {
    const lines = c.ev.lines(p)!;
    for (const [re, name] of FRAMEWORKS) {
      if (seen.has(name)) continue;
      const at = lineOf(lines, re, 0, 200);
      if (at) {
        seen.add(name);
        out.push({ text: `${p} uses ${name}`, cite: lineCite(p, at) });
      }
    }
    if (seen.size >= 2) break;
  }
  // where the code starts is on "How it works" (entryPoints), every language's
  return out;
}

// ---------------------------------------------------------------------------- what they built

/** Commands a manifest installs: npm "bin", Python console scripts, Cargo [[bin]] (two manifests at most). */
function commands(c: Ctx): Claim[] {
  const out: Claim[] = [];
  for (const m of c.manifests) {
    if (out.length >= 2) break;
    const list = m.ecosystem === 'python' ? m.scripts : m.ecosystem === 'npm' || m.ecosystem === 'rust' ? m.bins ?? [] : [];
    if (!list.length) continue;
    const verb = m.ecosystem === 'rust' ? 'builds' : 'installs';
    const start = Math.min(...list.map((x) => x.start));
    const end = Math.max(...list.map((x) => x.end));
    const text = list.length === 1
      ? `${m.path} ${verb} the command ${list[0]!.name} (${list[0]!.command})`
      : `${m.path} ${verb} ${plural(list.length, 'command')}: ${list.slice(0, 5).map((x) => `${x.name} (${x.command})`).join(', ')}${list.length > 5 ? ', …' : ''}`;
    out.push({ text, cite: lineCite(m.path, start, end) });
  }
  return out;
}

interface Route {
  method: string | null;
  path: string;
  line: number;
}

const HTTP = 'get|post|put|patch|delete|head|options|all';
/** Route registrations in source, by language: Express/Fastify/Koa routers, Flask/FastAPI
 *  decorators, Go net/http and the common Go routers, Sinatra. A client call (axios.get('/x'),
 *  api.get('/x'), Go http.Get or client.Get) is not a registration: the receiver must be an
 *  app, a router or a server (JS), or not an HTTP client (Go). */
const ROUTE_FORMS: [RegExp, RegExp][] = [
  [/\.[cm]?[jt]sx?$/, new RegExp(`\\b(?:app|router|server|fastify|routes|\\w+Router|\\w+App)\\.(${HTTP}|route)\\(\\s*(['"\`])(\\/[^'"\`\\s]*)\\2`)],
  [/\.py$/, new RegExp(`^\\s*@\\w+\\.(${HTTP}|route|websocket)\\(\\s*(['"])(\\/[^'"]*)\\2`, 'i')],
  [/\.go$/, /\b(?!(?:http|\w*[cC]lient|req|resp?)\.(?:Get|Post|Put|Patch|Delete)\b)\w+\.(HandleFunc|Handle|Get|Post|Put|Patch|Delete|GET|POST|PUT|PATCH|DELETE)\(\s*"((?:(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) +)?\/[^"]*)"/],
  [/\.rb$/, new RegExp(`^\\s*(${HTTP})\\s*\\(?\\s*(['"])(\\/[^'"]*)\\2`)],
];

function routesIn(path: string, lines: string[]): Route[] {
  const out: Route[] = [];
  for (const [file, re] of ROUTE_FORMS) {
    if (!file.test(path)) continue;
    lines.forEach((l, i) => {
      if (l.length > 400) return;
      const m = re.exec(l);
      if (!m) return;
      if (/\.go$/.test(path)) {
        const [verb, p] = /^[A-Z]+ +\//.test(m[2]!) ? [m[2]!.split(/ +/)[0]!, m[2]!.replace(/^[A-Z]+ +/, '')] : [/^(Handle|HandleFunc)$/.test(m[1]!) ? null : m[1]!.toUpperCase(), m[2]!];
        out.push({ method: verb, path: p, line: i + 1 });
      } else {
        const verb = m[1]!.toLowerCase();
        out.push({ method: verb === 'route' || verb === 'all' ? null : verb.toUpperCase(), path: m[3]!, line: i + 1 });
      }
    });
  }
  return out;
}

/** Files that register routes, most routes first, with their routes. */
function routeFiles(c: Ctx): { path: string; routes: Route[] }[] {
  const out: { path: string; routes: Route[] }[] = [];
  for (const p of sourcePaths(c)) {
    const routes = routesIn(p, c.ev.lines(p)!);
    if (routes.length) out.push({ path: p, routes });
  }
  return out.sort((a, b) => b.routes.length - a.routes.length || a.path.localeCompare(b.path));
}

const routeLabel = (r: Route) => (r.method ? `${r.method} ${r.path}` : r.path);

function routes(files: { path: string; routes: Route[] }[]): Claim[] {
  return files.slice(0, 2).map((f) => ({
    text: `${f.path} registers ${plural(f.routes.length, 'route')}: ${f.routes.slice(0, 6).map(routeLabel).join(', ')}${f.routes.length > 6 ? ', …' : ''}`,
    cite: lineCite(f.path, f.routes[0]!.line, f.routes[f.routes.length - 1]!.line),
  }));
}

/** File-based routing: Next.js pages/ and app/ (page files), SvelteKit routes (+page),
 *  Remix app/routes, Nuxt pages/*.vue. The route is the file's place under its folder. */
const PAGE_FORMS: [RegExp, (rest: string) => string][] = [
  [/^((?:.+\/)?(?:src\/)?app)\/((?:[^/]+\/)*)page\.[cm]?[jt]sx?$/, (r) => r],
  [/^((?:.+\/)?src\/routes)\/((?:[^/]+\/)*)\+page\.(?:svelte|[jt]s)$/, (r) => r],
  [/^((?:.+\/)?app\/routes)\/([^/]+)\.[jt]sx?$/, (r) => r.replace(/\./g, '/').replace(/(^|\/)_index$/, '')],
  [/^((?:.+\/)?(?:src\/)?pages)\/((?:[^/]+\/)*[^/]+)\.(?:[jt]sx?|mdx?|vue|svelte)$/, (r) => r.replace(/(^|\/)index$/, '')],
];

function pages(c: Ctx): Claim[] {
  const found: { path: string; route: string; folder: string }[] = [];
  for (const p of c.ev.paths()) {
    if (VENDORED_DIR.test(p) || isTestFile(p) || !c.ev.lines(p)) continue;
    for (const [re, route] of PAGE_FORMS) {
      const m = re.exec(p);
      if (!m) continue;
      const name = p.split('/').pop()!;
      if (/^_(app|document|error|layout)\./.test(name) || /(^|\/)(components|lib)\//.test(m[2]!)) break;
      // route groups "(marketing)" are not in the address
      const r = `/${route(m[2]!)}`.replace(/\/\([^)]+\)/g, '').replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
      found.push({ path: p, route: r, folder: m[1]! });
      break;
    }
  }
  if (!found.length) return [];
  found.sort((a, b) => a.route.localeCompare(b.route) || a.path.localeCompare(b.path));
  const folder = found[0]!.folder;
  const here = found.filter((f) => f.folder === folder);
  const first = here[0]!;
  const routes = [...new Set(here.map((f) => f.route))];
  return [{
    text: `${plural(here.length, 'page')} under ${folder}/: ${routes.slice(0, 6).join(', ')}${routes.length > 6 ? ', …' : ''} (the first, ${first.path})`,
    cite: lineCite(first.path, 1, c.ev.lines(first.path)!.length),
  }];
}

const SNIPPET_LINES = 6;
/** How many of the largest source files the code screen's function is chosen from. */
const FUNCTION_FILES = 200;
/** An import by assignment (`const x = require('x')`, `x = __import__('x')`): never on the code screen. */
const REQUIRE = /^\s*(?:(?:const|let|var)\s+[\w{}\s,:]+=\s*)?(?:require|__import__)\s*\(|^\s*import\b|^\s*from\s+\S+\s+import\b/;
const SECRETISH = /(api[_-]?key|secret|passw(or)?d|token|private[_-]?key)\s*[:=]/i;

/** A code screen: a few lines of the team's source, quoted exactly with their file:line. The
 *  first route registration, else a program entry, else the start of the largest source file's
 *  code; never lines that look like a secret, never over-long lines, never the template's. */
function snippet(c: Ctx, routeFilesFound: { path: string; routes: Route[] }[], langs: { largest: string }[]): Claim | null {
  const at = (path: string, from: number, what: string): Claim | null => {
    const lines = c.ev.lines(path);
    if (!lines || from < 1 || from > lines.length) return null;
    let end = from;
    while (end < lines.length && end - from + 1 < SNIPPET_LINES && lines[end]!.trim() !== '') end++;
    let q = lines.slice(from - 1, end);
    const imp = q.findIndex((l) => REQUIRE.test(l));
    if (imp === 0) return null;
    if (imp > 0) q = q.slice(0, imp);
    while (q.length > 1 && q[q.length - 1]!.trim() === '') q = q.slice(0, -1);
    if (q.some((l) => l.length > 100 || SECRETISH.test(l) || /[\u0000-\u0008\u000e-\u001f]/.test(l))) {
      q = q.slice(0, 1);
      if (q[0]!.length > 100 || SECRETISH.test(q[0]!)) return null;
    }
    const last = from + q.length - 1;
    // the file:line is the claim's citation, shown under the snippet
    const claim: Claim = { text: what, cite: lineCite(path, from, last), quote: q.join('\n') };
    return fromTemplate(c, claim) ? null : claim;
  };
  // the team's most distinctive function (never a test, a generated file or the template's),
  // unless a route's handler says more than it
  const t = c.input.templateEvidence;
  const own = sourcePaths(c).filter((p) => !(t && t.get(p)?.text === c.ev.get(p)?.text));
  // the largest files only, so a tree of thousands of files keeps the deck under its time
  const largest = own.map((p) => ({ p, size: c.ev.get(p)!.size })).sort((a, b) => b.size - a.size || a.p.localeCompare(b.p)).slice(0, FUNCTION_FILES).map((x) => x.p).sort();
  const fn = distinctiveFunction(largest, (p) => c.ev.lines(p));
  const main = fn && MAIN_FORMS.find(([file, re]) => file.test(fn.path) && re.test(c.ev.lines(fn.path)![fn.start - 1]!));
  const f = fn ? at(fn.path, fn.start, main ? `${main[2].replace(/^a /, 'The ')} of ${fn.path}` : `The function ${fn.name}, in ${fn.path}`) : null;
  for (const rf of routeFilesFound) {
    const r = rf.routes[0]!;
    if (f && fn!.score > scoreAt(rf.path, c.ev.lines(rf.path)!, r.line)) break;
    const s = at(rf.path, r.line, `Where ${rf.path} handles ${routeLabel(r)}`);
    if (s) return s;
  }
  if (f) return f;
  for (const p of sourcePaths(c)) {
    for (const [file, re, what] of MAIN_FORMS) {
      if (!file.test(p)) continue;
      const line = lineOf(c.ev.lines(p)!, re);
      const s = line ? at(p, line, `${what.replace(/^a /, 'The ')} of ${p}`) : null;
      if (s) return s;
    }
  }
  for (const l of langs) {
    const lines = c.ev.lines(l.largest)!;
    const first = lines.findIndex((x) => x.trim() !== '' && !/^\s*(import|from|package|using|use|require|#include|\/\/|#|\/\*|\*|'use strict'|"use strict")/.test(x) && !REQUIRE.test(x));
    const s = first >= 0 ? at(l.largest, first + 1, `From ${l.largest}`) : null;
    if (s) return s;
  }
  return null;
}

/** Commit authors of the build window by roster name (the team's roster entries, matched by
 *  the opaque key of their normalized address); authors not on the roster are counted. */
function contributors(c: Ctx, during: CommitInfo[]): Claim | null {
  const roster = c.input.roster;
  if (!roster?.length || !during.length) return null;
  const names = new Map(roster.map((r) => [r.key, r.name]));
  const by = new Map<string, number>();
  for (const k of during) by.set(k.author, (by.get(k.author) ?? 0) + 1);
  const named = [...by].filter(([key]) => names.has(key)).map(([key, n]) => ({ name: names.get(key)!, n })).sort((a, b) => b.n - a.n || a.name.localeCompare(b.name));
  if (!named.length) return null;
  const others = [...by].filter(([key]) => !names.has(key));
  const rest = others.reduce((a, [, n]) => a + n, 0);
  const text = `Commits by ${named.map((x) => `${x.name} (${x.n})`).join(', ')}${others.length ? `; ${plural(others.length, 'author')} not on the team's roster (${rest})` : ''}`;
  // the newest commit of a named contributor
  const newest = during.find((k) => names.has(k.author))!;
  return { text, cite: commitCite(newest.sha) };
}

function languages(c: Ctx): { name: string; files: number; bytes: number; lines: number; unread: number; largest: string }[] {
  const by = new Map<string, { name: string; files: number; bytes: number; lines: number; unread: number; largest: string; largestSize: number }>();
  for (const p of c.ev.paths()) {
    const lang = languageOf(p);
    if (!lang || LOCKFILE.test(p) || isGenerated(c.ev, p)) continue;
    const f = c.ev.get(p)!;
    const e = by.get(lang) ?? { name: lang, files: 0, bytes: 0, lines: 0, unread: 0, largest: p, largestSize: -1 };
    e.files++;
    e.bytes += f.size;
    // lines as Evidence.lines counts them (a last line without a newline counts; an empty file has one)
    if (f.text === null) e.unread++;
    else e.lines += f.text.split('\n').length - (f.text.length > 0 && f.text.endsWith('\n') ? 1 : 0);
    // the largest source file stands for the language (a test file only when there is nothing else)
    const rank = f.size + (isTestFile(p) ? 0 : 1e12);
    if (rank > e.largestSize && c.ev.lines(p)) {
      e.largest = p;
      e.largestSize = rank;
    }
    by.set(lang, e);
  }
  return [...by.values()].filter((e) => e.largestSize >= 0).sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name));
}

function dependencies(c: Ctx): Claim[] {
  const out: Claim[] = [];
  for (const m of c.manifests.slice(0, 6)) {
    if (m.ecosystem === 'go' && m.name) out.push({ text: `${m.path} declares module ${m.name.value}`, cite: lineCite(m.path, m.name.start, m.name.end) });
    if (m.ecosystem === 'rust' && m.name) out.push({ text: `${m.path} names the crate ${m.name.value}`, cite: lineCite(m.path, m.name.start, m.name.end) });
    for (const g of m.dependencies) {
      const what = g.kind === 'runtime' ? ['runtime dependency', 'runtime dependencies'] : ['development dependency', 'development dependencies'];
      out.push({
        text: `${m.path} lists ${plural(g.names.length, what[0]!, what[1]!)}: ${g.names.slice(0, 6).join(', ')}${g.names.length > 6 ? ', …' : ''}`,
        cite: lineCite(m.path, g.start, g.end),
      });
    }
  }
  return out;
}

interface Compose {
  path: string;
  services: { name: string; line: number }[];
  start: number;
  end: number;
}

function readCompose(c: Ctx, named: string | null): Compose | null {
  const candidates = [named, 'compose.yaml', 'compose.yml', 'docker-compose.yml', 'docker-compose.yaml'].filter((x): x is string => !!x);
  for (const path of candidates) {
    const f = c.ev.get(path);
    if (!f?.text) continue;
    try {
      const doc = parseYamlDoc(f.text);
      const at = doc.top('services');
      const services = doc.keysOf('services');
      return at ? { path, services, start: at.start, end: at.end } : { path, services: [], start: 1, end: doc.index.count };
    } catch {
      return null; // reported as a finding by extractFacts
    }
  }
  return null;
}

function manifest(c: Ctx): { json: any; at: (p: string[]) => { start: number; end: number } | null } | null {
  const f = c.ev.get('hackathon.json');
  if (!f?.text) return null;
  try {
    const doc = parseJsonDoc(f.text);
    return doc.value && typeof doc.value === 'object' ? { json: doc.value, at: (p) => doc.at(p) } : null;
  } catch {
    return null; // reported as a finding by extractFacts
  }
}

/** How it runs: hackathon.json, how to run it (README commands, Procfile, go install), the
 *  compose file and Dockerfile, then what it needs that is not in the repository. */
function runs(c: Ctx): Claim[] {
  const out: Claim[] = [];
  const tried = tryIt(c.ev, c.readme?.path ?? null, sourcePaths(c));
  const m = manifest(c);
  let composeName: string | null = null;
  if (m?.json?.app && typeof m.json.app === 'object') {
    const app = m.json.app;
    const at = m.at(['app']);
    composeName = typeof app.compose === 'string' ? app.compose : null;
    const parts = [
      typeof app.service === 'string' ? `compose service ${quote(app.service)}` : null,
      Number.isInteger(app.port) ? `on port ${app.port}` : null,
      typeof app.readyPath === 'string' ? `ready at ${app.readyPath}` : null,
    ].filter(Boolean);
    if (at) out.push({ text: `hackathon.json runs ${parts.join(' ') || 'an app'}${composeName ? ` from ${composeName}` : ''}`, cite: lineCite('hackathon.json', at.start, at.end) });
  }
  out.push(...mineOnly(c, tried.run));
  const compose = readCompose(c, composeName);
  if (compose && compose.services.length) {
    const up = /^(docker-)?compose\.ya?ml$/.test(compose.path) ? 'docker compose up' : `docker compose -f ${compose.path} up`;
    out.push({ text: `${compose.path} defines ${plural(compose.services.length, 'service')}: ${compose.services.map((s) => s.name).join(', ')} (${up} starts ${compose.services.length === 1 ? 'it' : 'them'})`, cite: lineCite(compose.path, compose.start, compose.end) });
  }
  const docker = c.ev.paths().find((p) => /(^|\/)Dockerfile$/.test(p) && c.ev.lines(p)) ?? null;
  if (docker) {
    const lines = c.ev.lines(docker)!;
    const from = lineOf(lines, /^\s*FROM\s+\S+/i);
    const cmd = lineOf(lines, /^\s*(CMD|ENTRYPOINT)\s+/i);
    if (from) out.push({ text: `${docker} builds from ${lines[from - 1]!.trim().split(/\s+/)[1]}`, cite: lineCite(docker, from) });
    if (cmd) out.push({ text: `${docker} starts it with ${lines[cmd - 1]!.trim()}`, cite: lineCite(docker, cmd) });
  }
  if (out.length === 0) {
    for (const m of c.manifests.filter((x) => x.ecosystem === 'npm')) {
      const s = script(m, 'start');
      if (s) {
        out.push({ text: `npm start runs ${quote(s.command)}${m.path === 'package.json' ? '' : ` (${m.path})`}`, cite: lineCite(m.path, s.start, s.end) });
        break;
      }
    }
  }
  // what it needs keeps its place on a full screen (two claims at most)
  const needs = tried.needs.slice(0, 2);
  return [...out.slice(0, Math.max(1, c.input.template.maxClaimsPerScreen - needs.length)), ...needs];
}

/** Claims that do not quote the event template's text (the template's README commands are not the team's). */
function mineOnly(c: Ctx, claims: Claim[]): Claim[] {
  return claims.filter((x) => !fromTemplate(c, x));
}

/** The source file a test imports (relative JS/TS imports, Python package imports), if it is in the archive. */
function exercised(c: Ctx, testPath: string, lines: string[]): { path: string; line: number } | null {
  const dir = testPath.includes('/') ? testPath.slice(0, testPath.lastIndexOf('/')) : '';
  for (let i = 0; i < lines.length && i < 80; i++) {
    const js = /(?:from\s+|require\(\s*|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/.exec(lines[i]!);
    if (js) {
      const base = normaliseJoin(dir, js[1]!);
      if (base) {
        const stem = base.replace(/\.(m|c)?[jt]sx?$/, '');
        for (const cand of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.js`, `${stem}.mjs`, `${stem}.jsx`, `${stem}/index.ts`, `${stem}/index.js`]) {
          if (c.ev.get(cand) && !isTestFile(cand)) return { path: cand, line: i + 1 };
        }
      }
    }
    const py = /^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w.]+))/.exec(lines[i]!);
    if (py) {
      const mod = (py[1] ?? py[2]!).replace(/\./g, '/');
      for (const cand of [`${mod}.py`, `${mod}/__init__.py`, `src/${mod}.py`, `src/${mod}/__init__.py`]) {
        if (c.ev.get(cand) && !isTestFile(cand)) return { path: cand, line: i + 1 };
      }
    }
  }
  return null;
}

function normaliseJoin(dir: string, rel: string): string | null {
  const parts = dir ? dir.split('/') : [];
  for (const seg of rel.split('/')) {
    if (seg === '.' || seg === '') continue;
    if (seg === '..') {
      if (!parts.length) return null;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.join('/');
}

const TEST_FRAMEWORKS = new Set(['pytest', 'jest', 'vitest', 'mocha', 'ava', 'jasmine', '@playwright/test', 'cypress', 'rspec', 'minitest', 'junit', 'junit-jupiter', 'testng', 'xunit', 'nunit', 'MSTest.TestFramework', 'github.com/stretchr/testify']);

/** What is tested, from the tests each file declares by content (core/decks/tests.ts): a test
 *  script with no test anywhere, and tests that are all empty, are said as such. */
function tested(c: Ctx, absentClaim: (subject: AbsenceSubject, text: string) => Claim): { claims: Claim[]; files: number; tests: number; empty: number } {
  const out: Claim[] = [];
  const sha12 = c.input.sha.slice(0, 12);
  const perFile = testFiles(c.ev).map((f) => ({ p: f.path, lines: c.ev.lines(f.path)!, names: f.tests }))
    .sort((a, b) => b.names.length - a.names.length || a.p.localeCompare(b.p));
  const total = perFile.reduce((n, f) => n + f.names.length, 0);
  const ts = script(c.pkg, 'test');
  const real = ts && !/no test specified/.test(ts.command) ? ts : null;
  if (!perFile.length) {
    // a test framework a manifest depends on (a framework's default setup) with no test to run
    const framework = c.manifests.flatMap((m) => m.dependencies.flatMap((g) => g.names.filter((n) => TEST_FRAMEWORKS.has(n)).map((name) => ({ path: m.path, name }))))[0] ?? null;
    // a file named like a test (Django's generated tests.py too) that declares none
    const named = c.ev.paths().find((p) => (isTestFile(p) || /(^|\/)tests?\.py$/.test(p)) && !VENDORED_DIR.test(p) && c.ev.lines(p));
    if (real) out.push(absentClaim('test_files', `npm test runs ${quote(real.command)}, but no file of revision ${sha12} holds a test`));
    else if (ts) out.push(absentClaim('test_files', `The test script of ${c.pkg!.path} is npm's placeholder ("no test specified"), and no file of revision ${sha12} holds a test`));
    else if (framework) out.push(absentClaim('test_files', `${framework.path} names the test framework ${framework.name}, but no file of revision ${sha12} holds a test`));
    else if (named) out.push(absentClaim('test_files', `${named} is named like a test file, but no file of revision ${sha12} holds a test`));
    return { claims: out, files: 0, tests: 0, empty: 0 };
  }
  if (real) out.push({ text: `npm test runs ${quote(real.command)}`, cite: lineCite(c.pkg!.path, real.start, real.end) });
  const empty = perFile.flatMap((f) => f.names.filter((n) => n.empty).map((n) => ({ ...n, p: f.p })));
  if (empty.length === total) {
    const e = empty[0]!;
    out.push(total === 1
      ? { text: `The only test, ${quote(e.name)} in ${e.p}, is empty: its body does nothing`, cite: lineCite(e.p, e.line) }
      : { text: `All ${total} tests are empty, their bodies do nothing (the first, ${quote(e.name)} in ${e.p})`, cite: lineCite(e.p, e.line) });
  }
  for (const f of perFile) {
    if (out.length >= 5) break;
    const shown = f.names.slice(0, 3).map((n) => quote(n.name)).join(', ');
    const blank = f.names.filter((n) => n.empty).length;
    const note = blank && blank < total ? ` (${blank} empty)` : '';
    out.push({ text: `${f.p} holds ${plural(f.names.length, 'test')}${note}: ${shown}${f.names.length > 3 ? ', …' : ''}`, cite: lineCite(f.p, f.names[0]!.line, f.names[f.names.length - 1]!.line) });
    const ex = exercised(c, f.p, f.lines);
    if (ex) out.push({ text: `${f.p} exercises ${ex.path}`, cite: lineCite(f.p, ex.line) });
  }
  return { claims: out, files: perFile.length, tests: total, empty: empty.length };
}

function next(c: Ctx): Claim[] {
  const out: Claim[] = [];
  const r = c.readme;
  for (const s of r?.sections ?? []) {
    if (/roadmap|next|todo|future|plans?|coming/i.test(s.title)) {
      for (const b of bullets(r!, s, 4)) out.push({ text: b.text, cite: lineCite(r!.path, b.line) });
      if (out.length) break;
    }
  }
  const notes: Claim[] = [];
  const files = new Set<string>();
  for (const p of sourcePaths(c)) {
    const lines = c.ev.lines(p)!;
    for (let i = 0; i < lines.length; i++) {
      const m = /(?:\/\/|#|\/\*|\*)\s*(TODO|FIXME)\b[:\s-]*(.{3,})$/.exec(lines[i]!);
      if (!m) continue;
      files.add(p);
      notes.push({ text: `${p} notes ${m[1]}: ${plain(m[2]!.replace(/\*\/\s*$/, ''))}`, cite: lineCite(p, i + 1) });
    }
  }
  // how many are left, then the first ones
  if (notes.length > 1) out.push({ text: `${plural(notes.length, 'TODO/FIXME note')} left in ${plural(files.size, 'source file')}`, cite: notes[0]!.cite });
  out.push(...notes.slice(0, Math.max(0, 5 - out.length)));
  return out;
}

function inWindow(commits: CommitInfo[], w: { startsAt: string; freezeAt: string }): CommitInfo[] {
  const from = Date.parse(w.startsAt);
  const to = Date.parse(w.freezeAt);
  return commits.filter((k) => {
    const at = Date.parse(k.at);
    return at >= from && at <= to;
  });
}

export const CHART_BUCKETS = 12;

function chartOf(during: CommitInfo[], input: GenerateInput): CommitChart {
  const w = input.window;
  const from = Date.parse(w.startsAt);
  const span = Math.max(1, Date.parse(w.freezeAt) - from);
  const counts = new Array<number>(CHART_BUCKETS).fill(0);
  for (const k of during) counts[Math.min(CHART_BUCKETS - 1, Math.floor(((Date.parse(k.at) - from) / span) * CHART_BUCKETS))]!++;
  // the build story: one row per commit and the push receipts as markers (story.ts)
  return { from: w.startsAt, to: w.freezeAt, counts, commits: during.map((k) => k.sha), ...storyOf(input, during) };
}

function built(c: Ctx): { claims: Claim[]; summary: Claim | null; chart?: CommitChart } {
  const out: Claim[] = [];
  const { commits, window, sha } = c.input;
  if (commits === null) return { claims: [{ text: 'The code host did not answer for the commit history; how it was built is not shown', unverified: true }], summary: null };
  const during = inWindow(commits, window);
  if (during.length === 0) {
    const claim = { text: `No commit of revision ${sha.slice(0, 12)} is dated in the event window (${window.startsAt.slice(0, 10)} to the freeze; author dates)`, cite: commitCite(sha) };
    return { claims: [claim], summary: claim };
  }
  const authors = new Set(during.map((k) => k.author)).size;
  const newest = during[0]!;
  const summary = { text: `${plural(during.length, 'commit')} by ${plural(authors, 'author')} dated in the event window (author dates, set by the team), the last ${newest.sha.slice(0, 12)}`, cite: commitCite(newest.sha) };
  out.push(summary);
  const who = contributors(c, during);
  if (who) out.push(who);
  const oldest = during[during.length - 1]!;
  if (oldest.sha !== newest.sha) out.push({ text: `The first commit of the event: ${quote(noEmails(oldest.subject))}`, cite: commitCite(oldest.sha) });
  for (const k of during.slice(0, 3)) out.push({ text: `Commit ${quote(noEmails(k.subject))}`, cite: commitCite(k.sha) });
  return { claims: out, summary, chart: chartOf(during, c.input) };
}

// ---------------------------------------------------------------------------- entry

export function extractFacts(input: GenerateInput): Facts {
  const ev = input.evidence;
  const { manifests, problems } = readManifests(ev);
  const c: Ctx = { ev, input, readme: readReadme(ev), manifests, pkg: manifests.find((m) => m.ecosystem === 'npm') ?? null };
  const sha12 = input.sha.slice(0, 12);
  const at = commitCite(input.sha);
  const findings = unparsed(ev, problems);
  const checked = checkedFor(ev, manifests);
  /** The team's words only: claims quoting the template's text are left out. */
  const mine = (claims: Claim[], template: Claim | null): Claim[] => {
    const own = claims.filter((x) => !fromTemplate(c, x));
    if (!template) return own;
    const said = (x: Claim) => !!x.cite && 'showcase' in x.cite;
    return [...own.filter(said), template, ...own.filter((x) => !said(x))];
  };
  /** A claim that `subject` is absent: made only when no form of it is anywhere in the archive;
   *  otherwise a plain pointer at what is there (the generator could not summarise it). */
  const absentClaim = (subject: AbsenceSubject, text: string): Claim => {
    const p = findPresence(ev, subject, { manifests, problems });
    if (p) {
      const n = ev.lines(p.path)?.length ?? 0;
      const cite = p.line ? lineCite(p.path, p.line) : n ? lineCite(p.path, 1, n) : at;
      return { text: `Found ${p.what} (${p.path}${p.line ? `:${p.line}` : ''})`, cite };
    }
    return { text: `${text} (checked ${checked.join(', ')})`, cite: at, absent: { subject, checked } };
  };

  const langs = languages(c);
  const langClaims = langs.slice(0, 3).map((l): Claim => ({ text: `${l.name}: ${plural(l.files, 'file')}, ${plural(l.lines, 'line')}${l.unread ? ` (${l.unread} not read as text)` : ''}, ${kb(l.bytes)} (largest ${l.largest})`, cite: lineCite(l.largest, 1, c.ev.lines(l.largest)!.length) }));
  // how it works, measured: the main language, the routes and pages found, a code screen (a
  // snippet quoted at its lines), the dependencies, then the other languages
  const found = routeFiles(c);
  const code = snippet(c, found, langs);
  const works: Claim[] = [...langClaims.slice(0, 1), ...mine([...routes(found), ...pages(c)], null).slice(0, 2), ...(code ? [code] : [])];
  works.push(...dependencies(c), ...langClaims.slice(1));
  // the parts and the calls between them, drawn on the screen, and every language's entry point
  const composeName = manifest(c)?.json?.app?.compose ?? null;
  const diagram = architecture(ev, manifests, sourcePaths(c), typeof composeName === 'string' ? composeName : null, input.team);
  const drawn = diagram ? [{ text: `How the parts call each other: ${diagramText(diagram)}`, cite: diagramSpan(diagram) }] : [];
  const measured = works[0] ?? null; // the community deck compares the main language
  works.splice(langClaims.length ? 1 : 0, 0, ...entryPoints(ev, manifests, sourcePaths(c)));
  works.unshift(...drawn); // the diagram's words stay with the diagram when the screen is split
  const compose = readCompose(c, composeName);
  if (compose && compose.services.length > 1 && !diagram) {
    works.push({ text: `${compose.path} wires ${compose.services.map((s) => s.name).join(', ')} together`, cite: lineCite(compose.path, compose.start, compose.end) });
  }
  const t = tested(c, absentClaim);
  const b = built(c);
  const fileCount = ev.files.size;
  const evidence: Claim[] = [
    { text: `Frozen revision ${sha12}${input.repository ? ` of ${input.repository}` : ''}`, cite: at },
    { text: `Evidence archive ${input.archiveName}, sha256 ${input.archiveSha256.slice(0, 12)}…, verified before reading`, cite: at },
    { text: `${plural(fileCount, 'file')}, ${kb(ev.totalBytes)} in the frozen revision`, cite: at },
  ];
  // every test empty: the claim that says so is the summary, never "1 test file with 1 test"
  const testsSummary: Claim | null = !t.files ? null : t.empty === t.tests ? t.claims.find((x) => /is empty|are empty/.test(x.text)) ?? null
    : { text: `${plural(t.files, 'test file')} with ${plural(t.tests, 'test')}${t.empty ? ` (${t.empty} empty)` : ''}`, cite: t.claims.find((x) => x.cite && 'path' in x.cite)?.cite ?? at };
  return {
    topics: {
      problem: notTitleOnly(c, mine(problem(c), templateReadme(c) ?? starterReadme(c)), (x) => mine(x, null)),
      does: mine(does(c), null),
      works,
      built: b.claims,
      provenance: provenance(input, manifests),
      runs: runs(c),
      tested: t.claims.length ? t.claims : [],
      next: mine(next(c), null),
      evidence,
    },
    // computed when read (a topic that found something never asks): the probes scan the archive
    absent: lazily({
      problem: () => absentClaim('description', `Revision ${sha12} has no README and no manifest names or describes the project`),
      does: () => absentClaim('does', `Revision ${sha12} does not say what it does: no README, description, start script or program entry`),
      works: () => absentClaim('source', `Revision ${sha12} holds no source files in a known language outside vendored folders`),
      built: () => ({ text: `No commit history of revision ${sha12} is available`, cite: at }),
      provenance: () => ({ text: `Neither the commit history nor a push receipt of revision ${sha12} shows where its code came from`, cite: at }),
      runs: () => absentClaim('run', `Revision ${sha12} has no hackathon.json, compose file, Dockerfile, Procfile or start script, no run commands in a README and no Go main package`),
      tested: () => absentClaim('tests', `Revision ${sha12} has no test files or real test script`),
      next: () => absentClaim('next', `Revision ${sha12} names no next steps: no roadmap section, TODO or FIXME`),
      evidence: () => evidence[0]!,
    }),
    summary: {
      languages: measured,
      commits: b.summary,
      tests: testsSummary ?? t.claims[0] ?? null,
    },
    chart: b.chart ?? null,
    findings,
    diagram,
  };
}

/** A record whose values are computed once, when first read. */
function lazily<K extends string, V>(make: Record<K, () => V>): Record<K, V> {
  const out = {} as Record<K, V>;
  for (const k of Object.keys(make) as K[]) {
    let v: V | undefined;
    Object.defineProperty(out, k, { enumerable: true, get: () => (v ??= make[k]()) });
  }
  return out;
}

/** Structured files that did not parse (manifests, hackathon.json, compose files), as findings. */
function unparsed(ev: Evidence, problems: ParseProblem[]): Finding[] {
  const all = [...problems];
  for (const path of ev.paths()) {
    const base = path.split('/').pop()!;
    const f = ev.get(path)!;
    if (f.text === null || all.some((p) => p.path === path)) continue;
    try {
      if (path === 'hackathon.json') parseJsonDoc(f.text);
      else if (/^(docker-)?compose\.ya?ml$/.test(base) && !path.includes('/')) parseYamlDoc(f.text);
      else continue;
    } catch (err) {
      all.push({ path, reason: ((err as Error).message || String(err)).split('\n')[0]!.slice(0, 200) });
    }
  }
  return all.map((p) => ({ code: 'unparsed_file' as const, message: `${p.path} does not parse: ${p.reason}` }));
}
