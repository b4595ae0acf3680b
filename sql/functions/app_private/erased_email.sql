-- The tombstone of an account: never a real address (.invalid never resolves).

CREATE OR REPLACE FUNCTION app_private.erased_email(p_user uuid)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 'erased-' || p_user::text || '@erased.invalid' $function$;

revoke all on function app_private.erased_email(p_user uuid) from public;
