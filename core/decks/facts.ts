// What the evidence says, as claims that each carry their citation: the built-in generator
// lays these out on screens, and the optional chat-completions driver is handed them as the
// only material it may write from. Nothing here guesses: every claim quotes or counts lines
// of a file in the archive (cited by path and line range) or commits of the frozen revision's
// history (cited by sha); what is absent is said about the frozen commit and cites it.
import type { Evidence } from './evidence.ts';
import type { Citation, Claim, CommitInfo, GenerateInput } from './types.ts';

export type FactTopic = 'problem' | 'does' | 'works' | 'built' | 'runs' | 'tested' | 'next' | 'evidence';

export interface Facts {
  /** Claims per topic, most telling first. */
  topics: Record<FactTopic, Claim[]>;
  /** The claim a topic shows when it found nothing (cites the frozen commit). */
  absent: Record<FactTopic, Claim>;
  /** Short numbers the community deck compares. */
  summary: { languages: Claim | null; commits: Claim | null; tests: Claim | null };
}

// ---------------------------------------------------------------------------- helpers

export const lineCite = (path: string, start: number, end = start): Citation => ({ path, start, end });
export const commitCite = (sha: string): Citation => ({ commit: sha });

/** Plain text from a line of Markdown: links to their text, emphasis and code marks removed. */
export function plain(md: string): string {
  return md
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[*_`]{1,3}([^*_`]+)[*_`]{1,3}/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

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

const SKIP_DIR = /(^|\/)(node_modules|vendor|dist|build|out|target|\.git|\.venv|venv|__pycache__|coverage)\//;
const LOCKFILE = /(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|poetry\.lock|Cargo\.lock|go\.sum|Gemfile\.lock|composer\.lock)$/;

const LANGUAGES: [RegExp, string][] = [
  [/\.tsx?$/, 'TypeScript'], [/\.(m|c)?jsx?$/, 'JavaScript'], [/\.py$/, 'Python'], [/\.go$/, 'Go'], [/\.rs$/, 'Rust'],
  [/\.java$/, 'Java'], [/\.kts?$/, 'Kotlin'], [/\.rb$/, 'Ruby'], [/\.php$/, 'PHP'], [/\.cs$/, 'C#'], [/\.(cpp|cc|cxx|hpp)$/, 'C++'],
  [/\.[ch]$/, 'C'], [/\.swift$/, 'Swift'], [/\.dart$/, 'Dart'], [/\.vue$/, 'Vue'], [/\.svelte$/, 'Svelte'], [/\.html?$/, 'HTML'],
  [/\.(css|scss|sass|less)$/, 'CSS'], [/\.(sh|bash)$/, 'Shell'], [/\.sql$/, 'SQL'], [/\.(ex|exs)$/, 'Elixir'], [/\.scala$/, 'Scala'],
];
export function languageOf(path: string): string | null {
  if (SKIP_DIR.test(path) || /\.min\.(js|css)$/.test(path)) return null;
  for (const [re, name] of LANGUAGES) if (re.test(path)) return name;
  return null;
}

export function isTestFile(path: string): boolean {
  if (SKIP_DIR.test(path)) return false;
  return /(^|\/)(test|tests|__tests__|spec|specs)\/.+\.[a-z]+$/i.test(path)
    || /\.(test|spec)\.[cm]?[jt]sx?$/.test(path)
    || /(^|\/)test_[^/]+\.py$/.test(path) || /_test\.(py|go)$/.test(path)
    || /(^|\/)src\/test\/.+\.(java|kt)$/.test(path);
}

interface Section {
  title: string;
  start: number; // heading line
  end: number; // last line of the section
}

interface Readme {
  path: string;
  lines: string[];
  title: { text: string; line: number } | null;
  intro: { text: string; start: number; end: number } | null;
  sections: Section[];
}

function findReadme(ev: Evidence): string | null {
  const candidates = ev.paths().filter((p) => /^readme(\.(md|markdown|txt|rst))?$/i.test(p.split('/').pop()!) && ev.lines(p));
  candidates.sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  return candidates[0] ?? null;
}

function readReadme(ev: Evidence): Readme | null {
  const path = findReadme(ev);
  if (!path) return null;
  const lines = ev.lines(path)!;
  let title: Readme['title'] = null;
  let intro: Readme['intro'] = null;
  const sections: Section[] = [];
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (/^\s*(```|~~~)/.test(l)) fence = !fence;
    if (fence) continue;
    const h = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(l);
    // Setext title: a line underlined with === (or ---) at the top.
    const setext = i + 1 < lines.length && /^\s*(=+|-+)\s*$/.test(lines[i + 1]!) && l.trim() !== '' && !title && sections.length === 0;
    if (h || setext) {
      const text = plain(h ? h[2]! : l);
      if (!title && (setext || h![1] === '#') && text) title = { text, line: i + 1 };
      else if (text) sections.push({ title: text, start: i + 1, end: lines.length });
      if (sections.length > 1) sections[sections.length - 2]!.end = i;
      if (setext) i++;
      continue;
    }
    if (!intro && (title || sections.length === 0) && sections.length === 0 && l.trim() !== '' && !/^\s*(\[!\[|!\[|<!--|<img|<p|<\/?div|---|===|\|)/.test(l)) {
      let end = i;
      while (end + 1 < lines.length && lines[end + 1]!.trim() !== '' && !/^#/.test(lines[end + 1]!) && !/^\s*(```|~~~)/.test(lines[end + 1]!)) end++;
      const text = plain(lines.slice(i, end + 1).join(' '));
      if (text.length >= 3 && !/^[-*+]\s/.test(l.trim())) intro = { text, start: i + 1, end: end + 1 };
      i = end;
    }
  }
  return { path, lines, title, intro, sections };
}

function bullets(lines: string[], s: Section, limit: number): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  for (let i = s.start; i < s.end && out.length < limit; i++) {
    const m = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.+)$/.exec(lines[i]!);
    if (m) {
      const text = plain(m[1]!);
      if (text.length >= 2) out.push({ text, line: i + 1 });
    }
  }
  return out;
}

/** The line range of a JSON object member `"key": { ... }` (or the key's own line for a scalar). */
function jsonMemberLines(lines: string[], key: string, from = 0): { start: number; end: number } | null {
  const re = new RegExp(`^\\s*"${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\s*:`);
  for (let i = from; i < lines.length; i++) {
    if (!re.test(lines[i]!)) continue;
    const rest = lines[i]!.slice(lines[i]!.indexOf(':') + 1);
    const open = rest.trim()[0];
    if (open !== '{' && open !== '[') return { start: i + 1, end: i + 1 };
    let depth = 0;
    for (let j = i; j < lines.length; j++) {
      const text = j === i ? rest : lines[j]!;
      for (const ch of text.replace(/"(?:[^"\\]|\\.)*"/g, '""')) {
        if (ch === '{' || ch === '[') depth++;
        if (ch === '}' || ch === ']') depth--;
      }
      if (depth <= 0) return { start: i + 1, end: j + 1 };
    }
    return { start: i + 1, end: i + 1 };
  }
  return null;
}

function parseJson(ev: Evidence, path: string): any {
  const f = ev.get(path);
  if (!f?.text) return null;
  try {
    const v = JSON.parse(f.text);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
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
  pkg: { path: string; json: any; lines: string[] } | null;
}

function problem(c: Ctx): Claim[] {
  const out: Claim[] = [];
  const r = c.readme;
  if (r?.title) out.push({ text: `The README names the project ${quote(r.title.text)}`, cite: lineCite(r.path, r.title.line) });
  if (r?.intro) out.push({ text: `The README says: ${quote(r.intro.text)}`, cite: lineCite(r.path, r.intro.start, r.intro.end) });
  const desc = c.pkg?.json?.description;
  if (typeof desc === 'string' && desc.trim()) {
    const at = jsonMemberLines(c.pkg!.lines, 'description');
    if (at) out.push({ text: `${c.pkg!.path} describes it as ${quote(plain(desc))}`, cite: lineCite(c.pkg!.path, at.start, at.end) });
  }
  const py = c.ev.lines('pyproject.toml');
  if (py) {
    const d = lineOf(py, /^\s*description\s*=\s*["'](.+)["']/);
    if (d) out.push({ text: `pyproject.toml describes it as ${quote(/=\s*["'](.+)["']/.exec(py[d - 1]!)![1]!)}`, cite: lineCite('pyproject.toml', d) });
  }
  for (const s of r?.sections ?? []) {
    if (/problem|why|motivation|about|overview/i.test(s.title)) {
      const body = firstParagraph(r!.lines, s);
      if (body) out.push({ text: `Under ${quote(s.title)} the README says: ${quote(body.text)}`, cite: lineCite(r!.path, body.start, body.end) });
      break;
    }
  }
  return out;
}

function firstParagraph(lines: string[], s: Section): { text: string; start: number; end: number } | null {
  for (let i = s.start; i < s.end; i++) {
    const l = lines[i]!;
    if (l.trim() === '' || /^\s*(```|~~~|[-*+]\s|\d+[.)]\s|\||<)/.test(l)) continue;
    let end = i;
    while (end + 1 < s.end && lines[end + 1]!.trim() !== '' && !/^\s*(```|~~~|#)/.test(lines[end + 1]!)) end++;
    return { text: plain(lines.slice(i, end + 1).join(' ')), start: i + 1, end: end + 1 };
  }
  return null;
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

function sourcePaths(c: Ctx): string[] {
  return c.ev.paths().filter((p) => languageOf(p) && !isTestFile(p) && c.ev.lines(p));
}

function does(c: Ctx): Claim[] {
  const out: Claim[] = [];
  const r = c.readme;
  for (const s of r?.sections ?? []) {
    if (/feature|what it does|usage|how to use|highlights|functionality/i.test(s.title)) {
      for (const b of bullets(r!.lines, s, 4)) out.push({ text: b.text, cite: lineCite(r!.path, b.line) });
      if (out.length === 0) {
        const p = firstParagraph(r!.lines, s);
        if (p) out.push({ text: `Under ${quote(s.title)} the README says: ${quote(p.text)}`, cite: lineCite(r!.path, p.start, p.end) });
      }
      if (out.length) break;
    }
  }
  const scripts = c.pkg?.json?.scripts;
  if (scripts && typeof scripts === 'object') {
    const block = jsonMemberLines(c.pkg!.lines, 'scripts');
    for (const name of ['start', 'dev', 'serve']) {
      if (typeof scripts[name] === 'string' && block) {
        const at = jsonMemberLines(c.pkg!.lines, name, block.start - 1);
        if (at && at.start <= block.end) {
          out.push({ text: `npm run ${name} runs ${quote(scripts[name])}`, cite: lineCite(c.pkg!.path, at.start) });
          break;
        }
      }
    }
  }
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
  const py = c.ev.paths().find((p) => /\.py$/.test(p) && !isTestFile(p) && c.ev.lines(p)?.some((l) => /^if __name__ == ['"]__main__['"]/.test(l)));
  if (py) out.push({ text: `${py} runs as a program (it has a __main__ entry)`, cite: lineCite(py, lineOf(c.ev.lines(py)!, /^if __name__ == ['"]__main__['"]/)!) });
  return out;
}

function languages(c: Ctx): { name: string; files: number; bytes: number; largest: string }[] {
  const by = new Map<string, { name: string; files: number; bytes: number; largest: string; largestSize: number }>();
  for (const p of c.ev.paths()) {
    const lang = languageOf(p);
    if (!lang || LOCKFILE.test(p)) continue;
    const f = c.ev.get(p)!;
    const e = by.get(lang) ?? { name: lang, files: 0, bytes: 0, largest: p, largestSize: -1 };
    e.files++;
    e.bytes += f.size;
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
  if (c.pkg) {
    for (const key of ['dependencies', 'devDependencies']) {
      const deps = c.pkg.json[key];
      const at = jsonMemberLines(c.pkg.lines, key);
      if (deps && typeof deps === 'object' && at && Object.keys(deps).length) {
        const names = Object.keys(deps);
        out.push({
          text: `${c.pkg.path} lists ${plural(names.length, key === 'dependencies' ? 'runtime dependency' : 'development dependency', key === 'dependencies' ? 'runtime dependencies' : 'development dependencies')}: ${names.slice(0, 6).join(', ')}${names.length > 6 ? ', …' : ''}`,
          cite: lineCite(c.pkg.path, at.start, at.end),
        });
      }
    }
  }
  const req = c.ev.lines('requirements.txt');
  if (req) {
    const rows = req.map((l, i) => ({ l: l.trim(), n: i + 1 })).filter((x) => x.l && !x.l.startsWith('#') && !x.l.startsWith('-'));
    if (rows.length) {
      const names = rows.map((x) => x.l.split(/[<>=!~;\[ ]/)[0]!);
      out.push({ text: `requirements.txt lists ${plural(names.length, 'dependency', 'dependencies')}: ${names.slice(0, 6).join(', ')}${names.length > 6 ? ', …' : ''}`, cite: lineCite('requirements.txt', rows[0]!.n, rows[rows.length - 1]!.n) });
    }
  }
  const py = c.ev.lines('pyproject.toml');
  if (py) {
    const d = lineOf(py, /^\s*dependencies\s*=\s*\[/);
    if (d) {
      let end = d;
      while (end < py.length && !/\]/.test(py[end - 1]!)) end++;
      const names = py.slice(d - 1, end).join(' ').replace(/^[^[]*\[/, '').replace(/\].*$/, '').split(',').map((s) => s.trim().replace(/^["']|["']$/g, '').split(/[<>=!~;\[ ]/)[0]!).filter(Boolean);
      if (names.length) out.push({ text: `pyproject.toml lists ${plural(names.length, 'dependency', 'dependencies')}: ${names.slice(0, 6).join(', ')}`, cite: lineCite('pyproject.toml', d, end) });
    }
  }
  const gomod = c.ev.lines('go.mod');
  if (gomod) {
    const m = lineOf(gomod, /^module\s+\S+/);
    if (m) out.push({ text: `go.mod declares module ${gomod[m - 1]!.split(/\s+/)[1]}`, cite: lineCite('go.mod', m) });
  }
  const cargo = c.ev.lines('Cargo.toml');
  if (cargo) {
    const n = lineOf(cargo, /^\s*name\s*=\s*"/);
    if (n) out.push({ text: `Cargo.toml names the crate ${/"(.+)"/.exec(cargo[n - 1]!)![1]}`, cite: lineCite('Cargo.toml', n) });
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
    const lines = c.ev.lines(path);
    if (!lines) continue;
    const at = lineOf(lines, /^services\s*:\s*$/);
    if (!at) return { path, services: [], start: 1, end: lines.length };
    const services: { name: string; line: number }[] = [];
    let indent: number | null = null;
    let end = at;
    for (let i = at; i < lines.length; i++) {
      const l = lines[i]!;
      if (l.trim() === '' || l.trim().startsWith('#')) continue;
      const lead = l.length - l.trimStart().length;
      if (lead === 0) break;
      end = i + 1;
      if (indent === null) indent = lead;
      const m = /^\s*([A-Za-z0-9._-]+)\s*:\s*$/.exec(l);
      if (lead === indent && m) services.push({ name: m[1]!, line: i + 1 });
    }
    return { path, services, start: at, end };
  }
  return null;
}

function manifest(c: Ctx): { json: any; lines: string[] } | null {
  const json = parseJson(c.ev, 'hackathon.json');
  return json ? { json, lines: c.ev.lines('hackathon.json')! } : null;
}

function runs(c: Ctx): Claim[] {
  const out: Claim[] = [];
  const m = manifest(c);
  let composeName: string | null = null;
  if (m?.json?.app && typeof m.json.app === 'object') {
    const app = m.json.app;
    const at = jsonMemberLines(m.lines, 'app');
    composeName = typeof app.compose === 'string' ? app.compose : null;
    const parts = [
      typeof app.service === 'string' ? `compose service ${quote(app.service)}` : null,
      Number.isInteger(app.port) ? `on port ${app.port}` : null,
      typeof app.readyPath === 'string' ? `ready at ${app.readyPath}` : null,
    ].filter(Boolean);
    if (at) out.push({ text: `hackathon.json runs ${parts.join(' ') || 'an app'}${composeName ? ` from ${composeName}` : ''}`, cite: lineCite('hackathon.json', at.start, at.end) });
  }
  const compose = readCompose(c, composeName);
  if (compose && compose.services.length) {
    out.push({ text: `${compose.path} defines ${plural(compose.services.length, 'service')}: ${compose.services.map((s) => s.name).join(', ')}`, cite: lineCite(compose.path, compose.start, compose.end) });
  }
  const docker = c.ev.paths().find((p) => /(^|\/)Dockerfile$/.test(p) && c.ev.lines(p)) ?? null;
  if (docker) {
    const lines = c.ev.lines(docker)!;
    const from = lineOf(lines, /^\s*FROM\s+\S+/i);
    const cmd = lineOf(lines, /^\s*(CMD|ENTRYPOINT)\s+/i);
    if (from) out.push({ text: `${docker} builds from ${lines[from - 1]!.trim().split(/\s+/)[1]}`, cite: lineCite(docker, from) });
    if (cmd) out.push({ text: `${docker} starts it with ${lines[cmd - 1]!.trim()}`, cite: lineCite(docker, cmd) });
  }
  const scripts = c.pkg?.json?.scripts;
  if (out.length === 0 && scripts && typeof scripts.start === 'string') {
    const block = jsonMemberLines(c.pkg!.lines, 'scripts');
    const at = block && jsonMemberLines(c.pkg!.lines, 'start', block.start - 1);
    if (at) out.push({ text: `npm start runs ${quote(scripts.start)}`, cite: lineCite(c.pkg!.path, at.start) });
  }
  return out;
}

const JS_TEST = /^\s*(?:test|it)(?:\.(?:only|skip|concurrent|serial))?\(\s*(['"`])(.+?)\1/;
const PY_TEST = /^\s*(?:async\s+)?def\s+(test_\w+)\s*\(/;
const GO_TEST = /^func\s+(Test\w+)\s*\(/;

function testNames(lines: string[]): { name: string; line: number }[] {
  const out: { name: string; line: number }[] = [];
  lines.forEach((l, i) => {
    const m = JS_TEST.exec(l) ?? PY_TEST.exec(l) ?? GO_TEST.exec(l);
    if (m) out.push({ name: m[2] ?? m[1]!, line: i + 1 });
  });
  return out;
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

function tested(c: Ctx): { claims: Claim[]; files: number; tests: number } {
  const out: Claim[] = [];
  const files = c.ev.paths().filter((p) => isTestFile(p) && languageOf(p) && c.ev.lines(p));
  let total = 0;
  const perFile = files.map((p) => {
    const lines = c.ev.lines(p)!;
    const names = testNames(lines);
    total += names.length;
    return { p, lines, names };
  }).sort((a, b) => b.names.length - a.names.length || a.p.localeCompare(b.p));
  const scripts = c.pkg?.json?.scripts;
  if (scripts && typeof scripts.test === 'string' && !/no test specified/.test(scripts.test)) {
    const block = jsonMemberLines(c.pkg!.lines, 'scripts');
    const at = block && jsonMemberLines(c.pkg!.lines, 'test', block.start - 1);
    if (at) out.push({ text: `npm test runs ${quote(scripts.test)}`, cite: lineCite(c.pkg!.path, at.start) });
  }
  for (const f of perFile) {
    if (out.length >= 5) break;
    if (f.names.length) {
      const shown = f.names.slice(0, 3).map((n) => quote(n.name)).join(', ');
      out.push({ text: `${f.p} holds ${plural(f.names.length, 'test')}: ${shown}${f.names.length > 3 ? ', …' : ''}`, cite: lineCite(f.p, f.names[0]!.line, f.names[f.names.length - 1]!.line) });
    }
    const ex = exercised(c, f.p, f.lines);
    if (ex) out.push({ text: `${f.p} exercises ${ex.path}`, cite: lineCite(f.p, ex.line) });
  }
  return { claims: out, files: files.length, tests: total };
}

function next(c: Ctx): Claim[] {
  const out: Claim[] = [];
  const r = c.readme;
  for (const s of r?.sections ?? []) {
    if (/roadmap|next|todo|future|plans?|coming/i.test(s.title)) {
      for (const b of bullets(r!.lines, s, 4)) out.push({ text: b.text, cite: lineCite(r!.path, b.line) });
      if (out.length) break;
    }
  }
  for (const p of sourcePaths(c)) {
    if (out.length >= 5) break;
    const lines = c.ev.lines(p)!;
    for (let i = 0; i < lines.length && out.length < 5; i++) {
      const m = /(?:\/\/|#|\/\*|\*)\s*(TODO|FIXME)\b[:\s-]*(.{3,})$/.exec(lines[i]!);
      if (m) out.push({ text: `${p} notes ${m[1]}: ${plain(m[2]!.replace(/\*\/\s*$/, ''))}`, cite: lineCite(p, i + 1) });
    }
  }
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

function built(c: Ctx): { claims: Claim[]; summary: Claim | null } {
  const out: Claim[] = [];
  const { commits, window, sha } = c.input;
  if (commits === null) return { claims: [{ text: 'The code host did not answer for the commit history; how it was built is not shown', unverified: true }], summary: null };
  const during = inWindow(commits, window);
  if (during.length === 0) {
    const claim = { text: `No commit of revision ${sha.slice(0, 12)} was made during the event (${window.startsAt.slice(0, 10)} to the freeze)`, cite: commitCite(sha) };
    return { claims: [claim], summary: claim };
  }
  const authors = new Set(during.map((k) => k.author)).size;
  const newest = during[0]!;
  const summary = { text: `${plural(during.length, 'commit')} by ${plural(authors, 'author')} during the event, the last ${newest.sha.slice(0, 12)}`, cite: commitCite(newest.sha) };
  out.push(summary);
  const oldest = during[during.length - 1]!;
  if (oldest.sha !== newest.sha) out.push({ text: `The first commit of the event: ${quote(noEmails(oldest.subject))}`, cite: commitCite(oldest.sha) });
  for (const k of during.slice(0, 3)) out.push({ text: `Commit ${quote(noEmails(k.subject))}`, cite: commitCite(k.sha) });
  return { claims: out, summary };
}

// ---------------------------------------------------------------------------- entry

export function extractFacts(input: GenerateInput): Facts {
  const ev = input.evidence;
  const pkgJson = parseJson(ev, 'package.json');
  const c: Ctx = { ev, input, readme: readReadme(ev), pkg: pkgJson ? { path: 'package.json', json: pkgJson, lines: ev.lines('package.json')! } : null };
  const sha12 = input.sha.slice(0, 12);
  const at = commitCite(input.sha);

  const langs = languages(c);
  const works: Claim[] = [];
  for (const l of langs.slice(0, 3)) {
    works.push({ text: `${l.name}: ${plural(l.files, 'file')}, ${kb(l.bytes)} (largest ${l.largest})`, cite: lineCite(l.largest, 1, c.ev.lines(l.largest)!.length) });
  }
  works.push(...dependencies(c));
  const compose = readCompose(c, manifest(c)?.json?.app?.compose ?? null);
  if (compose && compose.services.length > 1) {
    works.push({ text: `${compose.path} wires ${compose.services.map((s) => s.name).join(', ')} together`, cite: lineCite(compose.path, compose.start, compose.end) });
  }
  const t = tested(c);
  const b = built(c);
  const fileCount = ev.files.size;
  const evidence: Claim[] = [
    { text: `Frozen revision ${sha12}${input.repository ? ` of ${input.repository}` : ''}`, cite: at },
    { text: `Evidence archive ${input.archiveName}, sha256 ${input.archiveSha256.slice(0, 12)}…, verified before reading`, cite: at },
    { text: `${plural(fileCount, 'file')}, ${kb(ev.totalBytes)} in the frozen revision`, cite: at },
  ];
  const testsSummary: Claim | null = t.files
    ? { text: `${plural(t.files, 'test file')}${t.tests ? ` with ${plural(t.tests, 'test')}` : ''}`, cite: t.claims.find((x) => x.cite && 'path' in x.cite)?.cite ?? at }
    : null;
  return {
    topics: {
      problem: problem(c),
      does: does(c),
      works,
      built: b.claims,
      runs: runs(c),
      tested: t.claims.length ? t.claims : [],
      next: next(c),
      evidence,
    },
    absent: {
      problem: { text: `Revision ${sha12} has no README or project description to say what problem it addresses`, cite: at },
      does: { text: `Revision ${sha12} does not describe what it does (no README features or start script)`, cite: at },
      works: { text: `Revision ${sha12} holds no source files in a known language`, cite: at },
      built: { text: `No commit history of revision ${sha12} is available`, cite: at },
      runs: { text: `Revision ${sha12} has no hackathon.json, compose file, Dockerfile or start script`, cite: at },
      tested: { text: `Revision ${sha12} has no test files`, cite: at },
      next: { text: `Revision ${sha12} names no next steps`, cite: at },
      evidence: evidence[0]!,
    },
    summary: {
      languages: works[0] ?? null,
      commits: b.summary,
      tests: testsSummary,
    },
  };
}
