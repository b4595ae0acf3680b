-- community eligibility show: candidates (included or excluded, member count, confirmed,
-- readiness), voters, the locked version or the draft, roster lock.

CREATE OR REPLACE FUNCTION app.community_eligibility()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:read', true);
begin
  return app_private.vote_eligibility_json(ctx.event_id);
end;
$function$;

comment on function app.community_eligibility() is E'@shape app.vote_eligibility_overview\ncommunity eligibility show: candidates (included or excluded, member count, confirmed, readiness), voters, the locked version or the draft, roster lock.';
revoke all on function app.community_eligibility() from public;
grant execute on function app.community_eligibility() to podium_app;
