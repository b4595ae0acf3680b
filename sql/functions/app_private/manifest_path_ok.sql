-- Manifest path rules (core/wire/deck-paths.ts is the same rule for clients and the edge):
-- relative, `/`-separated, no empty, `.` or `..` segment, no backslash, NUL or control
-- character, no dot-prefixed segment, node_modules, Thumbs.db, package.json or lockfile.

CREATE OR REPLACE FUNCTION app_private.manifest_path_ok(p text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select p is not null and length(p) between 1 and 1024
    and p !~ '[[:cntrl:]]' and position(E'\\' in p) = 0
    and p !~ '^/' and p !~ '^[A-Za-z]:'
    and not exists (
      select 1 from unnest(string_to_array(p, '/')) s
      where s = '' or s like '.%' or s in ('node_modules', 'Thumbs.db', 'package.json',
        'package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lockb', 'bun.lock',
        'deno.lock', 'composer.lock', 'Gemfile.lock', 'Cargo.lock', 'poetry.lock', 'Pipfile.lock', 'uv.lock', 'go.sum')
    )
$function$;

revoke all on function app_private.manifest_path_ok(p text) from public;
