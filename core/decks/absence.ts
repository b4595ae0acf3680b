// Negative claims: "there are no tests", "nothing says what it does". Such a claim
// is never a sentence alone: it carries a structured `absent` (its subject and what was
// checked), and it is made only when the probe of its subject, run over the WHOLE archive for
// every form the fact can take, finds nothing. The validator runs the same probe again on
// every deck (whatever generator wrote it), so a negative claim whose subject exists anywhere
// in the archive is an `false_absence` finding, never a published statement.
import type { Evidence } from './evidence.ts';
import { readManifests, VENDORED_DIR, type Manifest, type Structured } from './manifests.ts';
import { firstTest } from './tests.ts';
import { firstRunBlock } from './tryit.ts';
import type { AbsenceSubject } from './types.ts';

export interface Presence {
  path: string;
  /** 1-based line when the form is a line of a text file. */
  line?: number;
  /** What was found, for the finding's message ("a start script"). */
  what: string;
}

const LANG = /\.(tsx?|m?jsx?|cjs|py|go|rs|java|kts?|rb|php|cs|cpp|cc|cxx|hpp|[ch]|swift|dart|vue|svelte|html?|css|scss|sass|less|sh|bash|sql|exs?|scala)$/i;
export const isSourcePath = (p: string) => LANG.test(p) && !VENDORED_DIR.test(p) && !/\.min\.(js|css)$/.test(p);

/** Test files by path, in the layouts of the common ecosystems. */
export function isTestPath(path: string): boolean {
  if (VENDORED_DIR.test(path) || !LANG.test(path)) return false;
  return /(^|\/)(test|tests|__tests__|spec|specs|e2e|testing)\/.+/i.test(path)
    || /\.(test|spec|e2e)\.[cm]?[jt]sx?$/i.test(path)
    || /(^|\/)test_[^/]+\.py$/.test(path) || /_test\.(py|go|rb|exs?)$/.test(path) || /_spec\.rb$/.test(path)
    || /(^|\/)src\/(test|androidTest)\//.test(path) || /Tests?\.(java|kt|cs)$/.test(path)
    || /(^|\/)[^/]*\.Tests?\//.test(path);
}

export const README = /^readme(\.[a-z0-9]+)?$/i;
const isReadme = (p: string) => README.test(p.split('/').pop()!) && !VENDORED_DIR.test(p);
const ENTRY_SCRIPT = new Set(['start', 'dev', 'serve']);
const TODO = /\b(TODO|FIXME)\b/;
const RUST_TEST = /#\[(tokio::)?test\]|#\[cfg\(test\)\]/;
export const MAIN_FORMS: [RegExp, RegExp, string][] = [
  [/\.py$/, /^if\s+__name__\s*==\s*['"]__main__['"]/, 'a Python __main__ entry'],
  [/\.go$/, /^\s*func\s+main\s*\(\s*\)/, 'a Go main function'],
  [/\.rs$/, /^\s*(pub\s+)?(async\s+)?fn\s+main\s*\(/, 'a Rust main function'],
  [/\.(java|kt)$/, /\bstatic\s+void\s+main\s*\(|^\s*fun\s+main\s*\(/, 'a main method'],
  [/\.cs$/, /\bstatic\s+(async\s+)?(void|int|Task)\s+Main\s*\(/, 'a Main method'],
];

function firstLine(ev: Evidence, path: string, re: RegExp): number | null {
  const lines = ev.lines(path);
  if (!lines) return null;
  const i = lines.findIndex((l) => re.test(l));
  return i === -1 ? null : i + 1;
}

function scriptsOf(ms: Manifest[], names: Set<string> | null, skip?: RegExp): Presence | null {
  for (const m of ms) for (const s of m.scripts) {
    if ((names === null || names.has(s.name)) && !(skip && skip.test(s.command))) return { path: m.path, line: s.start, what: `the ${s.name} script` };
  }
  return null;
}

/**
 * Where the subject is present in the archive, in any form, or null when it is absent.
 * Forms per subject:
 *  - readme: any README file outside vendored directories (any extension, any folder);
 *  - description: a README, or a manifest's name or description;
 *  - does: a description (above), a start/dev/serve or console script of any manifest, a
 *    program entry (Python __main__, Go/Rust/Java/C# main), a Dockerfile CMD/ENTRYPOINT, a Procfile;
 *  - source: a file in a known language outside vendored directories;
 *  - run: hackathon.json, a compose file, a Dockerfile, a Procfile, a start script, run
 *    commands in a README (a shell block under a run/usage/install heading), a Go main;
 *  - tests: a test by content in any file (core/decks/tests.ts), a test file by path in any
 *    ecosystem's layout, a Rust #[test], a test script;
 *  - test_files: a test by content, or a test file by path that is not readable as text (a
 *    test script alone is not a test file);
 *  - next: a README section about what is next, a TODO or FIXME in a source file.
 */
export function findPresence(ev: Evidence, subject: AbsenceSubject, structured: Structured = readManifests(ev)): Presence | null {
  const paths = ev.paths();
  const manifests = structured.manifests;
  // A manifest that does not parse may hold any of these: absence is not proven.
  const unread = structured.problems[0];
  if (unread && subject !== 'readme' && subject !== 'source' && subject !== 'next') return { path: unread.path, what: 'a manifest that does not parse' };
  switch (subject) {
    case 'readme': {
      const p = paths.find(isReadme);
      return p ? { path: p, what: 'a README' } : null;
    }
    case 'description': {
      const r = findPresence(ev, 'readme', structured);
      if (r) return r;
      for (const m of manifests) {
        if (m.description) return { path: m.path, line: m.description.start, what: 'a description' };
        if (m.name) return { path: m.path, line: m.name.start, what: 'a project name' };
      }
      return null;
    }
    case 'does': {
      const d = findPresence(ev, 'description', structured) ?? scriptsOf(manifests.filter((m) => m.ecosystem === 'npm'), ENTRY_SCRIPT) ?? scriptsOf(manifests.filter((m) => m.ecosystem !== 'npm'), null);
      if (d) return d;
      for (const p of paths) {
        if (VENDORED_DIR.test(p)) continue;
        for (const [file, re, what] of MAIN_FORMS) {
          if (!file.test(p)) continue;
          const line = firstLine(ev, p, re);
          if (line) return { path: p, line, what };
        }
      }
      return findPresence(ev, 'run', structured);
    }
    case 'source': {
      const p = paths.find(isSourcePath);
      return p ? { path: p, what: 'a source file' } : null;
    }
    case 'run': {
      for (const p of paths) {
        if (VENDORED_DIR.test(p)) continue;
        const base = p.split('/').pop()!;
        if (base === 'hackathon.json' || /^(docker-)?compose(\.[\w-]+)?\.ya?ml$/.test(base) || /^Dockerfile(\.[\w-]+)?$/.test(base) || base === 'Procfile' || /\.Dockerfile$/.test(base)) return { path: p, what: `a ${base}` };
      }
      const npm = scriptsOf(manifests.filter((m) => m.ecosystem === 'npm'), ENTRY_SCRIPT);
      if (npm) return npm;
      // a README's run commands, a Go main package (go install builds it)
      const block = firstRunBlock(ev, paths.filter(isReadme));
      if (block) return { ...block, what: 'run commands in a README' };
      for (const p of paths) {
        if (!/\.go$/.test(p) || /_test\.go$/.test(p) || VENDORED_DIR.test(p)) continue;
        const line = firstLine(ev, p, MAIN_FORMS[1]![1]);
        if (line) return { path: p, line, what: 'a Go main package' };
      }
      return null;
    }
    case 'tests': {
      const t = firstTest(ev);
      if (t) return { path: t.path, line: t.line, what: 'a test' };
      const p = paths.find(isTestPath);
      if (p) return { path: p, what: 'a test file' };
      for (const q of paths) {
        if (!/\.rs$/.test(q) || VENDORED_DIR.test(q)) continue;
        const line = firstLine(ev, q, RUST_TEST);
        if (line) return { path: q, line, what: 'a Rust test' };
      }
      return scriptsOf(manifests.filter((m) => m.ecosystem === 'npm'), new Set(['test']), /no test specified/);
    }
    case 'test_files': {
      // a test by content, or a file named like a test that cannot be read as text
      const t = firstTest(ev);
      if (t) return { path: t.path, line: t.line, what: 'a test' };
      const p = paths.find((q) => isTestPath(q) && !ev.lines(q));
      return p ? { path: p, what: 'a test file not readable as text' } : null;
    }
    case 'next': {
      for (const p of paths.filter(isReadme)) {
        const line = firstLine(ev, p, /^\s*#{1,6}\s+.*\b(roadmap|next|todo|future|plans?|coming)\b/i);
        if (line) return { path: p, line, what: 'a README heading that may be about what is next' };
      }
      for (const p of paths) {
        if (!isSourcePath(p)) continue;
        const line = firstLine(ev, p, TODO);
        if (line) return { path: p, line, what: 'a TODO or FIXME' };
      }
      return null;
    }
  }
}

/** What a negative claim about `subject` was checked against, for the claim and its citation. */
export function checkedFor(ev: Evidence, manifests: Manifest[]): string[] {
  return [...manifests.map((m) => m.path).slice(0, 5), `the file tree (${ev.files.size} files)`];
}
