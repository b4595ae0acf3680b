// Typed GraphQL in tests: the live schema, a selection of every field of a type (so a test
// reads the whole shape a function's `@shape` type declares), and the comparison of a typed
// answer with the same function's REST answer (api/graphql-shapes.ts).
import type { ExecutionContext } from 'ava';
import {
  buildClientSchema, getIntrospectionQuery, getNamedType, isLeafType, isListType, isNonNullType, isObjectType,
  type GraphQLField, type GraphQLNamedType, type GraphQLOutputType, type GraphQLSchema,
} from 'postgraphile/graphql';
import { http } from './http.ts';

/** The live schema of a test server, as a client would build it. */
export async function liveSchema(url: string, key: string): Promise<GraphQLSchema> {
  const r = await http(url, 'POST', '/graphql', { key, body: { query: getIntrospectionQuery() } });
  if (r.status !== 200 || r.body.errors) throw new Error(`introspection: ${r.text.slice(0, 500)}`);
  return buildClientSchema(r.body.data);
}

/** `{ a b c { d e } }`: every field of an object type without required arguments, nested types too. */
export function selectAll(schema: GraphQLSchema, type: GraphQLNamedType | string, depth = 6): string {
  const named = typeof type === 'string' ? schema.getType(type) : type;
  if (!named) throw new Error(`no type ${String(type)} in the schema`);
  if (isLeafType(named)) return '';
  if (!isObjectType(named) || depth === 0) throw new Error(`cannot select all of ${named.name}`);
  const fields = Object.values(named.getFields()).filter((f: GraphQLField<unknown, unknown>) => !f.args.some((a) => isNonNullType(a.type)));
  const parts = fields
    .filter((f) => !['nodeId', 'query'].includes(f.name))
    .map((f) => {
      const inner = getNamedType(f.type);
      return isLeafType(inner) ? f.name : `${f.name} ${selectAll(schema, inner, depth - 1)}`;
    });
  return `{ ${parts.join(' ')} }`;
}

/**
 * What each named field answers: a query field's type, or a mutation's `result` type, by
 * name (`[Name]` for a list unless `lists` is false). An area's test compares it with the
 * types it expects, so a field that fell back to the `JSON` scalar is named as such.
 */
export function answerTypes(schema: GraphQLSchema, fields: string[], { lists = true } = {}): Record<string, string> {
  const name = (type: GraphQLOutputType) => {
    const inner = isNonNullType(type) ? type.ofType : type;
    return lists && isListType(inner) ? `[${getNamedType(inner).name}]` : getNamedType(inner).name;
  };
  const queries = schema.getQueryType()!.getFields();
  const mutations = schema.getMutationType()!.getFields();
  return Object.fromEntries(fields.map((f) => {
    if (queries[f]) return [f, name(queries[f].type)];
    const payload = mutations[f] ? getNamedType(mutations[f].type) : undefined;
    if (!isObjectType(payload)) throw new Error(`no query field or mutation ${f}`);
    return [f, name(payload.getFields().result!.type)];
  }));
}

/** The GraphQL literal of a JS value, for arguments and mutation inputs. */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (typeof value === 'object') return `{ ${Object.entries(value).map(([k, v]) => `${k}: ${literal(v)}`).join(', ')} }`;
  return JSON.stringify(value);
}

/** Reads a query field with every field of its type selected: `data[field]`, or throws with the errors. */
export async function readShaped(url: string, key: string, schema: GraphQLSchema, field: string, args: Record<string, unknown> = {}): Promise<any> {
  const def = schema.getQueryType()!.getFields()[field];
  if (!def) throw new Error(`no query field ${field}`);
  const argText = Object.keys(args).length ? `(${Object.entries(args).map(([k, v]) => `${k}: ${literal(v)}`).join(', ')})` : '';
  const r = await http(url, 'POST', '/graphql', { key, body: { query: `{ ${field}${argText} ${selectAll(schema, getNamedType(def.type))} }` } });
  if (r.status !== 200 || r.body.errors) throw new Error(`${field}: ${r.text.slice(0, 800)}`);
  return r.body.data[field];
}

/** Runs a mutation with every field of its `result` selected: the result, or throws with the errors. */
export async function mutateShaped(url: string, key: string, schema: GraphQLSchema, mutation: string, input: Record<string, unknown>): Promise<any> {
  const def = schema.getMutationType()!.getFields()[mutation];
  if (!def) throw new Error(`no mutation ${mutation}`);
  const payload = getNamedType(def.type);
  if (!isObjectType(payload)) throw new Error(`${mutation} has no payload type`);
  const result = getNamedType(payload.getFields().result!.type);
  const selection = isLeafType(result) ? '' : selectAll(schema, result);
  const r = await http(url, 'POST', '/graphql', { key, body: { query: `mutation { ${mutation}(input: ${literal(input)}) { result ${selection} } }` } });
  if (r.status !== 200 || r.body.errors) throw new Error(`${mutation}: ${r.text.slice(0, 800)}`);
  return r.body.data[mutation].result;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/**
 * The typed answer says what the JSON answer says: every key of the REST value is there with
 * the same value (an instant compared as an instant, a number GraphQL sends as a string — a
 * BigInt or BigFloat — as a number), and a field the JSON left out is null (a list of
 * objects: empty). Returns the
 * differences as paths, empty when they agree.
 */
export function shapeDifferences(typed: unknown, json: unknown, path = '$'): string[] {
  // PostGraphile reads a list of objects through unnest(): one the JSON leaves out is [] there.
  const none = typed === null || typed === undefined || (Array.isArray(typed) && typed.length === 0);
  if (json === null || json === undefined) return none ? [] : [`${path}: typed ${JSON.stringify(typed)}, JSON has none`];
  if (Array.isArray(json)) {
    if (!Array.isArray(typed) || typed.length !== json.length) return [`${path}: typed ${JSON.stringify(typed)?.slice(0, 80)}, JSON an array of ${json.length}`];
    return json.flatMap((item, i) => shapeDifferences(typed[i], item, `${path}[${i}]`));
  }
  if (typeof json === 'object') {
    if (typed === null || typeof typed !== 'object') return [`${path}: typed ${JSON.stringify(typed)}, JSON an object`];
    const t = typed as Record<string, unknown>;
    const j = json as Record<string, unknown>;
    return [...new Set([...Object.keys(t), ...Object.keys(j)])].flatMap((k) =>
      k in t ? shapeDifferences(t[k], j[k], `${path}.${k}`) : [`${path}.${k}: not selectable in GraphQL`],
    );
  }
  if (typed === json) return [];
  if (typeof json === 'string' && typeof typed === 'string' && ISO_INSTANT.test(json) && ISO_INSTANT.test(typed) && Date.parse(json) === Date.parse(typed.replace(' ', 'T'))) return [];
  if (typeof json === 'number' && typeof typed === 'string' && Number(typed) === json) return [];
  // A JSON-typed field (jsonb kept as is) is compared whole.
  if (typeof typed === 'object' && JSON.stringify(typed) === JSON.stringify(json)) return [];
  return [`${path}: typed ${JSON.stringify(typed)}, JSON ${JSON.stringify(json)}`];
}

/** Asserts a typed GraphQL answer agrees with the same function's REST (JSON) answer. */
export function sameAsJson(t: ExecutionContext, typed: unknown, json: unknown, what: string): void {
  const diff = shapeDifferences(typed, json);
  t.deepEqual(diff, [], `${what}: the typed answer differs from the JSON answer`);
}

