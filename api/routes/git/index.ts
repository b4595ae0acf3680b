// The local code host over git's smart HTTP (CODE_HOST=local): /git/<owner>/<repo>.git/...
// Authenticates itself with HTTP Basic whose password is the person's hck_ key, authorizes
// per repository from its ownership row (an organizer of the owning event, or an accepted
// invitation; anyone else, and any repository with no owner, is repository_not_found like a
// repository that does not exist), runs git http-backend, and after an accepted push delivers
// a signed push webhook per changed ref to the owning event only.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { sha256 } from '../../../core/crypto.ts';
import { looksLikeKey } from '../../../core/keys.ts';
import { LocalCodeHost } from '../../../core/codehost/local.ts';
import { deliverDurably, pushPayload, refChanges } from '../../../core/codehost/local-push.ts';
import { checkFullName } from '../../../core/codehost/types.ts';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../server.ts';
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

export function registerGitRoutes(app: FastifyInstance, deps: ApiDeps): void {
  const { config, pool, log } = deps;
  if (config.codeHost !== 'local') return; // with GitHub, repositories and invitations live there
  const host = new LocalCodeHost(config.dataDir, pool);
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
        const { rows } = await pool.query('select app_private.authenticate($1, null, null, null) as identity', [sha256(key!)]);
        const identity = rows[0].identity as { user: { id: string; email: string; name: string | null }; key: { scopes: string[]; workspaceId: string | null } | null } | null;
        if (!identity) challenge(reply);
        const pushing = service === 'git-receive-pack';
        const scopes = identity!.key?.scopes ?? [];
        const needed = pushing ? ['hackathon:write'] : ['hackathon:read', 'hackathon:write'];
        if (!needed.some((s) => scopes.includes(s))) {
          throw new AppError('insufficient_scope', `This key lacks the scope ${needed[0]}`, { needed });
        }
        const perm = host.exists(fullName)
          ? (await pool.query('select app_private.local_repository_permission($1, $2, $3) as p', [fullName, identity!.user.id, identity!.key?.workspaceId ?? null])).rows[0].p as string | null
          : null;
        if (!perm) throw new AppError('repository_not_found', `No repository ${fullName} that you can reach; accept your invitation first`);
        if (pushing && perm !== 'maintain') throw new AppError('repository_access_denied', `You have read access to ${fullName} only`);

        const before = pushing && req.method === 'POST' ? await host.refs(fullName) : null;
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
        }, reply.raw);
        if (before && code === 0) {
          const changes = refChanges(before, await host.refs(fullName));
          void deliverPushes(fullName, changes, identity!.user).catch((err) => log.warn({ err: err.message, repository: fullName }, 'push delivery failed'));
        }
      },
    });
  });

  async function deliverPushes(fullName: string, changes: ReturnType<typeof refChanges>, user: { id: string; email: string }) {
    if (changes.length === 0) return;
    const targets = (await pool.query('select app_private.local_webhook_targets($1) as id', [fullName])).rows.map((x) => x.id as string);
    for (const eventId of targets) {
      const login = (await pool.query(
        `select r.github_login from app.roster_entries r where r.event_id = $1 and lower(r.email) = lower($2)`, [eventId, user.email])).rows[0]?.github_login ?? user.email;
      for (const change of changes) {
        const payload = await pushPayload(host, config.publicUrl, fullName, change, { login, email: user.email });
        const status = await deliverDurably(pool, config.publicUrl, config.authSecret, eventId, 'push', payload);
        if (status !== 202) log.warn({ repository: fullName, ref: change.ref, status }, 'push delivery not accepted');
      }
    }
  }
}
