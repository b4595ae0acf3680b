// Stored function bodies as code: comments and string literals blanked out, so catalogue
// tests over pg_proc.prosrc match what runs, not what messages and comments say.

/** The body with its comments and string literals blanked out. */
export function code(body: string): string {
  return body
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/--[^\n]*/g, ' ');
}

/**
 * The body with its comments blanked out but its string literals kept, for rules whose
 * inline form is a set of literals (`role in ('owner', 'admin')`). One pass, so a `--` or
 * `/*` inside a literal stays a literal and a quote inside a comment starts none.
 */
export function codeWithLiterals(body: string): string {
  return body.replace(/'(?:[^']|'')*'|--[^\n]*|\/\*[\s\S]*?\*\//g, (m) => (m.startsWith("'") ? m : ' '));
}
