-- community results release <version>: marks a results version released (participants and
-- advisors then read it); not_found for an unknown version.

CREATE OR REPLACE FUNCTION app.release_vote_results(p_version integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:write', true);
  r app.vote_results;
begin
  update app.vote_results x set released_at = coalesce(x.released_at, app.now()), released_by = coalesce(x.released_by, ctx.user_id)
   where x.event_id = ctx.event_id and x.version = p_version
  returning * into r;
  if r.id is null then
    perform app_private.fail('not_found', format('No results version %s', coalesce(p_version::text, 'null')), jsonb_build_object('version', p_version));
  end if;
  return app_private.vote_result_json(r);
end;
$function$;

comment on function app.release_vote_results(p_version integer) is E'@shape app.vote_results_version\ncommunity results release <version>: marks a results version released (participants and advisors then read it); not_found for an unknown version.';
revoke all on function app.release_vote_results(p_version integer) from public;
grant execute on function app.release_vote_results(p_version integer) to podium_app;
