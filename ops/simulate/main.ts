// `npm run simulate:event [-- --short] [--seed <n>] [--teams <n>] [--team-size <n>]`: a
// scripted hackathon on the replica harness under faults (ops/simulate/README.md). Prints
// the checks, the figures and the faults as tables; exits 0 when every check passes, 1 when
// one fails, 2 on a usage error.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { figures, runChecks, type Check, type Figure } from './checks.ts';
import { Wire } from './client.ts';
import { FaultInjector, type FaultDurations, type FaultKind } from './faults.ts';
import { Prng } from './prng.ts';
import { report } from './report.ts';
import { runScenario, type Params } from './scenario.ts';
import { startServices } from './services.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The figures: 1,500 people in 300 teams, fault windows as the issue names them. */
export const FULL: { params: Omit<Params, 'seed'>; durations: FaultDurations } = {
  params: {
    teams: 300, teamSize: 5, advisors: 10, pushesPerTeam: [2, 4], wrongBranchTeams: 5, latePushTeams: 10, replays: 30,
    feedPosts: 600, teamPosts: 900, requests: 60, streams: 20, resubmitShare: 0.05, cliPeople: 5, logins: 10,
    concurrency: 24, gitConcurrency: 6,
  },
  durations: { killDownMs: 4_000, postgresDownMs: 3_000, redisDownMs: 30_000, storageRefuseMs: 30_000, webhookRefuseMs: 60_000, operatorRecovery: false },
};

/** The suite's version: a few teams, one fault of each kind, windows of a few seconds. */
export const SHORT: typeof FULL = {
  params: {
    teams: 4, teamSize: 3, advisors: 2, pushesPerTeam: [1, 3], wrongBranchTeams: 1, latePushTeams: 1, replays: 2,
    feedPosts: 8, teamPosts: 8, requests: 3, streams: 3, resubmitShare: 0.25, cliPeople: 1, logins: 2,
    concurrency: 8, gitConcurrency: 3,
  },
  durations: { killDownMs: 2_000, postgresDownMs: 1_000, redisDownMs: 4_000, storageRefuseMs: 4_000, webhookRefuseMs: 5_000, operatorRecovery: true },
};

/** Which faults fire in which phase (the moments within it come from the seed). */
export const FAULT_PLAN: Record<string, FaultKind[]> = {
  pushes: ['webhook-unreachable', 'redis-down'],
  capture: ['api-kill', 'worker-kill', 'storage-refuse'],
  decks: ['worker-kill', 'api-kill'],
  vote: ['postgres-restart'],
};

export interface SimulationResult {
  ok: boolean;
  checks: Check[];
  figures: Figure[];
  faultRows: string[][];
  text: string;
}

export async function simulate(o: { seed: number; preset: typeof FULL; overrides?: Partial<Params>; log?: (m: string) => void; faultPlan?: Record<string, FaultKind[]> }): Promise<SimulationResult> {
  const log = o.log ?? ((m: string) => process.stderr.write(`[simulate ${new Date().toISOString().slice(11, 19)}] ${m}\n`));
  const base = o.preset.params;
  // Fewer (or more) people than the preset: the chatter, requests and special pushes scale with them.
  const k = ((o.overrides?.teams ?? base.teams) * (o.overrides?.teamSize ?? base.teamSize)) / (base.teams * base.teamSize);
  const scaled = (n: number, min: number) => Math.max(min, Math.round(n * k));
  const p: Params = {
    seed: o.seed, ...base,
    feedPosts: scaled(base.feedPosts, 2), teamPosts: scaled(base.teamPosts, 2), requests: scaled(base.requests, 1), replays: scaled(base.replays, 1),
    latePushTeams: scaled(base.latePushTeams, 1), wrongBranchTeams: scaled(base.wrongBranchTeams, 1), streams: scaled(base.streams, 2),
    ...o.overrides,
  };
  const hackathonBin = path.join(ROOT, 'dist', 'hackathon.mjs');
  if (!existsSync(hackathonBin)) execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/build-cli.ts')], { cwd: ROOT, stdio: 'inherit' });
  const t0 = Date.now();
  const svc = await startServices({ log });
  // Ctrl-C or a stop: the replicas, PostgreSQL and redis-server it started go with it.
  const onSignal = (sig: NodeJS.Signals) => {
    log(`${sig}: stopping what the simulation started...`);
    void svc.close().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const wire = new Wire(() => svc.liveApis());
    const faults = new FaultInjector(svc, o.preset.durations, log);
    const ledger = await runScenario({
      svc, wire, faults, rng: new Prng(p.seed), schedule: new Prng(p.seed ^ 0x5eed5eed), p, faultPlan: o.faultPlan ?? FAULT_PLAN, log, hackathonBin,
    });
    await faults.settled();
    log('checking...');
    const checks = await runChecks(svc, wire, ledger, p.logins, faults.records);
    const f = await figures(svc, wire, ledger, faults.records);
    const phases = ledger.phases.map((x) => `${x.name} ${((x.end - x.start) / 1000).toFixed(0)} s`).join(', ');
    const load = os.loadavg().map((x) => x.toFixed(2)).join(' ');
    const text = report({
      title: `simulate:event  seed ${p.seed}: ${p.teams} teams of ${p.teamSize} (${p.teams * p.teamSize} people), ${p.advisors} advisors; 2 api + 2 worker replicas`,
      machine: [
        `date        ${new Date().toISOString()}`,
        `machine     ${os.availableParallelism()} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, ${os.type()} ${os.release()}, node ${process.version}`,
        `load        ${load} (1/5/15 min, at the end)`,
        `wall time   ${((Date.now() - t0) / 1000).toFixed(0)} s (${phases})`,
      ],
      checks, figures: f.figures, faultRows: f.faultRows,
    });
    return { ok: checks.every((c) => c.ok), checks, figures: f.figures, faultRows: f.faultRows, text };
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await svc.close();
  }
}

async function cli(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        short: { type: 'boolean' }, seed: { type: 'string' }, teams: { type: 'string' }, 'team-size': { type: 'string' }, help: { type: 'boolean' },
      },
    }));
  } catch (err) {
    process.stderr.write(`simulate: ${(err as Error).message}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write('Usage: npm run simulate:event -- [--short] [--seed <n>] [--teams <n>] [--team-size <n>]\n');
    return 0;
  }
  const whole = (name: string, v: string | undefined, min: number) => {
    if (v === undefined) return undefined;
    if (!/^\d+$/.test(v) || Number(v) < min) throw new Error(`--${name} must be a whole number of at least ${min} (got "${v}")`);
    return Number(v);
  };
  let seed: number, teams: number | undefined, teamSize: number | undefined;
  try {
    seed = whole('seed', values.seed, 0) ?? Math.floor(Math.random() * 1e9);
    teams = whole('teams', values.teams, 2);
    teamSize = whole('team-size', values['team-size'], 1);
  } catch (err) {
    process.stderr.write(`simulate: ${(err as Error).message}\n`);
    return 2;
  }
  const overrides: Partial<Params> = {};
  if (teams !== undefined) overrides.teams = teams;
  if (teamSize !== undefined) overrides.teamSize = teamSize;
  const r = await simulate({ seed, preset: values.short ? SHORT : FULL, overrides });
  process.stdout.write(r.text + '\n');
  return r.ok ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cli(process.argv.slice(2)).then((code) => process.exit(code), (err) => {
    process.stderr.write(`simulate: ${(err as Error).stack}\n`);
    process.exit(1);
  });
}
