-- requests unclaim: the claiming advisor or an organizer lets the request go (not when resolved).

CREATE OR REPLACE FUNCTION app.unclaim_help_request(p_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:write', array['advisor', 'organizer']);
  r app.help_requests := app_private.help_request_for(ctx, p_id, true);
begin
  if r.status = 'resolved' then
    perform app_private.fail('request_resolved', 'This help request is resolved; reopen it first', jsonb_build_object('requestId', r.id));
  end if;
  if r.claimed_by is null and r.status = 'open' then
    return app_private.help_request_json(r); -- nobody holds it: a no-op
  end if;
  perform app_private.require_claimer(ctx, r);
  update app.help_requests x set status = 'open', claimed_by = null, claimed_at = null, updated_at = now()
    where x.id = r.id returning * into r;
  return app_private.help_request_changed(r);
end;
$function$;

comment on function app.unclaim_help_request(p_id uuid) is E'@shape app.help_request_card\nrequests unclaim: the claiming advisor or an organizer lets the request go (not when resolved).';
revoke all on function app.unclaim_help_request(p_id uuid) from public;
grant execute on function app.unclaim_help_request(p_id uuid) to podium_app;
