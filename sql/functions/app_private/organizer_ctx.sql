-- The caller's event context once the credential holds p_scope and the caller organizes the
-- event.

CREATE OR REPLACE FUNCTION app_private.organizer_ctx(p_scope text)
 RETURNS app_private.event_ctx
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select app_private.role_ctx(p_scope, array['organizer'])
$function$;

comment on function app_private.organizer_ctx(p_scope text) is 'The caller''s event context once the credential holds p_scope and the caller organizes the event.';
revoke all on function app_private.organizer_ctx(p_scope text) from public;
