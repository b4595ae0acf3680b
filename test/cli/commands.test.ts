// Every registered command of both client CLIs, walked: its --help exits 0 with a usage and at
// least one example (and every option an example uses is one the command takes); its noun's
// help (or the top-level help) lists it; the completion scripts name it, and the bash one,
// run in a real bash with COMP_WORDS, completes its words and its flags. The registry entry
// (commands/<noun>/index.ts) says what the module says: path, summary, flags.
// Then suggestions for an unknown noun, verb and option (exit 2, `Did you mean`, never the
// whole list), bare `hackathon` / `deckcli`, and profile names completed from the local config.
import test from 'ava';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GLOBAL_FLAGS as DECK_GLOBALS, GROUPS as DECK_GROUPS, main as deckcliMain } from '../../cli/deckcli/main.ts';
import { GLOBAL_FLAGS as EVENT_GLOBALS, GROUPS as EVENT_GROUPS, main as hackathonMain } from '../../cli/hackathon/main.ts';
import { flagSpellings } from '../../cli/lib/args.ts';
import { completionFlags, type CommandEntry } from '../../cli/lib/dispatch.ts';
import { ProfileStore } from '../../cli/lib/hackathon-profiles.ts';
import { runInProcess, type Main } from './in-process.ts';

const home = mkdtempSync(path.join(os.tmpdir(), 'cli-commands-'));
const env = { HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), PATH: process.env.PATH };

/** globals: the global options as typed (`--name`, `--no-name`), and as completion offers them. */
type Cli = { name: 'hackathon' | 'deckcli'; main: Main; commands: CommandEntry<unknown>[]; globals: string[]; offered: string[] };
const entries = (groups: { items: unknown[] }[]) =>
  groups.flatMap((g) => g.items.flatMap((i) => ('commands' in (i as object) ? (i as { commands: CommandEntry<unknown>[] }).commands : [i as CommandEntry<unknown>])));
const CLIS: Cli[] = [
  { name: 'hackathon', main: hackathonMain, commands: entries(EVENT_GROUPS), globals: flagSpellings(EVENT_GLOBALS), offered: completionFlags(EVENT_GLOBALS).map((f) => f.replace(/=$/, '')) },
  { name: 'deckcli', main: deckcliMain, commands: entries(DECK_GROUPS), globals: flagSpellings(DECK_GLOBALS), offered: completionFlags(DECK_GLOBALS).map((f) => f.replace(/=$/, '')) },
];
const run = (cli: Cli, args: string[]) => runInProcess(cli.name, cli.main, args, env);

/** A launcher named like the CLI on a PATH of its own, as a user's shell would find it. */
function binDir(): string {
  const dir = path.join(home, 'bin');
  mkdirSync(dir, { recursive: true });
  for (const name of ['hackathon', 'deckcli']) {
    const file = path.join(dir, name);
    writeFileSync(file, `#!/bin/sh\nexec '${process.execPath}' '${path.resolve('dist', name + '.mjs')}' "$@"\n`);
    chmodSync(file, 0o755);
  }
  return dir;
}

/**
 * Runs `cases` (each a COMP_WORDS array) through the sourced bash script in one real bash; one
 * line of candidates per case. A case given as a command line is split as bash's readline
 * splits it before it calls the function: COMP_LINE and COMP_POINT hold the line, COMP_WORDS
 * its words cut at blanks and at COMP_WORDBREAKS (`:` `=` and the rest are words of their own).
 */
function bashComplete(script: string, cases: (string[] | { line: string })[], shellEnv: Record<string, string | undefined> = env): string[][] {
  const file = path.join(home, `completion-${Math.random().toString(36).slice(2)}.bash`);
  writeFileSync(file, script);
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const body = cases.map((c) => {
    if (Array.isArray(c)) return `COMP_WORDS=(${c.map(q).join(' ')}); COMP_CWORD=${c.length - 1}; COMPREPLY=(); _${c[0]}; echo "\${COMPREPLY[*]}"`;
    const words: string[] = c.line.match(/[^\s"'><=;|&(:]+|["'><=;|&(:]+/g) ?? [];
    if (/\s$/.test(c.line)) words.push('');
    return `COMP_LINE=${q(c.line)}; COMP_POINT=${c.line.length}; COMP_WORDS=(${words.map(q).join(' ')}); COMP_CWORD=${words.length - 1}; COMPREPLY=(); _${words[0]}; echo "\${COMPREPLY[*]}"`;
  }).join('\n');
  const r = spawnSync('bash', ['--norc', '--noprofile', '-c', `source ${q(file)}\n${body}`], { encoding: 'utf8', env: { ...shellEnv, PATH: `${binDir()}:${shellEnv.PATH}` } });
  if (r.status !== 0) throw new Error(`bash exited ${r.status}: ${r.stderr}`);
  return r.stdout.split('\n').slice(0, cases.length).map((l) => l.split(' ').filter(Boolean));
}

for (const cli of CLIS) {
  test(`${cli.name}: every command's --help has a usage and an example; the registry says what the module says`, async (t) => {
    t.true(cli.commands.length > (cli.name === 'hackathon' ? 90 : 20), `${cli.commands.length} commands registered`);
    for (const entry of cli.commands) {
      const words = entry.path.split(' ');
      const r = await run(cli, [...words, '--help']);
      t.is(r.code, 0, `${entry.path} --help: ${r.stderr}`);
      t.regex(r.stdout, new RegExp(`^Usage: ${cli.name} ${entry.path}`, 'm'), entry.path);
      t.regex(r.stdout, /\nExamples:\n {2}\$ \S/, entry.path);
      t.is(r.stderr, '');

      const cmd = await entry.load();
      t.is(cmd.path, entry.path);
      t.is(cmd.summary, entry.summary, `${entry.path}: the registered summary is the module's`);
      t.deepEqual(entry.flags ?? [], completionFlags(cmd.flags), `${entry.path}: the registered flags are the module's`);
      for (const [k, def] of Object.entries(cmd.flags ?? {})) t.true(r.stdout.includes(`  --${k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())} `), `${entry.path} --help shows --${k} (${(def as { type: string }).type})`);

      t.true(entry.examples.length >= 1 && entry.examples.length <= 2, `${entry.path}: one or two examples`);
      const known = new Set([...flagSpellings(cmd.flags ?? {}), ...cli.globals]);
      for (const example of entry.examples) {
        t.true(example.includes(`${cli.name} ${entry.path}`), `${entry.path}: example runs it: ${example}`);
        t.true(r.stdout.includes(`  $ ${example}\n`), `${entry.path} --help prints ${example}`);
        const tail = example.slice(example.indexOf(`${cli.name} ${entry.path}`));
        for (const opt of tail.match(/(?<=\s)--[a-z][a-z-]*/g) ?? []) t.true(known.has(opt), `${entry.path}: example option ${opt} is one the command takes`);
      }
    }
  });

  test(`${cli.name}: every command module under commands/ is registered, once`, async (t) => {
    const dir = path.resolve('cli', cli.name, 'commands');
    const declared: string[] = [];
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && path.basename(f) !== 'index.ts')) {
      for (const value of Object.values(await import(path.join(dir, file)))) {
        const c = value as { path?: unknown; run?: unknown };
        if (typeof c?.path === 'string' && typeof c.run === 'function') declared.push(c.path);
      }
    }
    const registered = cli.commands.map((c) => c.path);
    t.deepEqual([...declared].sort(), [...registered].sort());
    t.is(new Set(registered).size, registered.length, 'no path registered twice');
  });

  test(`${cli.name}: bare and --help print the groups and exit 0; each noun's help lists its verbs`, async (t) => {
    const bare = await run(cli, []);
    t.is(bare.code, 0, bare.stderr);
    t.regex(bare.stdout, new RegExp(`^${cli.name} \\d+\\.\\d+\\.\\d+: `));
    t.deepEqual((await run(cli, ['--help'])).stdout, bare.stdout);
    t.deepEqual((await run(cli, ['help'])).stdout, bare.stdout);
    const nounHelp = new Map<string, string>();
    for (const entry of cli.commands) {
      const [noun, ...verb] = entry.path.split(' ');
      if (verb.length === 0) {
        t.regex(bare.stdout, new RegExp(`^ {2}${noun} +${entry.summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'), `top-level help lists ${noun}`);
        continue;
      }
      t.regex(bare.stdout, new RegExp(`^ {2}${noun} +\\S`, 'm'), `top-level help lists the noun ${noun}`);
      if (!nounHelp.has(noun)) {
        const r = await run(cli, [noun]);
        t.is(r.code, 0, `${noun}: ${r.stderr}`);
        for (const args of [[noun, '--help'], ['help', noun]]) t.is((await run(cli, args)).stdout, r.stdout, `${args.join(' ')} is the noun's help`);
        nounHelp.set(noun, r.stdout);
      }
      t.true(nounHelp.get(noun)!.includes(`\n  ${verb.join(' ')} `), `${cli.name} ${noun} lists ${verb.join(' ')}`);
    }
    const sub = await run(cli, ['help', ...cli.commands.find((c) => c.path.split(' ').length >= 2)!.path.split(' ')]);
    t.is(sub.code, 0);
    t.regex(sub.stdout, /^Usage: /m, 'help <noun> <verb> is the verb\'s --help');
  });

  test(`${cli.name}: completion scripts name every command; bash completes each word and each flag`, async (t) => {
    const scripts = Object.fromEntries(
      await Promise.all(
        (['bash', 'zsh', 'fish'] as const).map(async (shell) => {
          const r = await run(cli, ['completion', shell]);
          t.is(r.code, 0, r.stderr);
          return [shell, r.stdout] as const;
        }),
      ),
    );
    for (const entry of cli.commands) {
      const words = entry.path.split(' ');
      const parent = words.slice(0, -1).join(' ');
      const last = words[words.length - 1];
      const zshCase = scripts.zsh.split('\n').find((l) => l.startsWith(`    '${parent}') reply=(`));
      t.true(zshCase?.includes(` '${last}:`) || zshCase?.includes(`('${last}:`), `zsh names ${entry.path}`);
      const fishLines = scripts.fish.split('\n');
      const fishCase = fishLines[fishLines.indexOf(`    case '${parent}'`) + 1];
      t.true(fishCase?.includes(` '${last}' `), `fish names ${entry.path}`);
    }
    const cases = cli.commands.flatMap((c) => {
      const words = c.path.split(' ');
      const last = words[words.length - 1];
      return [
        [cli.name, ...words.slice(0, -1), last.slice(0, Math.max(1, last.length - 2))],
        [cli.name, ...words, '--'],
      ];
    });
    const got = bashComplete(scripts.bash, cases);
    cli.commands.forEach((c, i) => {
      const words = c.path.split(' ');
      t.true(got[2 * i].includes(words[words.length - 1]), `bash completes ${c.path}: [${got[2 * i].join(' ')}]`);
      const flags = [...(c.flags ?? []).map((f) => f.replace(/=$/, '')), ...cli.offered];
      t.deepEqual([...got[2 * i + 1]].sort(), [...new Set(flags)].sort(), `bash completes the flags of ${c.path}`);
    });
    // after an option that takes a value, or after a positional argument, nothing from the registry (bash falls back to file names)
    const [afterFile, afterArg] = bashComplete(scripts.bash, [
      [cli.name, ...(cli.name === 'hackathon' ? ['event', 'roster', 'import', '--file'] : ['push', '--entry']), ''],
      [cli.name, ...(cli.name === 'hackathon' ? ['teams', 'members', 'crew'] : ['share', 'some-deck']), ''],
    ]);
    t.deepEqual(afterFile, []);
    t.deepEqual(afterArg, []);
    t.is((await run(cli, ['completion', 'tcsh'])).code, 2);
    const h = await run(cli, ['completion', '--help']);
    t.is(h.code, 0);
    t.regex(h.stdout, new RegExp(`source <\\(${cli.name} completion bash\\)`));
  });
}

test('hackathon completion offers the profiles of the local config, read offline', async (t) => {
  const store = new ProfileStore(env);
  store.put('staging', { baseUrl: 'https://staging.acme.test' });
  store.put('prod', { baseUrl: 'https://events.acme.test' });
  store.save();
  const script = (await runInProcess('hackathon', hackathonMain, ['completion', 'bash'], env)).stdout;
  const [flag, use, partial] = bashComplete(script, [
    ['hackathon', 'event', 'status', '--profile', ''],
    ['hackathon', 'use', ''],
    ['hackathon', 'use', 'st'],
  ]);
  t.deepEqual(flag.sort(), ['cloud', 'prod', 'staging']);
  t.deepEqual(use.sort(), ['cloud', 'prod', 'staging']);
  t.deepEqual(partial, ['staging']);
});

test('bash completes a profile name holding a colon (127.0.0.1:35010) with the default COMP_WORDBREAKS', async (t) => {
  const local = { ...env, XDG_CONFIG_HOME: path.join(home, 'colon-config') }; // its own profiles, beside the other test's
  const store = new ProfileStore(local);
  store.put('127.0.0.1:35010', { baseUrl: 'http://127.0.0.1:35010' });
  store.put('127.0.0.1:35011', { baseUrl: 'http://127.0.0.1:35011' });
  store.save();
  const script = (await runInProcess('hackathon', hackathonMain, ['completion', 'bash'], local)).stdout;
  // bash splits `127.0.0.1:35` into `127.0.0.1`, `:`, `35` and replaces only the last word:
  // the candidates are what follows the last colon typed.
  const [use, afterColon, flag, whole, before] = bashComplete(script, [
    { line: 'hackathon use 127.0.0.1:3501' },
    { line: 'hackathon use 127.0.0.1:' },
    { line: 'hackathon event status --profile 127.0.0.1:35011' },
    { line: 'hackathon use 127.0' },
    { line: 'hackathon use ' },
  ], local);
  t.deepEqual(use!.sort(), ['35010', '35011']);
  t.deepEqual(afterColon!.sort(), ['35010', '35011']);
  t.deepEqual(flag, ['35011']);
  t.deepEqual(whole!.sort(), ['127.0.0.1:35010', '127.0.0.1:35011'], 'no colon typed yet: whole names');
  t.true(before!.includes('127.0.0.1:35010') && before!.includes('cloud'), before!.join(' '));
});

const suggestions: [Cli['name'], string[], RegExp, RegExp][] = [
  ['hackathon', ['evnt'], /^hackathon: unknown command "evnt"\nDid you mean hackathon event\?\n/, /Run 'hackathon --help'/],
  ['hackathon', ['event', 'stauts'], /^hackathon: unknown verb "stauts" for "hackathon event"\nDid you mean hackathon event status\?\n/, /Run 'hackathon event --help'/],
  ['hackathon', ['community', 'ballot', 'sumbit', '--ranking', 'x'], /Did you mean hackathon community ballot submit\?/, /exit/],
  ['hackathon', ['roster', 'import'], /Did you mean hackathon event roster import\?/, /./],
  ['hackathon', ['event', 'roster', 'import', '--fiel', 'x.json'], /^hackathon: unknown option --fiel for "hackathon event roster import"\nDid you mean --file\?\n/, /Run 'hackathon event roster import --help'/],
  ['hackathon', ['teams', 'list', '--jsn'], /Did you mean --json\?/, /./],
  ['deckcli', ['shar'], /^deckcli: unknown command "shar"\nDid you mean one of these\?\n {2}deckcli share\n {2}deckcli share-email\n/, /./],
  ['deckcli', ['share', 'abc', '--no-downlod'], /Did you mean --no-download\?/, /./],
];
for (const [name, args, first, then] of suggestions) {
  test(`${name} ${args.join(' ')}: exit 2 with a suggestion, nothing run`, async (t) => {
    const cli = CLIS.find((c) => c.name === name)!;
    const r = await run(cli, args);
    t.is(r.code, 2, r.stderr);
    t.is(r.stdout, '');
    t.regex(r.stderr, first);
    if (then.source !== 'exit') t.regex(r.stderr, then);
    t.true(r.stderr.split('\n').length <= 7, 'a few lines, never the whole list');
  });
}

test('a word near nothing gets no suggestion, only the way to the list; --json answers in JSON', async (t) => {
  const [cli] = CLIS;
  const r = await run(cli, ['zzzzzzzz']);
  t.is(r.code, 2);
  t.is(r.stderr, `hackathon: unknown command "zzzzzzzz"\nRun 'hackathon --help' for the commands.\n`);
  const j = await run(cli, ['event', 'stauts', '--json']);
  t.is(j.code, 2);
  t.regex(JSON.parse(j.stderr).error.message, /Did you mean hackathon event status\?/);
  const flagFirst = await run(cli, ['--profile', 'x', 'event', 'status']);
  t.is(flagFirst.code, 2);
  t.regex(flagFirst.stderr, /name a command first/);
});

test.serial('the top-level and noun help, completion and suggestions load no command module', async (t) => {
  for (const cli of CLIS) {
    const loaded: string[] = [];
    const saved = cli.commands.map((c) => c.load);
    cli.commands.forEach((c, i) => (c.load = () => (loaded.push(c.path), saved[i]())));
    try {
      const nouns = [...new Set(cli.commands.filter((c) => c.path.includes(' ')).map((c) => c.path.split(' ')[0]))];
      for (const args of [[], ['--help'], ...nouns.map((n) => [n]), ...nouns.map((n) => [n, '--help']), ['completion', 'bash'], ['completion', 'zsh'], ['completion', 'fish'], ['__complete', 'profiles'], [nouns[0], 'nosuchverb'], ['nosuchnoun']]) {
        const r = await run(cli, args);
        t.true(r.code === 0 || r.code === 2, `${args.join(' ')}: ${r.stderr}`);
      }
      t.deepEqual(loaded, [], `${cli.name}: nothing loaded`);
      await run(cli, [cli.commands[0].path.split(' ')[0], ...cli.commands[0].path.split(' ').slice(1), '--help']);
      t.deepEqual(loaded, [cli.commands[0].path], `${cli.name}: a leaf's --help loads that one module`);
    } finally {
      cli.commands.forEach((c, i) => (c.load = saved[i]));
    }
  }
});

test('the bundles keep every command out of the main chunk (esbuild splitting): the help starts without them', (t) => {
  for (const name of ['hackathon', 'deckcli']) {
    const main = readFileSync(path.resolve('dist', 'chunks', `${name}-main.mjs`), 'utf8');
    // esbuild names each bundled source file in a comment (minify is off)
    const sources = [...main.matchAll(/^\/\/ (cli\/\S+\.ts)$/gm)].map((m) => m[1]);
    t.true(sources.includes('cli/lib/dispatch.ts'), `${name}: the main chunk is the command loop`);
    t.deepEqual(sources.filter((f) => f.includes('/commands/') && !f.endsWith('/index.ts')), [], `${name}: no command module in the main chunk`);
    t.false(sources.some((f) => /context\.ts$|profiles\.ts$|wire\.ts$/.test(f)), `${name}: nor the context, profiles or wire client`);
  }
});
