-- The freeze of a build end: build end + 15 minutes. The one place the grace period is written;
-- app.events.freeze_at is generated from it.

CREATE OR REPLACE FUNCTION app_private.freeze_of(p_build_ends_at timestamp with time zone)
 RETURNS timestamp with time zone
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select p_build_ends_at + interval '15 minutes' $function$;

comment on function app_private.freeze_of(p_build_ends_at timestamp with time zone) is 'The freeze of a build end: build end + 15 minutes. The one place the grace period is written; app.events.freeze_at is generated from it.';
revoke all on function app_private.freeze_of(p_build_ends_at timestamp with time zone) from public;
