// The code screen's function: of the functions the team wrote (never a test,
// a generated file or a framework's starter file), the most distinctive one: the one whose
// first lines use the most different names of their own. Declarations by language; a body ends
// at its closing brace, or where Python's indentation ends.

export interface FunctionSpan {
  path: string;
  name: string;
  start: number; // 1-based declaration line
  end: number; // last line of the body
  score: number;
}

const DECLS: [RegExp, RegExp][] = [
  [/\.[cm]?[jt]sx?$/, /^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*(\w+)\s*\(|^\s*(?:export\s+)?(?:const|let|var)\s+(\w+)\s*=\s*(?:async\s+)?(?:\([^)]*\)|\w+)\s*(?::[^=]+)?=>|^\s+(?:(?:public|private|protected|static|async|override)\s+)*(?!(?:if|for|while|switch|catch|return|function)\b)(\w+)\s*\([^)]*\)\s*(?::[^{]+)?\{\s*$/],
  [/\.py$/, /^\s*(?:async\s+)?def\s+(\w+)\s*\(/],
  [/\.go$/, /^func\s+(?:\([^)]*\)\s*)?(\w+)\s*\(/],
  [/\.rs$/, /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?fn\s+(\w+)/],
  [/\.(java|kt|cs|scala|swift|dart)$/, /^\s+(?:(?:public|private|protected|internal|static|final|override|suspend|async|virtual)\s+)*(?:fun\s+|func\s+|def\s+)?(?:[\w<>[\],.?]+\s+)?(?!(?:if|for|while|switch|catch|return|new)\b)(\w+)\s*\([^)]*\)[^;{]*\{?\s*$/],
  [/\.rb$/, /^\s*def\s+(?:self\.)?(\w+[?!]?)/],
  [/\.php$/, /^\s*(?:(?:public|private|protected|static)\s+)*function\s+(\w+)\s*\(/],
];

/** Files a framework's starter or a tool writes: never the team's most distinctive code. */
export const STARTER_FILE = /(^|\/)(reportWebVitals|setupTests|serviceWorker|registerServiceWorker|manage|wsgi|asgi)\.[jt]sx?$|(^|\/)(manage|wsgi|asgi|setup|conftest)\.py$|(^|\/)[\w.-]+\.config\.[cm]?[jt]s$|(^|\/)\.?(eslintrc|prettierrc|babelrc)(\.[cm]?js)?$/;

const KEYWORDS = new Set('and any as async await bool boolean break case catch class const continue def default defer del elif else enum err error except export extends false fmt final finally float for from func function go if impl import in int interface is let lambda len let match mut new nil none not null number or package pass pub raise return self static str string struct super switch this throw true try type undefined use var void while with yield'.split(' '));

function bodyEnd(path: string, lines: string[], from: number): number {
  if (/\.py$/.test(path)) {
    const indent = lines[from]!.search(/\S/);
    let end = from;
    for (let i = from + 1; i < lines.length; i++) {
      const l = lines[i]!;
      if (l.trim() === '') continue;
      if (l.search(/\S/) <= indent) break;
      end = i;
    }
    return end;
  }
  if (/\.rb$/.test(path)) {
    const indent = lines[from]!.search(/\S/);
    for (let i = from + 1; i < lines.length; i++) if (/^\s*end\b/.test(lines[i]!) && lines[i]!.search(/\S/) === indent) return i;
    return from;
  }
  let depth = 0;
  let opened = false;
  for (let i = from; i < Math.min(lines.length, from + 300); i++) {
    for (const ch of lines[i]!.replace(/\/\/.*$/, '').replace(/(['"`])(?:\\.|(?!\1).)*\1/g, '""')) {
      if (ch === '{') {
        depth++;
        opened = true;
      } else if (ch === '}') depth--;
    }
    if (opened && depth <= 0) return i;
    if (!opened && i > from + 2) return from;
  }
  return from;
}

/** Different names of their own the first lines of a body use (0-based from..end). */
function score(lines: string[], from: number, end: number): number {
  const names = new Set<string>();
  for (const l of lines.slice(from, Math.min(end + 1, from + 12))) {
    for (const w of l.replace(/(\/\/|#).*$/, '').match(/[A-Za-z_]\w{2,}/g) ?? []) if (!KEYWORDS.has(w.toLowerCase())) names.add(w);
  }
  return names.size;
}

/** The score of the code at a 1-based line (a route registration and its handler; a Python
 *  decorator's function), as a declared function would score. */
export function scoreAt(path: string, lines: string[], line: number): number {
  let from = line - 1;
  if (/\.py$/.test(path)) while (from < lines.length - 1 && /^\s*@/.test(lines[from]!)) from++;
  return score(lines, line - 1, Math.max(from, bodyEnd(path, lines, from)));
}

/** Functions declared in a file, each with its body's extent and its score. */
export function functionsIn(path: string, lines: string[]): FunctionSpan[] {
  const decl = DECLS.find(([file]) => file.test(path))?.[1];
  if (!decl) return [];
  const out: FunctionSpan[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.length > 200) continue;
    const m = decl.exec(lines[i]!);
    const name = m?.slice(1).find(Boolean);
    if (!m || !name || /^test_?[A-Z_]|^test$/.test(name)) continue;
    // a test declared beside the code (Rust #[test], Java @Test, C# [Fact]) is not the team's feature
    let k = i - 1;
    while (k >= 0 && lines[k]!.trim() === '') k--;
    if (k >= 0 && /^\s*(#\[(\w+::)?test\]|@(Test|ParameterizedTest)\b|\[(Fact|Theory|Test|TestMethod)\])/.test(lines[k]!)) continue;
    const end = bodyEnd(path, lines, i);
    if (end - i < 2) continue; // a one-liner says little
    out.push({ path, name, start: i + 1, end: end + 1, score: score(lines, i, end) });
  }
  return out;
}

/** The most distinctive function of `paths` (the highest score; the first path and line on a tie). */
export function distinctiveFunction(paths: string[], linesOf: (p: string) => string[] | null): FunctionSpan | null {
  let best: FunctionSpan | null = null;
  for (const p of paths) {
    if (STARTER_FILE.test(p)) continue;
    const lines = linesOf(p);
    if (!lines) continue;
    for (const f of functionsIn(p, lines)) if (!best || f.score > best.score) best = f;
  }
  return best;
}
