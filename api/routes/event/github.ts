// PUT /api/v1/event/github (event github): the organization, template and branch, claimed for
// this event (app_private.set_event_github). The route brings what only the
// server knows: which code host runs, on GitHub the live installation id of each organization
// named (so the first workspace to verify an installation holds it), on the local host whether
// the template is already on disk. On the local host the template repository is then created
// empty, owned by the event, for the organizer to push into.
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { GithubCodeHost } from '../../../core/codehost/github.ts';
import { LocalCodeHost } from '../../../core/codehost/local.ts';
import type { CodeHost } from '../../../core/codehost/types.ts';
import type { EventGithub } from '../../../core/wire/event.ts';
import { callJson } from '../support.ts';

const LOGIN = /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/;

interface GithubBody {
  organization: string;
  template: string;
  branch?: string;
}

/** The installation ids GitHub answers now, for the organizations named; one not installed (or not answering) is verified later. */
async function liveInstallations(host: GithubCodeHost, logins: string[]): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const login of logins) {
    if (!LOGIN.test(login) || login.length > 39) continue; // SQL refuses it
    const id = await host.installationId(login, true).catch(() => null);
    if (id !== null) found[login] = id;
  }
  return found;
}

export async function claimEventGithub(req: FastifyRequest, pool: pg.Pool, host: CodeHost, body: GithubBody) {
  const owners = [...new Map([body.organization, body.template.split('/')[0] ?? ''].map((l) => [l.toLowerCase(), l])).values()];
  const installations = host instanceof GithubCodeHost ? await liveInstallations(host, owners) : {};
  const onDisk = (() => {
    try { return host instanceof LocalCodeHost && host.exists(body.template); } catch { return false; } // not a repository name: SQL refuses it
  })();
  const r = await callJson<EventGithub & { templateRepository: string }>(req, pool, 'app_private.set_event_github($1, $2, $3, $4, $5, $6)',
    [body.organization, body.template, body.branch ?? null, host.kind, JSON.stringify(installations), onDisk]);
  // Recorded as the event's (committed) before it exists on disk; a failure here is repaired by running event github again.
  if (host instanceof LocalCodeHost && r.templateRepository === 'owned') await host.createEmpty(r.template, r.branch);
  return { organization: r.organization, template: r.template, branch: r.branch };
}
