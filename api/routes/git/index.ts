// The local code host over git's smart HTTP (CODE_HOST=local): /git/<owner>/<repo>.git/...
// Authenticates itself with HTTP Basic whose password is the person's hck_ key, authorizes
// per repository from its ownership row (an organizer of the owning event, or an accepted
// invitation; anyone else, and any repository with no owner, is repository_not_found like a
// repository that does not exist), runs git http-backend, and after an accepted push records
// a push delivery per changed ref for the owning event only, in this process, through the
// intake the signed webhook route uses (core/codehost/local-push.ts). A push to a team repository
// in grace or after the freeze is told so (`remote:` lines from the post-receive hook).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { sha256 } from '../../../core/crypto.ts';
import { looksLikeKey } from '../../../core/keys.ts';
import { LocalCodeHost } from '../../../core/codehost/local.ts';
import { gitSpawner } from '../../../core/codehost/git.ts';
import { pushNotice, recordPush, type PushPhase } from '../../../core/codehost/local-push.ts';
import { checkFullName } from '../../../core/codehost/types.ts';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';
import { runHttpBackend } from './cgi.ts';
import { registerInvitationRoutes } from './invitations.ts';

const SERVICES = new Set(['git-upload-pack', 'git-receive-pack']);

function basicKey(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(h.slice(6), 'base64').toString('utf8');
  const key = decoded.slice(decoded.indexOf(':') + 1);
  return looksLikeKey(key) ? key : null;
}

function challenge(reply: FastifyReply): never {
  reply.header('www-authenticate', 'Basic realm="Podium code host", charset="UTF-8"');
  throw new AppError('unauthorized', 'Sign in with your code-host username and your hck_ key as the password');
}

/**
 * git's work (packing, unpacking, hooks) yields the CPU to the API's own: when every team
 * pushes at once, receipts, pages and streams are served first and git takes what is left
 * (bench:git: the first push of each team waited about 2 s for its receipt at niceness 0).
 */
export const GIT_NICENESS = 10;

export function registerGitRoutes(app: FastifyInstance, deps: ApiDeps): void {
  const { config, pool, log, metrics } = deps;
  if (config.codeHost !== 'local') return; // with GitHub, repositories and invitations live there
  const host = new LocalCodeHost(config.dataDir, pool);
  const hooks = host.pushHooks();
  registerInvitationRoutes(app, deps);

  app.register(async (scope) => {
    // The pack streams go to git untouched: no parsing, no body limit (git bounds them).
    scope.addContentTypeParser(['application/x-git-upload-pack-request', 'application/x-git-receive-pack-request'], (_req, payload, done) => done(null, payload));

    scope.route({
      method: ['GET', 'POST'],
      url: '/git/:owner/:repo/*',
      config: { auth: 'none' },
      handler: async (req, reply) => {
        const { owner, repo, '*': rest } = req.params as { owner: string; repo: string; '*': string };
        const fullName = `${owner}/${repo.replace(/\.git$/, '')}`;
        const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
        const service = rest === 'info/refs' ? new URLSearchParams(query).get('service') : rest;
        if (!service || !SERVICES.has(service) || (rest === 'info/refs') !== (req.method === 'GET')) {
          throw new AppError('not_found', 'Only git smart HTTP is served here');
        }
        try { checkFullName(fullName); } catch { throw new AppError('repository_not_found', 'No such repository'); }

        const key = basicKey(req);
        if (!key) challenge(reply);
        const pushing = service === 'git-receive-pack';
        const receiving = pushing && req.method === 'POST';
        // The caller, their permission on the repository and (for a push) its event's phase in one round trip.
        const { rows } = await pool.query(
          `select i.identity, case when $3 and i.identity is not null then app_private.local_repository_permission($2,
                    (i.identity #>> '{user,id}')::uuid, (i.identity #>> '{key,workspaceId}')::uuid) end as perm,
                  case when $4 and i.identity is not null then app_private.local_push_phase($2) end as phase
             from (select app_private.authenticate($1, null, null, null) as identity) i`,
          [sha256(key!), fullName, host.exists(fullName), receiving]);
        const identity = rows[0].identity as { user: { id: string; email: string; name: string | null }; key: { scopes: string[]; workspaceId: string | null } | null } | null;
        if (!identity) challenge(reply);
        const scopes = identity!.key?.scopes ?? [];
        const needed = pushing ? ['hackathon:write'] : ['hackathon:read', 'hackathon:write'];
        if (!needed.some((s) => scopes.includes(s))) {
          throw new AppError('insufficient_scope', `This key lacks the scope ${needed[0]}`, { needed });
        }
        const perm = rows[0].perm as string | null;
        if (!perm) throw new AppError('repository_not_found', `No repository ${fullName} that you can reach; accept your invitation first`);
        if (pushing && perm !== 'maintain') throw new AppError('repository_access_denied', `You have read access to ${fullName} only`);

        // git's own list of the refs this push updated: the post-receive hook writes it here.
        // Its random name is also the report's id: the delivery ids derive from it (pushDeliveryId).
        const reportId = randomUUID();
        const report = receiving ? path.join(hooks, 'reports', reportId) : null;
        const notice = receiving ? pushNotice(rows[0].phase as PushPhase | null) : null;
        reply.hijack();
        const [o, r] = host.repositoryPath(fullName).split('/').slice(-2);
        const code = await runHttpBackend({
          projectRoot: host.root,
          pathInfo: `/${o}/${r}/${rest}`,
          query,
          method: req.method,
          remoteUser: identity!.user.email,
          raw: req.raw,
          body: req.method === 'POST' ? (req.body as Readable) : null,
          env: report ? { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'core.hooksPath', GIT_CONFIG_VALUE_0: hooks, PODIUM_PUSH_REPORT: report, ...(notice ? { PODIUM_PUSH_NOTICE: notice } : {}) } : undefined,
          nice: GIT_NICENESS,
          // Forked by the process's git helper, never by this process (core/spawner: a fork
          // from the API held its event loop up to 75 ms).
          spawner: gitSpawner,
        }, reply.raw);
        if (report) {
          const text = await readFile(report, 'utf8').catch(() => ''); // no file: no ref was updated
          const commits = await readFile(`${report}.commits`, 'utf8').catch(() => null); // the hook's git log of each change
          await Promise.all([unlink(report).catch(() => {}), unlink(`${report}.commits`).catch(() => {})]);
          if (code === 0 && text) {
            // Recorded in process; when that fails, queued for a worker (same report id, same delivery ids).
            void recordPush({ pool, host, config, log, metrics }, { id: reportId, fullName, text, commits, user: { email: identity!.user.email } });
          }
        }
      },
    });
  });
}
