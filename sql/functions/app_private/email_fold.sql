-- The compatibility fold of an address (trim, NFKC, lower): keys rate-limit buckets only, never
-- an identity.

CREATE OR REPLACE FUNCTION app_private.email_fold(p text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
 SET search_path TO ''
AS $function$ select pg_catalog.lower(normalize(pg_catalog.btrim(p), NFKC)) $function$;

comment on function app_private.email_fold(p text) is 'The compatibility fold of an address (trim, NFKC, lower): keys rate-limit buckets only, never an identity.';
revoke all on function app_private.email_fold(p text) from public;
