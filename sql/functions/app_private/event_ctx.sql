-- The caller's event context (app_private.event_ctx_or_null), refusing event_not_configured when
-- the workspace has no event and not_on_roster when the caller has no role in it.

CREATE OR REPLACE FUNCTION app_private.event_ctx()
 RETURNS app_private.event_ctx
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.event_ctx_or_null();
begin
  if ctx.event_id is null then
    perform app_private.fail('event_not_configured', 'This workspace has no event yet; an organizer creates it with event configure --expected-version 0');
  end if;
  if ctx.role is null then
    perform app_private.fail('not_on_roster', 'You are not on the roster of this event; ask an organizer to add you');
  end if;
  return ctx;
end;
$function$;

revoke all on function app_private.event_ctx() from public;
