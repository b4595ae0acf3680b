// Every CLI error names its code. The catalogue half reads every
// `new CliError(` of cli/ and tui/ (and `new ClientError(` of client/, its failure read as the exit it maps to) with the TypeScript parser: each has a code, each code is
// registered (sql/ERROR_CODES.md) or a client code of docs/CLIENTS.md "Error codes" (whose exit
// column agrees with the exit the code is raised with), and no `?? 'error'` fallback is left.
// The running half makes failing commands of both tools with --json and checks that each
// answers { error: { code, message } } with a real code, never `error`.
import test from 'ava';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { CliError, EXIT } from '../../cli/lib/errors.ts';
import { makeHome as deckHome, runDeckcli } from './deckcli/run.ts';
import { makeHome as eventHome, runHackathon } from './hackathon/run.ts';

const registered = new Set([...readFileSync('sql/ERROR_CODES.md', 'utf8').matchAll(/^\| `([a-z0-9_]+)` \| \d{3} \|/gm)].map((m) => m[1]!));

/** docs/CLIENTS.md "Error codes": code -> exit (a row may name several codes). */
function clientCodes(): Map<string, number> {
  const doc = readFileSync('docs/CLIENTS.md', 'utf8');
  const start = doc.indexOf('### Error codes');
  const end = doc.indexOf('\n## ', start);
  const rows = new Map<string, number>();
  for (const line of doc.slice(start, end).split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4 || !cells[1]!.startsWith('`')) continue;
    for (const m of cells[1]!.matchAll(/`([a-z0-9_]+)`/g)) rows.set(m[1]!, Number(cells[2]));
  }
  return rows;
}
const CLIENT = clientCodes();

interface Site { where: string; exit: string; codes: string[] | null; text: string }

/** Every `new CliError(...)` (and the shared client's `new ClientError(...)`), with its exit and code expressions. */
function sites(): Site[] {
  const files = ['cli', 'client', 'tui'].flatMap((d) => readdirSync(d, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f)).map((f) => path.join(d, f)));
  const out: Site[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const literals = (e: ts.Expression): string[] | null => {
      if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
      if (ts.isConditionalExpression(e)) {
        const a = literals(e.whenTrue);
        const b = literals(e.whenFalse);
        return a && b ? [...a, ...b] : null;
      }
      if (ts.isParenthesizedExpression(e)) return literals(e.expression);
      return null;
    };
    const visit = (n: ts.Node) => {
      if (ts.isNewExpression(n) && n.expression.getText(sf) === 'CliError') {
        const args = n.arguments ?? [];
        const where = `${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
        out.push({ where, exit: args[1]?.getText(sf) ?? '', codes: args[2] ? literals(args[2]) : [], text: args[2]?.getText(sf) ?? '' });
      }
      if (ts.isNewExpression(n) && n.expression.getText(sf) === 'ClientError') {
        // client/errors.ts: the failure ('environment', ...) is the exit it maps to (cli/lib/errors.ts exitCodeOf).
        const args = n.arguments ?? [];
        const where = `${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
        const failure = args[1] ? literals(args[1]) : null;
        out.push({ where, exit: failure?.length === 1 ? `EXIT.${failure[0]}` : '', codes: args[2] ? literals(args[2]) : [], text: args[2]?.getText(sf) ?? '' });
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

/** Codes passed through from a value that already is a code (a rethrown CliError's, a shared entry check's). */
const PASSED_THROUGH = new Map([
  ['cli/hackathon/commands/community/shared.ts', 'err.code'],
  ['cli/deckcli/publish/files.ts', 'r.code'],
]);

test('every CliError names its code: registered, or a documented client code with the exit it is raised with', (t) => {
  const all = sites();
  t.true(all.length > 250, `found the errors (${all.length})`);
  const missing = all.filter((s) => s.codes !== null && s.codes.length === 0).map((s) => s.where);
  t.deepEqual(missing, [], 'errors made without a code');
  const opaque = all.filter((s) => s.codes === null && PASSED_THROUGH.get(s.where.replace(/:\d+$/, '')) !== s.text).map((s) => `${s.where}: ${s.text}`);
  t.deepEqual(opaque, [], 'a code that is not a literal (name it, or pass one through that is)');
  const unknown = all.flatMap((s) => (s.codes ?? []).filter((c) => !registered.has(c) && !CLIENT.has(c)).map((c) => `${s.where}: ${c}`));
  t.deepEqual(unknown, [], 'codes neither in sql/ERROR_CODES.md nor in docs/CLIENTS.md "Error codes"');
  const exits = EXIT as Record<string, number>;
  const disagree = all.flatMap((s) => {
    const m = /^EXIT\.([a-z]+)$/.exec(s.exit);
    if (!m || !s.codes || s.codes.length !== 1 || !CLIENT.has(s.codes[0]!) || registered.has(s.codes[0]!)) return [];
    return exits[m[1]!] === CLIENT.get(s.codes[0]!) ? [] : [`${s.where}: ${s.codes[0]} exits ${exits[m[1]!]}, the table says ${CLIENT.get(s.codes[0]!)}`];
  });
  t.deepEqual(disagree, []);
  // The entry codes come from core/wire/deck-paths.ts: each is documented.
  for (const m of readFileSync('core/wire/deck-paths.ts', 'utf8').matchAll(/code: '([a-z_]+)'/g)) t.true(CLIENT.has(m[1]!), m[1]);
});

test('no error fallback is left: nothing prints a code of `error`', (t) => {
  const files = ['cli', 'client', 'tui'].flatMap((d) => readdirSync(d, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f)).map((f) => path.join(d, f)));
  const hits = files.filter((f) => /\?\?\s*'error'|code:\s*'error'/.test(readFileSync(f, 'utf8')));
  t.deepEqual(hits, []);
});

test('the code is required: a CliError is made with a message, an exit code and a code', (t) => {
  const e = new CliError('x', EXIT.rejected, 'invalid_input');
  t.is(e.code, 'invalid_input');
  // @ts-expect-error the code is not optional (npm run typecheck fails if it ever becomes so)
  t.truthy(new CliError('x', EXIT.usage));
});

const realCode = (code: unknown) => typeof code === 'string' && code !== 'error' && (registered.has(code) || CLIENT.has(code));

test('--json errors carry a real code, for usage errors, client refusals and unreachable instances of both tools', async (t) => {
  const d = deckHome();
  const e = eventHome();
  const cases: [string, (args: string[], env: NodeJS.ProcessEnv) => Promise<{ code: number; stderr: string }>, string[], NodeJS.ProcessEnv, string][] = [
    ['deckcli', runDeckcli, ['open', '--json'], d.env, 'usage'],
    ['deckcli', runDeckcli, ['open', '/nonexistent-folder-h4', '--json'], d.env, 'not_linked'],
    ['deckcli', runDeckcli, ['list', '--json'], d.env, 'no_instance'],
    ['deckcli', runDeckcli, ['list', '--json', '--api-url', 'http://127.0.0.1:9', '--api-key', 'dk_x'], d.env, 'unreachable'],
    ['deckcli', runDeckcli, ['list', '--json', '--api-url', 'ftp://x'], d.env, 'invalid_input'],
    ['deckcli', runDeckcli, ['list', '--json', '--no-such-option'], d.env, 'unknown_option'],
    ['hackathon', runHackathon, ['decks', 'run', 'nope', '--json'], { ...e.env, EVENT_URL: 'http://127.0.0.1:9', EVENT_API_KEY: 'hck_x' }, 'usage'],
    ['hackathon', runHackathon, ['admin', 'provision', '--json'], { ...e.env, EVENT_URL: 'http://127.0.0.1:9', EVENT_API_KEY: 'hck_x' }, 'invalid_input'],
    ['hackathon', runHackathon, ['event', 'status', '--json'], { ...e.env, EVENT_URL: 'http://127.0.0.1:9', EVENT_API_KEY: 'hck_x' }, 'unreachable'],
    ['hackathon', runHackathon, ['connect', '--github', 'bad--login', '--json'], { ...e.env, EVENT_URL: 'http://127.0.0.1:9', EVENT_API_KEY: 'hck_x' }, 'invalid_github_login'],
    ['hackathon', runHackathon, ['whoami', '--json', '--workspace', 'a', '--org', 'b'], { ...e.env, EVENT_URL: 'http://127.0.0.1:9', EVENT_API_KEY: 'hck_x' }, 'invalid_input'],
  ];
  for (const [tool, run, args, env, expected] of cases) {
    const r = await run(args, env);
    const what = `${tool} ${args.join(' ')}`;
    t.not(r.code, 0, what);
    const lines = r.stderr.trim().split('\n');
    const json = JSON.parse(lines.at(-1)!);
    t.true(realCode(json.error?.code), `${what}: ${r.stderr}`);
    t.is(json.error.code, expected, what);
    t.is(typeof json.error.message, 'string', what);
  }
});
