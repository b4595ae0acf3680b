// Setup step 7: files for the person's coding agent. The instructions file (CLAUDE.md for
// claude-code, AGENTS.md for codex) is created only when the repository has none, so a
// team's own instructions are never overwritten; the installer skill is always written at
// the verified version. Both are kept out of commits through .git/info/exclude (this
// clone only), since they belong to this machine's setup, not to the submission: a
// `git add -A` never puts them in the frozen evidence. An instructions file the repository
// already tracks is the team's and stays tracked; to share the created one, `git add -f` it.
// The template's own `/init` skill is reported, not touched.
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BootstrapRecord } from '../bootstrap.ts';
import { MANIFEST } from './manifest.ts';
import type { VerifiedSkill } from './installer.ts';

export type Agent = 'claude-code' | 'codex';
export const AGENTS: Agent[] = ['claude-code', 'codex'];

const LAYOUT = {
  'claude-code': { instructions: 'CLAUDE.md', dir: '.claude' },
  codex: { instructions: 'AGENTS.md', dir: '.codex' },
} as const;

export interface AgentFiles {
  agent: Agent;
  instructions: { file: string; created: boolean };
  skill: { path: string; name: string; version: string; sha256: string };
  initSkill: { present: boolean; path: string };
}

function instructionsText(record: BootstrapRecord, skillPath: string): string {
  const repo = record.repository!;
  return `# ${record.team!.name}: ${record.event.name}

This is the team repository of ${record.team!.name} (${repo.fullName}) for ${record.event.name}.

- The app is described by \`${MANIFEST}\` in the repository root (version 1: compose file,
  service, port, ready path). It holds data only; never put commands in it.
- To start the app, check that it is healthy, or read its logs, use the
  \`hackathon-installer\` skill (${skillPath}).
- The submission is what is on branch \`${repo.branch}\` when the build phase ends: commit
  and push to it before then.
- \`hackathon doctor --directory .\` checks this machine (tools, container daemon, push access).
- Event dashboard: ${record.dashboardUrl}
`;
}

/** Writes through a temporary name, so a crash never leaves half a file. */
function writeAtomic(file: string, bytes: Buffer | string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
}

function excludeLocally(dir: string, entry: string): void {
  const exclude = path.join(dir, '.git', 'info', 'exclude');
  if (!existsSync(path.join(dir, '.git'))) return;
  const current = existsSync(exclude) ? readFileSync(exclude, 'utf8') : '';
  if (current.split('\n').includes(entry)) return;
  mkdirSync(path.dirname(exclude), { recursive: true });
  appendFileSync(exclude, `${current && !current.endsWith('\n') ? '\n' : ''}${entry}\n`);
}

export function writeAgentFiles(dir: string, agent: Agent, skill: VerifiedSkill, record: BootstrapRecord): AgentFiles {
  const layout = LAYOUT[agent];
  const skillDir = `${layout.dir}/skills/${skill.name}`;
  const skillFile = `${skillDir}/SKILL.md`;
  writeAtomic(path.join(dir, skillFile), skill.bytes);
  excludeLocally(dir, `/${skillDir}/`);

  const instructions = path.join(dir, layout.instructions);
  const created = !existsSync(instructions);
  if (created) {
    writeAtomic(instructions, instructionsText(record, skillFile));
    excludeLocally(dir, `/${layout.instructions}`);
  }

  const initPath = `${layout.dir}/skills/init/SKILL.md`;
  return {
    agent,
    instructions: { file: layout.instructions, created },
    skill: { path: skillFile, name: skill.name, version: skill.version, sha256: skill.sha256 },
    initSkill: { present: existsSync(path.join(dir, initPath)), path: initPath },
  };
}
