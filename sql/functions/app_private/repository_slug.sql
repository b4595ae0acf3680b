-- A team's repository name in the organization: its name as a slug (GitHub's own rule:
-- runs of other characters become one hyphen).

CREATE OR REPLACE FUNCTION app_private.repository_slug(p_name text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select left(trim(both '-' from regexp_replace(lower(p_name), '[^a-z0-9._]+', '-', 'g')), 100) $function$;

revoke all on function app_private.repository_slug(p_name text) from public;
