-- requests reopen: a team member, the claiming advisor or an organizer opens a resolved request
-- again; the claim is cleared.

CREATE OR REPLACE FUNCTION app.reopen_help_request(p_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:write', array['participant', 'advisor', 'organizer']);
  r app.help_requests := app_private.help_request_for(ctx, p_id, true);
begin
  perform app_private.require_claimer(ctx, r);
  if r.status <> 'resolved' then
    return app_private.help_request_json(r);
  end if;
  update app.help_requests x set status = 'open', claimed_by = null, claimed_at = null, resolved_at = null, resolved_by = null, updated_at = now()
    where x.id = r.id returning * into r;
  return app_private.help_request_changed(r);
end;
$function$;

comment on function app.reopen_help_request(p_id uuid) is E'@shape app.help_request_card\nrequests reopen: a team member, the claiming advisor or an organizer opens a resolved request again; the claim is cleared.';
revoke all on function app.reopen_help_request(p_id uuid) from public;
grant execute on function app.reopen_help_request(p_id uuid) to podium_app;
