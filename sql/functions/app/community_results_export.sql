-- The counted ballots of a results version without voter identity or ballot id, in the
-- canonical order, with the candidates: what podium vote recount reads. Organizers export
-- any version; participants and advisors a released one.

CREATE OR REPLACE FUNCTION app.community_results_export(p_version integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:read', false);
  r app.vote_results;
  ids uuid[];
  ev integer;
begin
  select * into r from app.vote_results x where x.event_id = ctx.event_id and x.version = p_version
    and (ctx.role = 'organizer' or x.released_at is not null);
  if r.id is null then
    perform app_private.fail('not_found', format('No results version %s', coalesce(p_version::text, 'null')), jsonb_build_object('version', p_version));
  end if;
  select x.ballot_ids into ids from app_private.vote_result_ballots x where x.result_id = r.id;
  select v.version into ev from app.vote_eligibility v where v.id = r.eligibility_id;
  return jsonb_build_object(
    'format', 'podium-vote-ballots/1',
    'eligibilityVersion', ev,
    'resultVersion', r.version,
    'digest', left(r.digest, 12),
    'candidates', coalesce((select jsonb_agg(jsonb_build_object('projectId', c.project_id, 'name', c.name) order by lower(c.name), c.project_id)
                   from app.vote_candidates c where c.eligibility_id = r.eligibility_id and c.included), '[]'),
    'ballots', coalesce((select jsonb_agg(to_jsonb(q.ranking) order by q.l collate "C")
                   from (select b.ranking, b.ranking_line || '' as l from unnest(ids) x(id) join app.vote_ballots b on b.id = x.id) q), '[]'));
end;
$function$;

comment on function app.community_results_export(p_version integer) is E'@shape app.vote_results_export\nThe counted ballots of a results version (rankings only: no voter, no ballot id) in canonical order, with the candidates; what podium vote recount reads.';
revoke all on function app.community_results_export(p_version integer) from public;
grant execute on function app.community_results_export(p_version integer) to podium_app;
