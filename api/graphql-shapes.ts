// Typed GraphQL for the rules that answer JSON. Most `app` functions return jsonb: REST hands
// it to clients as it is, and other functions build on it. GraphQL would show that as the
// untyped `JSON` scalar, so a typed client could not select the fields the docs describe.
// A function's comment names the SQL composite type its answer has (`@shape app.team_card`,
// or `@shape app.team_card[]` for an array of them); this plugin gives the GraphQL field that
// type, and reads the answer through `app_private.json_shaped`, which refuses an answer with
// a field the type does not have (so the type cannot fall behind the function unnoticed),
// then `jsonb_populate_record(set)` turns it into rows of the type.
import { sql, type SQL } from 'postgraphile/pg-sql2';
import { sqlFromArgDigests } from 'postgraphile/@dataplan/pg';

/** `@shape app.name` or `@shape app.name[]`: schema, type name and whether the answer is a list. */
export function parseShapeTag(tag: unknown): { schema: string; name: string; list: boolean } | null {
  if (tag === undefined) return null;
  const m = typeof tag === 'string' ? /^([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)(\[\])?$/.exec(tag.trim()) : null;
  if (!m) throw new Error(`@shape must name a composite type as schema.name or schema.name[], not ${JSON.stringify(tag)}`);
  return { schema: m[1]!, name: m[2]!, list: m[3] !== undefined };
}

/** The column the row of an object answer carries, never null (see the row check below). */
const PRESENT = '__shaped';

export const JsonShapesPlugin: GraphileConfig.Plugin = {
  name: 'PodiumJsonShapesPlugin',
  description: 'A jsonb-returning function with a @shape smart tag answers that composite type in GraphQL',
  version: '1.0.0',
  inflection: {
    replace: {
      // A list answer keeps the function's own field name (`myWorkspaces`, not `myWorkspacesList`).
      customQueryListField(previous, options, details) {
        return details.resource.extensions?.tags?.shape ? this.customQueryField(details) : previous!(details);
      },
      // A composite type (relkind c) is not a Node, so its `id` is the JSON's `id`, not `rowId`:
      // the name `rowId` only keeps a table's key clear of the Relay node id.
      _attributeName(previous, options, details) {
        const isComposite = details.codec.extensions?.isTableLike === false;
        return previous!(isComposite ? { ...details, skipRowId: true } : details);
      },
    },
  },
  schema: {
    hooks: {
      // The function pages (or bounds) its own list (`limit`, `before`, …): PostGraphile's
      // `first` and `offset`, which would cut the page again after it, are not offered.
      GraphQLObjectType_fields_field_args(args, _build, context) {
        const { isPgFieldSimpleCollection, pgFieldResource } = context.scope as { isPgFieldSimpleCollection?: boolean; pgFieldResource?: { extensions?: { tags?: Record<string, unknown> } } };
        if (!isPgFieldSimpleCollection || pgFieldResource?.extensions?.tags?.shape === undefined) return args;
        const { first: _first, offset: _offset, ...own } = args;
        return own;
      },
    },
  },
  gather: {
    hooks: {
      async pgProcedures_PgResourceOptions(info, event) {
        const { pgProc, resourceOptions, serviceName } = event;
        const options = resourceOptions as unknown as {
          codec: { name: string };
          from: (...args: unknown[]) => unknown;
          isUnique?: boolean;
          extensions?: { tags?: Record<string, unknown> };
        };
        const shape = parseShapeTag(options.extensions?.tags?.shape);
        if (!shape) return;
        const where = `${pgProc.getNamespace()?.nspname}.${pgProc.proname}`;
        if (options.codec.name !== 'jsonb') throw new Error(`@shape on ${where}: only a function returning jsonb takes a shape`);
        const introspections = await info.helpers.pgIntrospection.getIntrospection();
        const { introspection } = introspections.find((i) => i.pgService.name === serviceName)!;
        const type = introspection.types.find((t) => t.typname === shape.name && t.getNamespace()?.nspname === shape.schema);
        if (!type || type.typtype !== 'c') throw new Error(`@shape on ${where}: ${shape.schema}.${shape.name} is not a composite type`);
        const codec = await info.helpers.pgCodecs.getCodecFromType(serviceName, type._id);
        if (!codec) throw new Error(`@shape on ${where}: no codec for ${shape.schema}.${shape.name}`);
        const fn = sql.identifier(pgProc.getNamespace()!.nspname, pgProc.proname);
        const typeIdent = sql.identifier(shape.schema, shape.name);
        const typeName = sql.literal(`${shape.schema}.${shape.name}`);
        // An object answer is one row, none for a JSON null, with a column that is never null:
        // the row check reads that column (the resource's "primary key" below), so an object
        // whose fields are all null (`{ "rosterLockedAt": null }`) is still an object.
        // PostgreSQL calls such a row null, and PostGraphile's own check (`not (row is null)`)
        // would answer null for it. A list is one row per element.
        Object.assign(options, {
          codec,
          from: (...args: Parameters<typeof sqlFromArgDigests>[0][]) => {
            const answer = sql`app_private.json_shaped(${fn}(${sqlFromArgDigests(args as never)}), ${typeName}::regtype)`;
            return shape.list
              ? sql`jsonb_populate_recordset(null::${typeIdent}, ${answer})`
              : sql`(select r.*, true as ${sql.identifier(PRESENT)} from ${answer} as j(v), jsonb_populate_record(null::${typeIdent}, j.v) as r where jsonb_typeof(j.v) = 'object')`;
          },
          ...(shape.list ? null : { uniques: [{ attributes: [PRESENT], isPrimary: true }] }),
        });
        if (shape.list) {
          // The function pages (or bounds) its own answer: a plain list, not a connection.
          delete options.isUnique;
          const tags = (options.extensions ??= {}).tags ?? {};
          const behavior = [tags.behavior ?? []].flat() as string[];
          options.extensions.tags = { ...tags, behavior: [...behavior, '-connection', '+list'] };
        } else options.isUnique = true;
      },
    },
  },
};
