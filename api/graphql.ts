// PostGraphile v5 at /graphql over schema `app`, authenticated exactly like REST: the
// onRequest hook has already resolved the caller, and pgSettings hands PostGraphile the
// same role and settings withCaller uses, so row-level security decides what anyone sees.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { postgraphile } from 'postgraphile';
import { makePgService } from 'postgraphile/adaptors/pg';
import { GraphQLError } from 'postgraphile/graphql';
import { defaultMaskError } from 'postgraphile/grafserv';
import { grafserv } from 'postgraphile/grafserv/fastify/v5';
import { PostGraphileAmberPreset } from 'postgraphile/presets/amber';
import { callerSettings } from '../core/db/pool.ts';
import { fromPgError } from './errors.ts';
import { GraphqlLimitsPlugin } from './graphql-limits.ts';
import { JsonShapesPlugin } from './graphql-shapes.ts';
import type { ApiDeps } from './deps.ts';

/** Connection arguments PostGraphile adds to a field of a set-returning function. */
const CONNECTION_ARGS = new Set(['first', 'last', 'offset', 'before', 'after', 'orderBy', 'condition', 'filter']);

/**
 * SQL parameters are named `p_<name>` (sql/CONVENTIONS.md) so a body never mistakes a
 * parameter for a column; the GraphQL argument (and mutation input field) drops that
 * prefix: `app.repository_invitation(p_full_name)` is `repositoryInvitation(fullName:)`.
 * The prefix stays when the short name would collide: with another parameter of the same
 * function (`p_input` beside `input`), with `clientMutationId` on a mutation's input, or
 * with a connection argument (`first`, `before`, …) of a set-returning function. A
 * `@shape app.x[]` answer is a plain list with no arguments of PostGraphile's (it pages
 * itself: api/graphql-shapes.ts), so nothing of its own is reserved.
 */
export const ArgumentNamesPlugin: GraphileConfig.Plugin = {
  name: 'PodiumArgumentNamesPlugin',
  description: 'GraphQL arguments drop the p_ prefix of SQL parameter names',
  version: '1.0.0',
  inflection: {
    replace: {
      argument(previous, options, details) {
        const sqlName = details.param.name;
        if (!sqlName || !/^p_[a-z]/i.test(sqlName)) return previous!(details);
        const short = this.coerceToGraphQLName(this.camelCase(sqlName.slice(2)));
        const others = details.resource.parameters
          .filter((p) => p !== details.param && p.name) // all of them: `index` counts from a computed column's row argument
          .flatMap((p) => [this.camelCase(p.name!), ...(/^p_[a-z]/i.test(p.name!) ? [this.camelCase(p.name!.slice(2))] : [])]);
        const shapedList = details.resource.extensions?.tags?.shape !== undefined;
        const reserved = others.includes(short) || (details.resource.isMutation && short === 'clientMutationId') || (!details.resource.isUnique && !shapedList && CONNECTION_ARGS.has(short));
        return reserved ? previous!(details) : short;
      },
    },
  },
};

/** The PostGraphile preset of /graphql over a pool; pgSettings resolves the caller per request. */
export function graphqlPreset(pool: ApiDeps['pool'], maskError?: (error: GraphQLError) => GraphQLError): GraphileConfig.Preset {
  return {
    extends: [PostGraphileAmberPreset],
    plugins: [GraphqlLimitsPlugin, ArgumentNamesPlugin, JsonShapesPlugin], // aliases, depth and fields per operation (api/graphql-limits.ts); argument names; typed JSON answers (api/graphql-shapes.ts)
    pgServices: [
      makePgService({
        pool,
        schemas: ['app'],
        pgSettings(ctx) {
          const req = (ctx as { fastifyv5?: { request: FastifyRequest } }).fastifyv5?.request;
          if (!req?.caller) throw new Error('graphql request without an authenticated caller');
          return callerSettings(req.caller);
        },
      }),
    ],
    // Writes go through the app functions only, each checking its scope and its rules: the
    // generated create/update/delete mutations of tables are not built at all (not merely
    // refused by grants), and no smart tag on a table can bring them back.
    disablePlugins: ['PgMutationCreatePlugin', 'PgMutationUpdateDeletePlugin'],
    grafserv: { graphqlPath: '/graphql', graphiql: false, graphqlOverGET: false, maxRequestLength: 100_000, maskError },
    schema: { exportSchemaSDLPath: undefined, defaultBehavior: '-insert -update -delete' },
  };
}

/**
 * A refusal raised by a SQL function (app_private.fail) is the answer, as on REST: its
 * message and `extensions: { code, ...details }` pass through. Anything else keeps
 * grafserv's masking (a hash and an id in place of the internal message).
 */
function maskError(error: GraphQLError): GraphQLError {
  const refusal = (error.originalError as { code?: string } | undefined)?.code === 'PD000' ? fromPgError(error.originalError) : null;
  if (!refusal) return defaultMaskError(error);
  return new GraphQLError(refusal.message, { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path, extensions: { ...refusal.details, code: refusal.code } });
}

export async function mountGraphql(app: FastifyInstance, { pool }: ApiDeps): Promise<{ release(): Promise<void> }> {
  const preset = graphqlPreset(pool, maskError);
  const pgl = postgraphile(preset);
  const serv = pgl.createServ(grafserv);
  // grafserv registers the route itself: its key scopes (any scope of any tool; each app
  // function checks its own) go onto the route's config as it is added. GET (queries over
  // GET are off) takes keys too, so a key hears grafserv's 405 with `Allow: POST` (api/server.ts)
  // rather than a refusal of the key.
  app.addHook('onRoute', (route) => {
    if (route.url === '/graphql' && [route.method].flat().some((m) => m === 'POST' || m === 'GET')) route.config = { ...route.config, keyScopes: ['*'] };
  });
  await serv.addTo(app);
  // pgl.release() leaves our pool alone; the owner of the pool ends it.
  return { release: async () => void (await pgl.release()) };
}
