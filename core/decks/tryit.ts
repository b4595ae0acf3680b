// Try it: how a juror would run the project, from what the repository says
// (the README's run commands, a Procfile, `go install` for a Go main package), and what it
// needs that is not in the repository (secret files the .gitignore keeps out, the settings an
// .env.example lists, the environment variables the code reads). Every claim cites the lines
// it comes from; commands are quoted as written, never composed, except `go install`, which
// names the main package's folder the tree holds (cited at its main function).
import type { Evidence } from './evidence.ts';
import { isGenerated } from './generated.ts';
import { VENDORED_DIR } from './manifests.ts';
import type { Claim } from './types.ts';

const cite = (path: string, start: number, end = start) => ({ path, start, end });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A README heading under which a code block is how to run it. */
const RUN_HEADING = /\b(run|running|runs|usage|use it|getting started|get started|quick ?start|install|installation|installing|setup|set up|how to|build|building|develop|development|deploy|deployment|start|starting|try|try it)\b/i;
/** A command that sets a secret to a value (`export API_KEY=sk-…`): never quoted on a deck. */
const SECRET_VALUE = /(api[_-]?key|secret|passw(or)?d|token|private[_-]?key|credential)\w*\s*[:=]\s*['"]?[^\s'"$<{]/i;
const SHELL_FENCE = /^\s*(```|~~~)\s*(sh|bash|shell|console|zsh|powershell|ps1|cmd|bat|text|terminal|)\s*$/i;

export interface RunBlock {
  heading: string;
  headingLine: number;
  commands: { text: string; line: number }[];
}

/** Shell code blocks under run/usage/install headings of a README, with their command lines. */
export function readmeRunBlocks(lines: string[]): RunBlock[] {
  const out: RunBlock[] = [];
  let heading: { text: string; line: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const h = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(lines[i]!);
    if (h) {
      heading = { text: h[1]!.replace(/[*_`]/g, '').trim(), line: i + 1 };
      continue;
    }
    const fence = /^\s*(```|~~~)/.exec(lines[i]!);
    if (!fence) continue;
    const shell = SHELL_FENCE.test(lines[i]!);
    let j = i + 1;
    const commands: RunBlock['commands'] = [];
    for (; j < lines.length && !lines[j]!.trim().startsWith(fence[1]!); j++) {
      const l = lines[j]!.trim().replace(/^[$>]\s+/, '');
      if (l && !l.startsWith('#') && !l.startsWith('//') && l.length <= 160 && !SECRET_VALUE.test(l)) commands.push({ text: l, line: j + 1 });
    }
    if (shell && heading && RUN_HEADING.test(heading.text) && commands.length) out.push({ heading: heading.text, headingLine: heading.line, commands });
    i = j;
  }
  return out;
}

/** The first README run block of the archive (for the absence probe of `run`). */
export function firstRunBlock(ev: Evidence, readmes: string[]): { path: string; line: number } | null {
  for (const p of readmes) {
    const lines = ev.lines(p);
    const b = lines ? readmeRunBlocks(lines)[0] : undefined;
    if (b) return { path: p, line: b.commands[0]!.line };
  }
  return null;
}

function readmeCommands(ev: Evidence, readme: string | null): Claim[] {
  const lines = readme ? ev.lines(readme) : null;
  if (!readme || !lines) return [];
  return readmeRunBlocks(lines).slice(0, 2).map((b) => {
    const shown = b.commands.slice(0, 4);
    return {
      text: `Under "${b.heading}" the README says to run: ${shown.map((c) => c.text).join('; ')}${b.commands.length > 4 ? '; …' : ''}`,
      cite: cite(readme, b.headingLine, shown[shown.length - 1]!.line),
    };
  });
}

function procfile(ev: Evidence): Claim[] {
  const lines = ev.lines('Procfile');
  if (!lines) return [];
  const procs = lines.map((l, i) => ({ m: /^([\w-]+):\s*(.+)$/.exec(l.trim()), line: i + 1 })).filter((x) => x.m);
  if (!procs.length) return [];
  const shown = procs.slice(0, 3);
  return [{ text: `The Procfile runs ${shown.map((p) => `${p.m![1]}: ${p.m![2]}`).join('; ')}`, cite: cite('Procfile', shown[0]!.line, shown[shown.length - 1]!.line) }];
}

/** Go main packages: `go install ./<folder>` from a checkout builds each (two at most). */
function goInstall(ev: Evidence, paths: string[]): Claim[] {
  const mod = ev.lines('go.mod')?.map((l) => /^module\s+(\S+)/.exec(l)?.[1]).find(Boolean) ?? null;
  const out: Claim[] = [];
  const seen = new Set<string>();
  for (const p of paths) {
    if (out.length >= 2) break;
    if (!/\.go$/.test(p) || /_test\.go$/.test(p) || VENDORED_DIR.test(p)) continue;
    const dir = p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '';
    if (seen.has(dir)) continue;
    const lines = ev.lines(p);
    if (!lines || !lines.some((l) => /^package\s+main\b/.test(l))) continue;
    const at = lines.findIndex((l) => /^func\s+main\s*\(\s*\)/.test(l));
    if (at === -1) continue;
    seen.add(dir);
    // go names the command after the package path's last element (a /v2 suffix is not one)
    const name = (dir || mod)?.split('/').filter((x, i, all) => !(i === all.length - 1 && /^v\d+$/.test(x) && all.length > 1)).pop() ?? null;
    out.push({ text: `go install ./${dir} builds ${name ? `the command ${name}` : 'its command'} (the main package of ${p})`.replace('./ ', '. '), cite: cite(p, at + 1) });
  }
  return out;
}

const SECRET_FILE = /^\/?(\.env[\w.*-]*|\*\.env|\.envrc|secrets?\.(json|ya?ml|toml)|credentials\.json|service[-_]account[\w.-]*\.json|config\/master\.key|\*\.pem|\*\.key)$/;

/** Secret files .gitignore keeps out of the repository (an example file is not one, nor a
 *  name the revision holds all the same). */
function ignoredSecrets(ev: Evidence): Claim[] {
  const lines = ev.lines('.gitignore');
  if (!lines) return [];
  const found = lines.map((l, i) => ({ name: l.trim(), line: i + 1 }))
    .filter((x) => SECRET_FILE.test(x.name) && !/example|sample|template/i.test(x.name) && !ev.get(x.name.replace(/^\//, '')));
  if (!found.length) return [];
  const shown = found.slice(0, 3);
  const names = shown.map((x) => x.name).join(', ');
  return [{ text: `.gitignore keeps ${names} out of the repository`, cite: cite('.gitignore', shown[0]!.line, shown[shown.length - 1]!.line) }];
}

const ENV_EXAMPLE = /(^|\/)(\.env\.(example|sample|template|dist|defaults)|\.env-example|example\.env|env\.example|\.env\.local\.example)$/;

function envExample(ev: Evidence, paths: string[]): Claim[] {
  const p = paths.find((x) => ENV_EXAMPLE.test(x) && !VENDORED_DIR.test(x));
  const lines = p ? ev.lines(p) : null;
  if (!p || !lines) return [];
  const keys = lines.map((l, i) => ({ k: /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(l)?.[1], line: i + 1 })).filter((x) => x.k);
  if (!keys.length) return [];
  return [{ text: `${p} lists ${plural(keys.length, 'setting')} to fill in: ${keys.slice(0, 6).map((x) => x.k).join(', ')}${keys.length > 6 ? ', …' : ''}`, cite: cite(p, keys[0]!.line, keys[keys.length - 1]!.line) }];
}

/** How code reads an environment variable, by language. */
const ENV_READS: [RegExp, RegExp][] = [
  [/\.[cm]?[jt]sx?$/, /\bprocess\.env\.([A-Za-z_]\w*)|\bprocess\.env\[\s*['"`](\w+)['"`]\s*\]|\bimport\.meta\.env\.([A-Za-z_]\w*)|\bDeno\.env\.get\(\s*['"](\w+)['"]/g],
  [/\.py$/, /\bos\.environ\[\s*['"](\w+)['"]\s*\]|\b(?:os\.)?environ\.get\(\s*['"](\w+)['"]|\bos\.getenv\(\s*['"](\w+)['"]/g],
  [/\.go$/, /\bos\.(?:Getenv|LookupEnv)\(\s*"(\w+)"/g],
  [/\.rs$/, /\benv::var(?:_os)?\(\s*"(\w+)"/g],
  [/\.(java|kt|scala)$/, /\bSystem\.getenv\(\s*"(\w+)"/g],
  [/\.rb$/, /\bENV(?:\[\s*|\.fetch\(\s*)['"](\w+)['"]/g],
  [/\.php$/, /\bgetenv\(\s*['"](\w+)['"]|\$_ENV\[\s*['"](\w+)['"]/g],
  [/\.cs$/, /\bEnvironment\.GetEnvironmentVariable\(\s*"(\w+)"/g],
];

/** Environment variables the team's code reads, per file (the two files reading the most). */
function envReads(ev: Evidence, paths: string[]): Claim[] {
  const files: { path: string; names: string[]; first: number; last: number }[] = [];
  for (const p of paths) {
    const re = ENV_READS.find(([file]) => file.test(p))?.[1];
    if (!re || VENDORED_DIR.test(p) || isGenerated(ev, p)) continue;
    // most files read no variable: a plain search before the per-line patterns
    if (!/env/i.test(ev.get(p)?.text ?? '')) continue;
    const lines = ev.lines(p);
    if (!lines) continue;
    const names: string[] = [];
    let first = 0;
    let last = 0;
    lines.forEach((l, i) => {
      if (l.length > 400 || !/env/i.test(l)) return;
      for (const m of l.matchAll(re)) {
        const name = m.slice(1).find(Boolean)!;
        if (names.includes(name)) continue;
        names.push(name);
        first ||= i + 1;
        last = i + 1;
      }
    });
    if (names.length) files.push({ path: p, names, first, last });
  }
  files.sort((a, b) => b.names.length - a.names.length || a.path.localeCompare(b.path));
  return files.slice(0, 2).map((f) => ({
    text: `${f.path} reads ${plural(f.names.length, 'environment variable')}: ${f.names.slice(0, 6).join(', ')}${f.names.length > 6 ? ', …' : ''}`,
    cite: cite(f.path, f.first, f.last),
  }));
}

export interface TryIt {
  /** How to run it: README commands, the Procfile, go install. */
  run: Claim[];
  /** What it needs that is not in the repository. */
  needs: Claim[];
}

/** `sources`: the team's source files (no tests, no generated code); `readme`: the README read. */
export function tryIt(ev: Evidence, readme: string | null, sources: string[]): TryIt {
  const paths = ev.paths();
  return {
    run: [...readmeCommands(ev, readme), ...procfile(ev), ...goInstall(ev, sources)],
    needs: [...ignoredSecrets(ev), ...envExample(ev, paths), ...envReads(ev, sources)],
  };
}
