-- The roster file's rows, trimmed, 0-based n: github is the normalized username (null when
-- absent, empty or null), github_given whether the row carries the field at all (absent keeps the
-- stored one).

CREATE OR REPLACE FUNCTION app_private.roster_rows(p jsonb)
 RETURNS TABLE(n integer, email text, name text, role text, team text, github text, github_given boolean)
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select (o - 1)::int, trim(x ->> 'email'), nullif(trim(x ->> 'name'), ''), coalesce(x ->> 'role', 'participant'),
         nullif(trim(x ->> 'team'), ''), app_private.normalize_github_login(nullif(trim(x ->> 'github'), '')), x ? 'github'
  from jsonb_array_elements(p) with ordinality as r(x, o)
$function$;

comment on function app_private.roster_rows(p jsonb) is 'The roster file''s rows, trimmed, 0-based n: github is the normalized username (null when absent, empty or null), github_given whether the row carries the field at all (absent keeps the stored one).';
revoke all on function app_private.roster_rows(p jsonb) from public;
