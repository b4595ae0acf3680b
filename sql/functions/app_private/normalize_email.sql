-- The identity of an address (trim, ASCII A-Z lower-cased, every other character as typed): every
-- account match uses it; never a compatibility fold.

CREATE OR REPLACE FUNCTION app_private.normalize_email(p text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
 SET search_path TO ''
AS $function$ select pg_catalog.translate(pg_catalog.btrim(p), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') $function$;

comment on function app_private.normalize_email(p text) is 'The identity of an address (trim, ASCII A-Z lower-cased, every other character as typed): every account match uses it; never a compatibility fold.';
revoke all on function app_private.normalize_email(p text) from public;
grant execute on function app_private.normalize_email(p text) to podium_app;
