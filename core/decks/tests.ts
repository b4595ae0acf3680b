// Tests by content: a file holds tests when its text declares them, in the
// forms of the common ecosystems, wherever the file is and whatever it is called (a root-level
// `tests.py` of unittest classes is as much a test file as `test/app.test.js`). The deck's
// "What is tested" screen and the absence validator (absence.ts) both read tests from here, so
// "no tests" is never said from path rules alone. A test whose body holds no statement is
// found too, so the deck can say "the only test is empty" instead of counting it.
import type { Evidence } from './evidence.ts';
import { VENDORED_DIR } from './manifests.ts';

export interface TestCase {
  name: string;
  /** 1-based line of the declaration. */
  line: number;
  /** The body holds no statement (pass, `{}`, only comments), or there is no body (a pending test). */
  empty: boolean;
}

export interface TestFile {
  path: string;
  tests: TestCase[];
}

const JS_FILE = /\.(m|c)?[jt]sx?$/;
/** it(/test( (with .only/.skip/...) and describe( called with a literal name, at a line's start. */
const JS_CASE = /^\s*(it|test|specify)(?:\.(?:only|skip|todo|concurrent|serial|failing))?\s*\(\s*(['"`])(.*?)\2/;
const JS_SUITE = /^\s*describe(?:\.(?:only|skip|each\([^)]*\)))?\s*\(\s*(['"`])(.*?)\1/;
const GO_TEST = /^func\s+(Test\w*)\s*\(\s*\w+\s+\*testing\.T\s*\)/;
const PY_CLASS = /^class\s+(\w+)\s*\(([^)]*)\)\s*:/;
const PY_DEF = /^(\s*)(?:async\s+)?def\s+(test\w*)\s*\(/;
const RUST_ATTR = /^\s*#\[(?:tokio::|async_std::|actix_rt::)?test\]/;
const JAVA_ATTR = /^\s*@(Test|ParameterizedTest|RepeatedTest)\b/;
const CS_ATTR = /^\s*\[(Fact|Theory|Test|TestMethod|TestCase(?:\([^\]]*\))?)\]/;
const RUBY_CASE = /^\s*(?:it|specify|test)\s+(['"])(.*?)\1\s*(do|\{)/;
const RUBY_DEF = /^\s*def\s+(test_\w+)/;

/** Whether Python functions named test_* in this file are pytest tests: a pytest file name, or
 *  a conftest.py in its folder or one above it. */
function pytestFile(path: string, conftestDirs: Set<string>): boolean {
  const base = path.split('/').pop()!;
  if (/^test_.*\.py$|_test\.py$|^tests?\.py$/.test(base)) return true;
  const parts = path.split('/').slice(0, -1);
  for (let i = parts.length; i >= 0; i--) if (conftestDirs.has(parts.slice(0, i).join('/'))) return true;
  return false;
}

/** The body of a brace-delimited declaration starting at `from` (0-based): whether it holds
 *  any statement. No opening brace within three lines: no body (a pending test). */
function braceBodyEmpty(lines: string[], from: number, col = 0): boolean {
  // an arrow with an expression body (`t => t.pass()`) is a statement
  if (/=>\s*[^\s{]/.test(lines[from]!.slice(col))) return false;
  let depth = 0;
  let opened = false;
  let body = '';
  for (let i = from; i < Math.min(lines.length, from + 400); i++) {
    const l = (i === from ? lines[i]!.slice(col) : lines[i]!).replace(/\/\/.*$/, '');
    for (const ch of l) {
      if (ch === '{') {
        if (opened) body += ch;
        depth++;
        opened = true;
      } else if (ch === '}') {
        depth--;
        if (opened && depth === 0) return body.replace(/\/\*[\s\S]*?\*\//g, '').trim() === '';
        body += ch;
      } else if (opened) body += ch;
    }
    if (!opened && i >= from + 2) return true;
    if (opened) body += '\n';
  }
  return !opened;
}

/** A Python function body (the lines indented deeper than `indent` after line `from`): empty
 *  when it is only pass, `...`, docstrings and comments. */
function pyBodyEmpty(lines: string[], from: number, indent: number): boolean {
  let inDoc: string | null = null;
  for (let i = from + 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (inDoc) {
      if (l.includes(inDoc)) inDoc = null;
      continue;
    }
    if (l.trim() === '') continue;
    if (l.search(/\S/) <= indent) break;
    const t = l.trim();
    const doc = /^[rbuRBU]?("""|''')/.exec(t);
    if (doc) {
      if (t.length < 6 || !t.slice(doc[0].length).includes(doc[1]!)) inDoc = doc[1]!;
      continue;
    }
    if (t.startsWith('#') || t === 'pass' || t === '...' || /^(['"]).*\1$/.test(t)) continue;
    return false;
  }
  return true;
}

/** The tests `path` declares by content ([] when it declares none). */
export function testsIn(path: string, lines: string[], conftestDirs: Set<string> = new Set()): TestCase[] {
  const out: TestCase[] = [];
  if (/\.py$/.test(path)) {
    const pytest = pytestFile(path, conftestDirs);
    let testClass: string | null = null; // a unittest.TestCase subclass (or a pytest Test* class) being read
    lines.forEach((l, i) => {
      const cls = PY_CLASS.exec(l) ?? /^class\s+(Test\w*)\s*:/.exec(l);
      if (cls) {
        testClass = /TestCase\b/.test(cls[2] ?? '') || (pytest && /^Test/.test(cls[1]!)) ? cls[1]! : null;
        return;
      }
      if (/^\S/.test(l) && !/^(@|#)/.test(l)) testClass = null;
      const d = PY_DEF.exec(l);
      if (!d) return;
      const indent = d[1]!.length;
      if (testClass && indent > 0) out.push({ name: d[2]!, line: i + 1, empty: pyBodyEmpty(lines, i, indent) });
      else if (pytest && indent === 0) out.push({ name: d[2]!, line: i + 1, empty: pyBodyEmpty(lines, i, indent) });
    });
  } else if (/_test\.go$/.test(path)) {
    lines.forEach((l, i) => {
      const m = GO_TEST.exec(l);
      if (m) out.push({ name: m[1]!, line: i + 1, empty: braceBodyEmpty(lines, i, l.indexOf(')')) });
    });
  } else if (JS_FILE.test(path)) {
    const suites: TestCase[] = [];
    lines.forEach((l, i) => {
      if (l.length > 400) return;
      const m = JS_CASE.exec(l);
      if (m) out.push({ name: m[3]!, line: i + 1, empty: braceBodyEmpty(lines, i, m[0].length) });
      const s = JS_SUITE.exec(l);
      if (s) suites.push({ name: s[2]!, line: i + 1, empty: braceBodyEmpty(lines, i, s[0].length) });
    });
    if (!out.length) return suites; // suites only: each stands for its tests
  } else if (/\.(rs|java|kt|cs)$/.test(path)) {
    const attr = /\.rs$/.test(path) ? RUST_ATTR : /\.cs$/.test(path) ? CS_ATTR : JAVA_ATTR;
    const decl = /\.rs$/.test(path) ? /\bfn\s+(\w+)/ : /\.kt$/.test(path) ? /\bfun\s+`?([^`(]+)`?\s*\(/ : /(\w+)\s*\(/;
    lines.forEach((l, i) => {
      if (!attr.test(l)) return;
      for (let j = i + 1; j < Math.min(lines.length, i + 6); j++) {
        const t = lines[j]!;
        if (/^\s*(@|#\[|\[)/.test(t)) continue; // more attributes
        const m = decl.exec(t);
        if (m) out.push({ name: m[1]!.trim(), line: j + 1, empty: braceBodyEmpty(lines, j, m.index + m[0].length) });
        break;
      }
    });
  } else if (/\.rb$/.test(path)) {
    lines.forEach((l, i) => {
      const m = RUBY_CASE.exec(l) ?? RUBY_DEF.exec(l);
      if (m) out.push({ name: m[2] ?? m[1]!, line: i + 1, empty: false });
    });
  }
  return out;
}

const PROBED = /\.(py|go|[cm]?[jt]sx?|rs|java|kt|cs|rb)$/;

/** Folders holding a conftest.py (pytest's marker for a tree of tests). */
function conftests(paths: string[]): Set<string> {
  return new Set(paths.filter((p) => /(^|\/)conftest\.py$/.test(p)).map((p) => p.split('/').slice(0, -1).join('/')));
}

const cache = new WeakMap<Evidence, TestFile[]>();

/** Every file of the archive outside vendored folders that holds at least one test by content
 *  (computed once per archive: the facts and the validator share it). */
export function testFiles(ev: Evidence): TestFile[] {
  const known = cache.get(ev);
  if (known) return known;
  const paths = ev.paths();
  const dirs = conftests(paths);
  const out: TestFile[] = [];
  for (const p of paths) {
    if (!PROBED.test(p) || VENDORED_DIR.test(p) || /\.min\.js$/.test(p)) continue;
    const lines = ev.lines(p);
    if (!lines) continue;
    const tests = testsIn(p, lines, dirs);
    if (tests.length) out.push({ path: p, tests });
  }
  cache.set(ev, out);
  return out;
}

/** The first test by content in the archive, for the absence probe. */
export function firstTest(ev: Evidence): { path: string; line: number } | null {
  const f = testFiles(ev)[0];
  return f ? { path: f.path, line: f.tests[0]!.line } : null;
}
