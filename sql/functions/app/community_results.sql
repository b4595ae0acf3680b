-- community results show: every results version, newest first, with rows, ties, coverage and
-- digest.

CREATE OR REPLACE FUNCTION app.community_results()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:read', true);
begin
  return jsonb_build_object('items', coalesce((select jsonb_agg(app_private.vote_result_json(r) order by r.version desc)
    from app.vote_results r where r.event_id = ctx.event_id), '[]'), 'nextCursor', null);
end;
$function$;

comment on function app.community_results() is E'@shape app.vote_results_history\ncommunity results show: every results version, newest first, with rows, ties, coverage and digest.';
revoke all on function app.community_results() from public;
grant execute on function app.community_results() to podium_app;
