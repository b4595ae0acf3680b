-- A code-host login as GitHub allows it: letters, digits, single hyphens (not first or
-- last), at most 39 characters. A leading @ is dropped before the check.

CREATE OR REPLACE FUNCTION app_private.normalize_github_login(p text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when l ~ '^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$' and length(l) <= 39 then l end
  from (select regexp_replace(coalesce(p, ''), '^@', '') as l) x
$function$;

revoke all on function app_private.normalize_github_login(p text) from public;
