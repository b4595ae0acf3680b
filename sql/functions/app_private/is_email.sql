-- Whether a text looks like one email address: one @, no spaces, at most 320 characters.

CREATE OR REPLACE FUNCTION app_private.is_email(p text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select p is not null and p ~ '^[^@\s]+@[^@\s]+$' and length(p) <= 320 $function$;

revoke all on function app_private.is_email(p text) from public;
