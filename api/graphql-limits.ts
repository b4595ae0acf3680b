// How much one GraphQL request may ask for. Without aliases a repeated field merges into one,
// so the work of a document grows with its aliases (one request with 500 aliases of a list
// ran 0.8 s) and with its nesting (each level of a relation multiplies the rows). One
// validation rule bounds both, with fragments expanded where they are spread, before
// anything runs; grafserv answers its refusal like any validation error (400 in the GraphQL
// error shape, with one message naming the limit) and caches the verdict per document.
import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'postgraphile/graphql';

export const GRAPHQL_LIMITS = Object.freeze({
  aliases: 50, // aliased fields in one operation, each fragment counted where it is spread
  depth: 15, // nested field levels (introspection's own subtree is not counted: it reads the schema, not rows)
  fields: 2000, // field selections in one operation, fragments expanded (bounds the walk itself)
});

interface Tally {
  aliases: number;
  fields: number;
  depth: number;
}

/** Walks one operation's selections with fragments expanded; stops as soon as a limit is passed. */
function tally(op: OperationDefinitionNode, fragments: Map<string, FragmentDefinitionNode>): Tally {
  const t: Tally = { aliases: 0, fields: 0, depth: 0 };
  const over = () => t.aliases > GRAPHQL_LIMITS.aliases || t.fields > GRAPHQL_LIMITS.fields || t.depth > GRAPHQL_LIMITS.depth;
  const visiting = new Set<string>(); // a fragment cycle is NoFragmentCyclesRule's to report; here it ends the walk
  const walk = (set: SelectionSetNode, depth: number, introspection: boolean): void => {
    for (const sel of set.selections) {
      if (over()) return;
      if (sel.kind === Kind.FIELD) {
        t.fields++;
        if (sel.alias) t.aliases++;
        const inside = introspection || sel.name.value.startsWith('__');
        const level = inside ? depth : depth + 1;
        if (level > t.depth) t.depth = level;
        if (sel.selectionSet) walk(sel.selectionSet, level, inside);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        walk(sel.selectionSet, depth, introspection);
      } else {
        const name = sel.name.value;
        const f = fragments.get(name);
        if (!f || visiting.has(name)) continue;
        visiting.add(name);
        walk(f.selectionSet, depth, introspection);
        visiting.delete(name);
      }
    }
  };
  walk(op.selectionSet, 0, false);
  return t;
}

export const graphqlLimitsRule: ValidationRule = (context: ValidationContext): ASTVisitor => {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of context.getDocument().definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  return {
    OperationDefinition(op) {
      const t = tally(op, fragments);
      const L = GRAPHQL_LIMITS;
      const problem =
        t.aliases > L.aliases ? `more than ${L.aliases} aliased fields` :
        t.depth > L.depth ? `fields nested more than ${L.depth} levels deep` :
        t.fields > L.fields ? `more than ${L.fields} field selections (fragments counted where they are spread)` :
        null;
      if (problem) context.reportError(new GraphQLError(`This request asks for too much: ${problem} in one operation. Split it into several requests.`, { nodes: op }));
      return false; // the walk above saw everything this rule needs
    },
  };
};

/** The rule as a preset plugin: grafserv validates every document with it (and caches the verdict). */
export const GraphqlLimitsPlugin: GraphileConfig.Plugin = {
  name: 'PodiumGraphqlLimitsPlugin',
  version: '1.0.0',
  grafserv: {
    middleware: {
      setPreset(next, event) {
        event.validationRules.push(graphqlLimitsRule);
        return next();
      },
    },
  },
};
