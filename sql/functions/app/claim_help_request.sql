-- requests claim: an advisor takes the request (request_claimed when another holds it; your own
-- re-claim is a no-op; not when resolved).

CREATE OR REPLACE FUNCTION app.claim_help_request(p_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:write', array['advisor']);
  r app.help_requests := app_private.help_request_for(ctx, p_id, true);
begin
  if r.status = 'resolved' then
    perform app_private.fail('request_resolved', 'This help request is resolved; reopen it first', jsonb_build_object('requestId', r.id));
  end if;
  if r.claimed_by = ctx.user_id then
    return app_private.help_request_json(r); -- own re-claim: a no-op
  end if;
  if r.claimed_by is not null then
    perform app_private.fail('request_claimed', format('%s already claimed this help request', app_private.author_name(r.claimed_by)),
      jsonb_build_object('requestId', r.id, 'claimedBy', app_private.author_name(r.claimed_by)));
  end if;
  update app.help_requests x set status = 'claimed', claimed_by = ctx.user_id, claimed_at = app_private.ms(app.now()), updated_at = now()
    where x.id = r.id returning * into r;
  return app_private.help_request_changed(r);
end;
$function$;

comment on function app.claim_help_request(p_id uuid) is E'@shape app.help_request_card\nrequests claim: an advisor takes the request (request_claimed when another holds it; your own re-claim is a no-op; not when resolved).';
revoke all on function app.claim_help_request(p_id uuid) from public;
grant execute on function app.claim_help_request(p_id uuid) to podium_app;
