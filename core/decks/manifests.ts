// Structured files of the evidence, read with real parsers: JSON (jsonc-parser,
// which gives every member's offset), YAML (yaml), TOML (smol-toml), XML (fast-xml-parser),
// and the manifests of the common ecosystems: npm package.json, Python pyproject.toml /
// requirements.txt / setup.cfg, Go go.mod, Rust Cargo.toml, Java/Kotlin pom.xml and
// build.gradle(.kts), Ruby Gemfile, .NET *.csproj. A value is only claimed as the parser read
// it, and its citation is the line range where the member really is, whatever the formatting
// (a one-line file cites line 1). A file that does not parse is a problem (reported as a
// validation finding), never a reason to say something is absent.
import { findNodeAtLocation, getNodeValue, parseTree, type Node as JsonNode } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { XMLParser } from 'fast-xml-parser';
import { parseDocument, isMap, isScalar } from 'yaml';
import type { Evidence } from './evidence.ts';
import { VENDORED_DIR } from './paths.ts';

export interface Span {
  start: number; // 1-based, inclusive
  end: number;
}

export type Ecosystem = 'npm' | 'python' | 'go' | 'rust' | 'java' | 'ruby' | 'dotnet';

export interface DependencyGroup extends Span {
  kind: 'runtime' | 'development';
  names: string[];
}

export interface Script extends Span {
  name: string;
  command: string;
}

export interface Manifest {
  path: string;
  ecosystem: Ecosystem;
  /** What the manifest calls the file ("package.json", "go.mod"). */
  kind: string;
  name?: { value: string } & Span;
  description?: { value: string } & Span;
  /** npm scripts; Python console scripts (command = the entry it runs). */
  scripts: Script[];
  /** Commands the package installs or builds: npm "bin" (command = the file it runs), Cargo
   *  [[bin]] targets (command = their path, or the name when no path is given). Python's
   *  [project.scripts] are console scripts in `scripts`. */
  bins?: Script[];
  dependencies: DependencyGroup[];
  /** Whole-file span: what a claim about the manifest as a whole cites. */
  whole: Span;
}

export interface ParseProblem {
  path: string;
  reason: string;
}

/** Directories whose files are not the team's own (vendored, generated, installed). */
export { VENDORED_DIR };

const MANIFEST_NAME = /(^|\/)(package\.json|pyproject\.toml|requirements(-[\w.-]+)?\.txt|setup\.cfg|go\.mod|Cargo\.toml|pom\.xml|build\.gradle(\.kts)?|Gemfile|[^/]+\.csproj)$/;

export function isManifestPath(path: string): boolean {
  return MANIFEST_NAME.test(path) && !VENDORED_DIR.test(path);
}

// ---------------------------------------------------------------------------- positions

/** Offsets of line starts, for offset -> 1-based line. Lines split on \n as Evidence.lines does. */
export class LineIndex {
  private starts: number[] = [0];
  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }
  line(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }
  span(from: number, to: number): Span {
    const start = this.line(from);
    // the last character of the range (a range ending right after a newline ends on the line before)
    let last = Math.max(from, to - 1);
    while (last > from && /\s/.test(this.text[last]!)) last--;
    return { start, end: Math.max(start, this.line(last)) };
  }
  get count(): number {
    // as Evidence.lines: a trailing newline does not make a line
    const n = this.starts.length;
    return n > 1 && this.starts[n - 1] === this.text.length ? n - 1 : n;
  }
}

export interface JsonDoc {
  value: any;
  at(path: (string | number)[]): Span | null;
  index: LineIndex;
}

/** Strict JSON (what npm reads) with member positions; throws with the parser's reason. */
export function parseJsonDoc(text: string): JsonDoc {
  JSON.parse(text); // strictness (no comments, no trailing commas); throws SyntaxError with the reason
  const root = parseTree(text, [], { disallowComments: true, allowTrailingComma: false });
  if (!root) throw new SyntaxError('empty document');
  const index = new LineIndex(text);
  return {
    value: getNodeValue(root),
    index,
    at(path) {
      const node = findNodeAtLocation(root, path);
      if (!node) return null;
      const member: JsonNode = node.parent?.type === 'property' ? node.parent : node;
      return index.span(member.offset, member.offset + member.length);
    },
  };
}

export interface YamlDoc {
  value: any;
  /** Span of a top-level key's pair (key through value). */
  top(key: string): Span | null;
  /** Keys of a top-level mapping with each key's line. */
  keysOf(key: string): { name: string; line: number }[];
  index: LineIndex;
}

export function parseYamlDoc(text: string): YamlDoc {
  const doc = parseDocument(text, { prettyErrors: false });
  if (doc.errors.length) throw new SyntaxError(doc.errors[0]!.message.split('\n')[0]!);
  const index = new LineIndex(text);
  const contents = doc.contents;
  const pair = (key: string) => (isMap(contents) ? contents.items.find((p) => isScalar(p.key) && String(p.key.value) === key) : undefined);
  return {
    value: doc.toJS(),
    index,
    top(key) {
      const p = pair(key);
      const k = p && (p.key as any)?.range;
      if (!k) return null;
      const v = (p!.value as any)?.range as number[] | undefined;
      return index.span(k[0], v ? v[1] : k[1]);
    },
    keysOf(key) {
      const p = pair(key);
      if (!p || !isMap(p.value)) return [];
      return p.value.items.filter((x) => isScalar(x.key) && (x.key as any).range).map((x) => ({ name: String((x.key as any).value), line: index.line((x.key as any).range[0]) }));
    },
  };
}

// TOML: smol-toml reads the values (and refuses what is not TOML); it gives no positions, so a
// member's lines are found by a scan of table headers and keys, and kept only when the line
// really holds the value the parser read. A member that cannot be placed for certain cites
// the whole file (the parser read it there: true, if less precise).

const TOML_HEADER = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/;
const tomlPath = (s: string) => s.split('.').map((x) => x.trim().replace(/^["']|["']$/g, ''));

function tomlValueEnd(lines: string[], i: number, rest: string): number {
  const t = rest.trim();
  const triple = /^("""|''')/.exec(t);
  if (triple) {
    if (t.slice(3).includes(triple[1]!)) return i;
    for (let j = i + 1; j < lines.length; j++) if (lines[j]!.includes(triple[1]!)) return j;
    return i;
  }
  if (t[0] !== '[' && t[0] !== '{') return i;
  let depth = 0;
  for (let j = i; j < lines.length; j++) {
    const text = (j === i ? rest : lines[j]!).replace(/"(?:[^"\\]|\\.)*"|'[^']*'/g, '""').replace(/#.*$/, '');
    for (const ch of text) {
      if (ch === '[' || ch === '{') depth++;
      if (ch === ']' || ch === '}') depth--;
    }
    if (depth <= 0) return j;
  }
  return i;
}

export interface TomlDoc {
  value: any;
  /** Lines of key `key` directly in table `table` (e.g. ['project'], 'description'). */
  key(table: string[], key: string): Span | null;
  /** Lines of table `[table]`, header through its last non-blank line. */
  table(table: string[]): Span | null;
  whole: Span;
}

export function parseTomlDoc(text: string): TomlDoc {
  const value = parseToml(text);
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const whole = { start: 1, end: Math.max(1, lines.length) };
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  return {
    value,
    whole,
    key(table, key) {
      let current: string[] = [];
      for (let i = 0; i < lines.length; i++) {
        const h = TOML_HEADER.exec(lines[i]!);
        if (h) {
          current = tomlPath(h[1]!);
          continue;
        }
        const m = /^\s*(?:"([^"]+)"|'([^']+)'|([A-Za-z0-9_.-]+))\s*=(.*)$/.exec(lines[i]!);
        if (!m) continue;
        const k = tomlPath(m[1] ?? m[2] ?? m[3]!);
        const full = [...current, ...k];
        if (same(full, [...table, key])) return { start: i + 1, end: tomlValueEnd(lines, i, m[4]!) + 1 };
      }
      return null;
    },
    table(table) {
      for (let i = 0; i < lines.length; i++) {
        const h = TOML_HEADER.exec(lines[i]!);
        if (!h || !same(tomlPath(h[1]!), table)) continue;
        let end = i;
        for (let j = i + 1; j < lines.length && !TOML_HEADER.test(lines[j]!); j++) if (lines[j]!.trim() && !lines[j]!.trim().startsWith('#')) end = j;
        return { start: i + 1, end: end + 1 };
      }
      return null;
    },
  };
}

/** A span that certainly holds `needle` (as written or JSON-escaped), else the whole file. */
function holding(lines: string[], span: Span | null, needle: string, whole: Span, key?: string): Span {
  const has = (text: string) => text.includes(needle) || text.includes(JSON.stringify(needle).slice(1, -1));
  if (span && has(lines.slice(span.start - 1, span.end).join('\n'))) return span;
  // an inline table or dotted key (`package = { name = "x" }`): the one line holding key and value
  if (key) {
    const hits = lines.map((l, i) => (has(l) && new RegExp(`(^|[\\s{,.])${key}\\s*=`).test(l) ? i : -1)).filter((i) => i >= 0);
    if (hits.length === 1) return { start: hits[0]! + 1, end: hits[0]! + 1 };
  }
  return whole;
}

const XML = new XMLParser({ captureMetaData: true, ignoreAttributes: false, attributeNamePrefix: '@', isArray: (n) => ['dependency', 'PackageReference', 'ItemGroup', 'PropertyGroup', 'plugin'].includes(n) });
const META = XMLParser.getMetaDataSymbol() as unknown as string;

function parseXml(text: string): any {
  return XML.parse(text, true); // validates; throws "<reason>:<line>:<col>"
}

// ---------------------------------------------------------------------------- ecosystems

function npm(path: string, text: string): Manifest {
  const doc = parseJsonDoc(text);
  const v = doc.value;
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new SyntaxError('the top level is not an object');
  const m: Manifest = { path, ecosystem: 'npm', kind: 'package.json', scripts: [], dependencies: [], whole: { start: 1, end: doc.index.count } };
  for (const k of ['name', 'description'] as const) {
    const at = doc.at([k]);
    if (typeof v[k] === 'string' && v[k].trim() && at) m[k] = { value: v[k], ...at };
  }
  if (v.scripts && typeof v.scripts === 'object' && !Array.isArray(v.scripts)) {
    for (const [name, command] of Object.entries(v.scripts)) {
      const at = doc.at(['scripts', name]);
      if (typeof command === 'string' && at) m.scripts.push({ name, command, ...at });
    }
  }
  // "bin": a string (the command is the package's name) or an object of command -> file
  if (typeof v.bin === 'string' && typeof v.name === 'string' && v.name.trim()) {
    const at = doc.at(['bin']);
    if (at) m.bins = [{ name: v.name.replace(/^@[^/]+\//, ''), command: v.bin, ...at }];
  } else if (v.bin && typeof v.bin === 'object' && !Array.isArray(v.bin)) {
    m.bins = Object.entries(v.bin).flatMap(([name, file]) => {
      const at = doc.at(['bin', name]);
      return typeof file === 'string' && at ? [{ name, command: file, ...at }] : [];
    });
  }
  for (const [key, kind] of [['dependencies', 'runtime'], ['devDependencies', 'development']] as const) {
    const deps = v[key];
    const at = doc.at([key]);
    if (deps && typeof deps === 'object' && !Array.isArray(deps) && Object.keys(deps).length && at) m.dependencies.push({ kind, names: Object.keys(deps), ...at });
  }
  return m;
}

const PEP508_NAME = /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)/;

function pyproject(path: string, text: string, lines: string[]): Manifest {
  const doc = parseTomlDoc(text);
  const v = doc.value as any;
  const m: Manifest = { path, ecosystem: 'python', kind: 'pyproject.toml', scripts: [], dependencies: [], whole: doc.whole };
  for (const table of [['project'], ['tool', 'poetry']]) {
    const t = table.reduce((o: any, k) => (o && typeof o === 'object' ? o[k] : undefined), v);
    if (!t || typeof t !== 'object') continue;
    for (const k of ['name', 'description'] as const) {
      if (!m[k] && typeof t[k] === 'string' && t[k].trim()) m[k] = { value: t[k], ...holding(lines, doc.key(table, k), t[k], doc.whole, k) };
    }
    if (Array.isArray(t.dependencies)) {
      const names = t.dependencies.filter((d: unknown) => typeof d === 'string').map((d: string) => PEP508_NAME.exec(d)?.[1]).filter(Boolean) as string[];
      if (names.length) m.dependencies.push({ kind: 'runtime', names, ...(doc.key(table, 'dependencies') ?? doc.whole) });
    } else if (t.dependencies && typeof t.dependencies === 'object') {
      const names = Object.keys(t.dependencies).filter((n) => n !== 'python');
      if (names.length) m.dependencies.push({ kind: 'runtime', names, ...(doc.table([...table, 'dependencies']) ?? doc.key(table, 'dependencies') ?? doc.whole) });
    }
    if (t.scripts && typeof t.scripts === 'object') {
      for (const [name, command] of Object.entries(t.scripts)) {
        if (typeof command === 'string') m.scripts.push({ name, command, ...holding(lines, doc.key([...table, 'scripts'], name), command, doc.whole) });
      }
    }
  }
  return m;
}

function requirements(path: string, lines: string[]): Manifest {
  const names: string[] = [];
  let first = 0;
  let last = 0;
  for (let i = 0; i < lines.length; i++) {
    const at = i + 1;
    let l = lines[i]!.replace(/(^|\s)#.*$/, '').trim();
    while (l.endsWith('\\') && i + 1 < lines.length) l = l.slice(0, -1) + ' ' + lines[++i]!.trim();
    if (!l || l.startsWith('-')) continue; // options (-r, -e, --index-url): not a named requirement
    if (/^[a-z+]+:\/\//i.test(l)) continue; // a URL requirement names no package for certain
    const name = PEP508_NAME.exec(l)?.[1];
    if (!name) throw new SyntaxError(`line ${at} is not a requirement: ${JSON.stringify(lines[i]!.trim().slice(0, 60))}`);
    names.push(name);
    if (!first) first = at;
    last = i + 1;
  }
  const m: Manifest = { path, ecosystem: 'python', kind: 'requirements file', scripts: [], dependencies: [], whole: { start: 1, end: Math.max(1, lines.length) } };
  if (names.length) m.dependencies.push({ kind: path.includes('dev') || path.includes('test') ? 'development' : 'runtime', names, start: first, end: last });
  return m;
}

/** INI as setuptools reads setup.cfg: [section], key = value, indented continuation lines. */
function setupCfg(path: string, lines: string[]): Manifest {
  const m: Manifest = { path, ecosystem: 'python', kind: 'setup.cfg', scripts: [], dependencies: [], whole: { start: 1, end: Math.max(1, lines.length) } };
  let section = '';
  interface Entry { section: string; key: string; value: string[]; start: number; end: number }
  let cur: Entry | null = null;
  const entries: Entry[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (!l.trim() || /^\s*[#;]/.test(l)) continue;
    const h = /^\[([^\]]+)\]\s*$/.exec(l);
    if (h) {
      section = h[1]!.trim();
      cur = null;
      continue;
    }
    if (/^\s/.test(l) && cur) {
      cur.value.push(l.trim());
      cur.end = i + 1;
      continue;
    }
    const kv = /^([^=:\s][^=:]*?)\s*[=:]\s*(.*)$/.exec(l);
    if (!kv) throw new SyntaxError(`line ${i + 1} is neither a section, a key nor a continuation`);
    cur = { section, key: kv[1]!.trim(), value: kv[2]!.trim() ? [kv[2]!.trim()] : [], start: i + 1, end: i + 1 };
    entries.push(cur);
  }
  const get = (s: string, k: string) => entries.find((e) => e.section === s && e.key === k);
  for (const k of ['name', 'description'] as const) {
    const e = get('metadata', k);
    if (e && e.value.length === 1 && !e.value[0]!.startsWith('file:')) m[k] = { value: e.value[0]!, start: e.start, end: e.end };
  }
  const req = get('options', 'install_requires');
  if (req) {
    const names = req.value.flatMap((x) => x.split(';')[0]!.split(',')).map((x) => PEP508_NAME.exec(x)?.[1]).filter(Boolean) as string[];
    if (names.length) m.dependencies.push({ kind: 'runtime', names, start: req.start, end: req.end });
  }
  const cs = get('options.entry_points', 'console_scripts');
  for (const x of cs?.value ?? []) {
    const s = /^([\w.-]+)\s*=\s*(\S+)/.exec(x);
    if (s) m.scripts.push({ name: s[1]!, command: s[2]!, start: cs!.start, end: cs!.end });
  }
  return m;
}

function goMod(path: string, lines: string[]): Manifest {
  const m: Manifest = { path, ecosystem: 'go', kind: 'go.mod', scripts: [], dependencies: [], whole: { start: 1, end: Math.max(1, lines.length) } };
  const names: string[] = [];
  let first = 0;
  let last = 0;
  let inRequire = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!.replace(/\/\/.*$/, '').trim();
    if (!l) continue;
    if (inRequire) {
      if (l === ')') {
        inRequire = false;
        continue;
      }
      const r = /^(\S+)\s+v\S+/.exec(l);
      if (!r) throw new SyntaxError(`line ${i + 1}: not a requirement inside require ( )`);
      names.push(r[1]!);
      first ||= i + 1;
      last = i + 1;
      continue;
    }
    const mod = /^module\s+("?)([^\s"]+)\1$/.exec(l);
    if (mod) {
      m.name = { value: mod[2]!, start: i + 1, end: i + 1 };
      continue;
    }
    if (/^require\s*\($/.test(l)) {
      inRequire = true;
      continue;
    }
    const one = /^require\s+(\S+)\s+v\S+$/.exec(l);
    if (one) {
      names.push(one[1]!);
      first ||= i + 1;
      last = i + 1;
      continue;
    }
    if (!/^(go|toolchain|replace|exclude|retract|godebug)\b|^\)$|^[\w./-]+\s+(v\S+\s+)?=>/.test(l) && !/^(replace|exclude|retract)\s*\($/.test(l)) {
      if (!/^\S+\s+v\S+/.test(l)) throw new SyntaxError(`line ${i + 1}: unknown directive ${JSON.stringify(l.split(/\s+/)[0])}`);
    }
  }
  if (inRequire) throw new SyntaxError('a require ( block is not closed');
  if (!m.name) throw new SyntaxError('no module directive');
  if (names.length) m.dependencies.push({ kind: 'runtime', names, start: first, end: last });
  return m;
}

function cargo(path: string, text: string, lines: string[]): Manifest {
  const doc = parseTomlDoc(text);
  const v = doc.value as any;
  const m: Manifest = { path, ecosystem: 'rust', kind: 'Cargo.toml', scripts: [], dependencies: [], whole: doc.whole };
  const pkg = v.package;
  if (pkg && typeof pkg === 'object') {
    for (const k of ['name', 'description'] as const) {
      if (typeof pkg[k] === 'string' && pkg[k].trim()) m[k] = { value: pkg[k], ...holding(lines, doc.key(['package'], k), pkg[k], doc.whole, k) };
    }
  }
  // [[bin]] targets: each cited at the line holding its name (the whole file when that is not certain)
  if (Array.isArray(v.bin)) {
    m.bins = v.bin.filter((b: any) => b && typeof b === 'object' && typeof b.name === 'string' && b.name.trim())
      .map((b: any) => ({ name: b.name, command: typeof b.path === 'string' ? b.path : b.name, ...holding(lines, null, b.name, doc.whole, 'name') }));
  }
  for (const [key, kind] of [['dependencies', 'runtime'], ['dev-dependencies', 'development']] as const) {
    const deps = v[key];
    if (deps && typeof deps === 'object' && Object.keys(deps).length) {
      m.dependencies.push({ kind, names: Object.keys(deps), ...(doc.table([key]) ?? doc.key([], key) ?? doc.whole) });
    }
  }
  return m;
}

function xmlSpan(node: any, index: LineIndex): Span | null {
  const meta = node && typeof node === 'object' ? node[META] : undefined;
  return meta && Number.isInteger(meta.startIndex) && Number.isInteger(meta.endIndex) ? index.span(meta.startIndex, meta.endIndex) : null;
}

/** The line of `<tag>value</tag>` when exactly that text is in the file, else the whole file. */
function xmlTextLine(lines: string[], tag: string, value: string, whole: Span): Span {
  for (let i = 0; i < lines.length; i++) if (lines[i]!.includes(`<${tag}>`) && lines[i]!.includes(value)) return { start: i + 1, end: i + 1 };
  return whole;
}

function pom(path: string, text: string, lines: string[]): Manifest {
  const v = parseXml(text);
  const index = new LineIndex(text);
  const whole = { start: 1, end: index.count };
  const p = v.project;
  if (!p || typeof p !== 'object') throw new SyntaxError('no <project> element');
  const m: Manifest = { path, ecosystem: 'java', kind: 'pom.xml', scripts: [], dependencies: [], whole };
  const name = typeof p.name === 'string' ? p.name : typeof p.artifactId === 'string' ? p.artifactId : null;
  if (name) m.name = { value: name, ...xmlTextLine(lines, typeof p.name === 'string' ? 'name' : 'artifactId', name, whole) };
  if (typeof p.description === 'string' && p.description.trim()) m.description = { value: p.description.trim().replace(/\s+/g, ' '), ...xmlTextLine(lines, 'description', p.description.trim().split('\n')[0]!, whole) };
  const deps = p.dependencies?.dependency;
  if (Array.isArray(deps)) {
    const run = deps.filter((d) => typeof d?.artifactId === 'string' && d.scope !== 'test').map((d) => d.artifactId as string);
    const dev = deps.filter((d) => typeof d?.artifactId === 'string' && d.scope === 'test').map((d) => d.artifactId as string);
    const at = xmlSpan(p.dependencies, index) ?? whole;
    if (run.length) m.dependencies.push({ kind: 'runtime', names: run, ...at });
    if (dev.length) m.dependencies.push({ kind: 'development', names: dev, ...at });
  }
  return m;
}

function csproj(path: string, text: string): Manifest {
  const v = parseXml(text);
  const index = new LineIndex(text);
  const whole = { start: 1, end: index.count };
  const p = v.Project;
  if (!p || typeof p !== 'object') throw new SyntaxError('no <Project> element');
  const m: Manifest = { path, ecosystem: 'dotnet', kind: 'project file', scripts: [], dependencies: [], whole };
  for (const g of p.ItemGroup ?? []) {
    const refs = (g?.PackageReference ?? []).map((r: any) => r?.['@Include']).filter((x: unknown): x is string => typeof x === 'string');
    if (refs.length) m.dependencies.push({ kind: 'runtime', names: refs, ...(xmlSpan(g, index) ?? whole) });
  }
  for (const g of p.PropertyGroup ?? []) {
    if (typeof g?.Description === 'string' && g.Description.trim() && !m.description) {
      const lines = text.split(/\r?\n/);
      m.description = { value: g.Description.trim(), ...xmlTextLine(lines, 'Description', g.Description.trim().split('\n')[0]!, whole) };
    }
  }
  return m;
}

// Gradle build files and Gemfiles are programs (Groovy/Kotlin, Ruby): they are not evaluated.
// Only what is certain is read: a dependency declaration written as one literal string on
// its own line (`implementation("g:a:v")`, `gem "rails"`), each cited where it is.
const GRADLE_DEP = /^\s*(implementation|api|compileOnly|runtimeOnly|annotationProcessor|kapt|ksp|testImplementation|testRuntimeOnly|androidTestImplementation)\s*\(?\s*["']([^"'$]+)["']\s*\)?\s*$/;
const GEM = /^\s*gem\s+["']([A-Za-z0-9_.-]+)["']/;

function literalDeps(path: string, lines: string[], ecosystem: Ecosystem, kind: string, re: RegExp, pick: (m: RegExpExecArray) => { name: string; dev: boolean }): Manifest {
  const m: Manifest = { path, ecosystem, kind, scripts: [], dependencies: [], whole: { start: 1, end: Math.max(1, lines.length) } };
  for (const dev of [false, true]) {
    const found: { name: string; line: number }[] = [];
    lines.forEach((l, i) => {
      const x = re.exec(l);
      if (x) {
        const p = pick(x);
        if (p.dev === dev) found.push({ name: p.name, line: i + 1 });
      }
    });
    if (found.length) m.dependencies.push({ kind: dev ? 'development' : 'runtime', names: found.map((f) => f.name), start: found[0]!.line, end: found[found.length - 1]!.line });
  }
  return m;
}

function gemfile(path: string, lines: string[]): Manifest {
  // a gem inside `group :test` / `group :development` blocks is a development dependency
  const groups: boolean[] = [];
  const dev = new Set<number>();
  lines.forEach((l, i) => {
    if (/^\s*group\b.*\bdo\s*$/.test(l)) groups.push(/:(test|development)\b/.test(l));
    else if (/^\s*end\s*$/.test(l)) groups.pop();
    else if (groups.includes(true)) dev.add(i);
  });
  const m: Manifest = { path, ecosystem: 'ruby', kind: 'Gemfile', scripts: [], dependencies: [], whole: { start: 1, end: Math.max(1, lines.length) } };
  for (const isDev of [false, true]) {
    const found = lines.map((l, i) => ({ x: GEM.exec(l), i })).filter((f) => f.x && dev.has(f.i) === isDev);
    if (found.length) m.dependencies.push({ kind: isDev ? 'development' : 'runtime', names: found.map((f) => f.x![1]!), start: found[0]!.i + 1, end: found[found.length - 1]!.i + 1 });
  }
  return m;
}

export interface Structured {
  manifests: Manifest[];
  problems: ParseProblem[];
}

const depth = (p: string) => p.split('/').length;

/** Every manifest of the archive outside vendored directories, root first, read with its parser. */
export function readManifests(ev: Evidence): Structured {
  const manifests: Manifest[] = [];
  const problems: ParseProblem[] = [];
  const paths = ev.paths().filter(isManifestPath).sort((a, b) => depth(a) - depth(b) || a.localeCompare(b));
  for (const path of paths) {
    const f = ev.get(path)!;
    if (f.text === null) {
      problems.push({ path, reason: f.size > 0 ? 'it is not UTF-8 text or is too large to read' : 'it is empty' });
      continue;
    }
    const text = f.text;
    const lines = ev.lines(path)!;
    const base = path.split('/').pop()!;
    try {
      if (!text.trim()) {
        if (base === 'requirements.txt' || /^requirements/.test(base) || base === 'Gemfile' || base.startsWith('build.gradle')) continue; // empty: nothing declared, nothing wrong
        throw new SyntaxError('the file is empty');
      }
      let m: Manifest;
      if (base === 'package.json') m = npm(path, text);
      else if (base === 'pyproject.toml') m = pyproject(path, text, lines);
      else if (/^requirements.*\.txt$/.test(base)) m = requirements(path, lines);
      else if (base === 'setup.cfg') m = setupCfg(path, lines);
      else if (base === 'go.mod') m = goMod(path, lines);
      else if (base === 'Cargo.toml') m = cargo(path, text, lines);
      else if (base === 'pom.xml') m = pom(path, text, lines);
      else if (base.endsWith('.csproj')) m = csproj(path, text);
      else if (base === 'Gemfile') m = gemfile(path, lines);
      else m = literalDeps(path, lines, 'java', base, GRADLE_DEP, (x) => ({ name: x[2]!, dev: /^(test|androidTest)/.test(x[1]!) }));
      manifests.push(m);
    } catch (err) {
      problems.push({ path, reason: ((err as Error).message || String(err)).split('\n')[0]!.slice(0, 200) });
    }
  }
  return { manifests, problems };
}
