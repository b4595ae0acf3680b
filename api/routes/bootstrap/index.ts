// Participant onboarding: GET /bootstrap (the bootstrap record), PUT /bootstrap/github (the
// caller's code-host username) and GET /bootstrap/installer-skill (public bytes). The
// stored part comes from app.bootstrap_record() (sql/migrations/000011_bootstrap.sql); the
// standing is read live here. See docs/WIRE.md.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { createCodeHost, type CodeHost } from '../../../core/codehost/index.ts';
import { EventOwnership } from '../../../core/codehost/ownership.ts';
import type { Config } from '../../../core/config.ts';
import type { ApiDeps } from '../../deps.ts';
import { callJson } from '../support.ts';
import { readAccess } from './access.ts';
import { loadInstallerSkill, type InstallerSkill } from './installer-skill.ts';

export interface StoredRecord {
  person: { id: string; email: string; name: string | null };
  role: string;
  team: { id: string; name: string } | null;
  githubLogin: string | null;
  event: { id: string; name: string; phase: string };
  repository: { fullName: string; branch: string; readiness: string } | null;
  /** app.set_github_login's answer only: the invitation follows. */
  invitationQueued?: boolean;
}

/** A team name made filesystem-safe: lower-case letters, digits and single hyphens. */
export function directoryName(team: string): string {
  return team.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'team';
}

function gitBase(config: Config): string {
  return config.codeHost === 'github' ? config.github!.gitUrl : `${config.publicUrl}/git`;
}

async function completeRecord(stored: StoredRecord, host: CodeHost, config: Config, skill: InstallerSkill, pool: pg.Pool) {
  const { repository, team, ...rest } = stored;
  const base = gitBase(config);
  return {
    ...rest,
    codeHost: host.kind,
    team,
    repository: repository && {
      ...repository,
      cloneUrl: `${base}/${repository.fullName}.git`,
      access: await readAccess(host, repository.fullName, stored.githubLogin, config.codeHost === 'github'
        ? `${base}/${repository.fullName}/invitations`
        : `${config.publicUrl}/codehost/invitations/${repository.fullName}`, // the page (api/pages/codehost-invitations.ts)
      () => new EventOwnership(pool, host, stored.event.id).ownsRepository(repository.fullName), stored.invitationQueued === true),
    },
    installer: { name: skill.name, version: skill.version, sha256: skill.sha256, url: `${config.publicUrl}/bootstrap/installer-skill` },
    dashboardUrl: `${config.publicUrl}/event`, // the event pages (api/pages/event)
    setup: { directoryName: team ? directoryName(team.name) : null },
  };
}

/** Completes app.bootstrap_record()'s answer with the live standing, the installer and the URLs (the route and the event pages). */
export function bootstrapCompleter({ pool, config }: ApiDeps): (stored: StoredRecord) => ReturnType<typeof completeRecord> {
  const host = createCodeHost(config, pool);
  const skill = loadInstallerSkill();
  return (stored) => completeRecord(stored, host, config, skill, pool);
}

export function registerBootstrapRoutes(app: FastifyInstance, deps: ApiDeps): void {
  const { pool } = deps;
  const skill = loadInstallerSkill();
  const complete = bootstrapCompleter(deps);
  const answer = async (req: FastifyRequest, call: string, params: unknown[]) => complete(await callJson<StoredRecord>(req, pool, call, params));

  app.get('/bootstrap', { config: { keyScopes: ['hackathon:read'] } }, async (req) => answer(req, 'app.bootstrap_record()', []));

  app.put('/bootstrap/github', {
      config: { keyScopes: ['hackathon:write'] },
    schema: {
      body: { type: 'object', additionalProperties: false, required: ['login'], properties: { login: { type: 'string', minLength: 1, maxLength: 40 } } },
    },
  }, async (req) => answer(req, 'app.set_github_login($1)', [(req.body as { login: string }).login]));

  app.get('/bootstrap/installer-skill', { config: { auth: 'none' } }, async (_req, reply) => {
    reply.header('content-type', 'text/markdown; charset=utf-8');
    reply.header('x-podium-skill-name', skill.name);
    reply.header('x-podium-skill-version', skill.version);
    reply.header('x-podium-skill-sha256', skill.sha256);
    return reply.send(skill.bytes);
  });
}
