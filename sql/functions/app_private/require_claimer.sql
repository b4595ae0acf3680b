-- An advisor acts on a help request only once they claimed it: request_claimed when another advisor
-- holds it, insufficient_event_role when nobody does. Other roles pass here (organizers, and the
-- team where the action allows it).

CREATE OR REPLACE FUNCTION app_private.require_claimer(ctx app_private.event_ctx, r app.help_requests)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if ctx.role <> 'advisor' or r.claimed_by = ctx.user_id then
    return;
  end if;
  if r.claimed_by is not null then
    perform app_private.fail('request_claimed', format('%s claimed this help request; only they or an organizer may do this', app_private.author_name(r.claimed_by)),
      jsonb_build_object('requestId', r.id, 'claimedBy', app_private.author_name(r.claimed_by)));
  end if;
  perform app_private.fail('insufficient_event_role', 'Only the advisor who claimed this help request may do this; claim it first',
    jsonb_build_object('role', ctx.role, 'needed', jsonb_build_array('claiming advisor', 'organizer')));
end;
$function$;

revoke all on function app_private.require_claimer(ctx app_private.event_ctx, r app.help_requests) from public;
