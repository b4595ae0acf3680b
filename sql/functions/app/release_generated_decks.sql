-- decks release <projectId>: releases, per kind, the newest approved deck of the team's current
-- frozen evidence; the earlier release becomes superseded (organizer; vote section on). Refuses
-- project_not_found, not_approved (none approved, or the newest awaits review), evidence_replaced
-- and content_pinned (the vote pinned the released deck).

CREATE OR REPLACE FUNCTION app.release_generated_decks(p_project uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  cur text;
  k text;
  rel app_private.generated_decks;
  newest app_private.generated_decks;
  cand app_private.generated_decks;
  released jsonb := '[]';
  superseded jsonb := '[]';
  unchanged jsonb := '[]';
  team_name text;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  perform app_private.require_vote_on(ctx.event_id);
  select p.name into team_name from app.event_teams t join app.projects p on p.id = t.project_id
   where t.project_id = p_project and t.event_id = ctx.event_id;
  if team_name is null then
    perform app_private.fail('project_not_found', 'No such team in this event', jsonb_build_object('projectId', p_project));
  end if;
  -- One release at a time per team.
  perform 1 from app.event_teams t where t.project_id = p_project for update;
  cur := (select s.archive_sha256 from app.submissions s where s.project_id = p_project and s.state = 'frozen');
  foreach k in array array['jury', 'community'] loop
    rel := null; newest := null; cand := null;
    select * into rel from app_private.generated_decks g where g.project_id = p_project and g.kind = k and g.release = 'released';
    select * into newest from app_private.generated_decks g
     where g.project_id = p_project and g.kind = k and g.archive_sha256 = cur and g.invalidated_at is null
     order by g.created_at desc, g.version desc limit 1;
    if newest.id is null then
      if exists (select 1 from app_private.generated_decks g where g.project_id = p_project and g.kind = k
                  and (g.review = 'approved' or g.release = 'released') and g.invalidated_at is null) then
        perform app_private.fail('evidence_replaced',
          format('The %s deck of %s was made from evidence that is no longer its frozen submission: generate again (decks generate)', k, team_name),
          jsonb_build_object('kind', k, 'projectId', p_project));
      end if;
      perform app_private.fail('not_approved', format('%s has no approved %s deck of its current evidence to release', team_name, k),
        jsonb_build_object('kind', k, 'projectId', p_project));
    end if;
    if newest.review = 'pending' then
      perform app_private.fail('not_approved', format('The newest %s deck of %s (v%s) awaits review: decks review %s --approve', k, team_name, newest.version, newest.id),
        jsonb_build_object('kind', k, 'projectId', p_project, 'deckId', newest.id));
    end if;
    select * into cand from app_private.generated_decks g
     where g.project_id = p_project and g.kind = k and g.archive_sha256 = cur and g.invalidated_at is null and g.review = 'approved'
     order by g.created_at desc, g.version desc limit 1;
    if cand.id is null then
      perform app_private.fail('not_approved', format('%s has no approved %s deck of its current evidence to release', team_name, k),
        jsonb_build_object('kind', k, 'projectId', p_project));
    end if;
    if cand.id = rel.id then
      unchanged := unchanged || jsonb_build_object('kind', k, 'id', cand.id, 'version', cand.version);
      continue;
    end if;
    if rel.id is not null and app_private.generated_content_pinned(ctx.event_id) then
      perform app_private.fail('content_pinned', format('The released %s deck v%s of %s is pinned by the vote: it cannot be superseded', k, rel.version, team_name),
        jsonb_build_object('kind', k, 'deckId', rel.id));
    end if;
    if rel.id is not null then
      update app_private.generated_decks x set release = 'superseded' where x.id = rel.id;
      superseded := superseded || jsonb_build_object('kind', k, 'id', rel.id, 'version', rel.version);
    end if;
    update app_private.generated_decks x set release = 'released', released_at = app.now() where x.id = cand.id;
    released := released || jsonb_build_object('kind', k, 'id', cand.id, 'version', cand.version, 'viewKey', cand.job_id);
  end loop;
  return jsonb_build_object('team', jsonb_build_object('id', p_project, 'name', team_name),
    'released', released, 'superseded', superseded, 'unchanged', unchanged);
end;
$function$;

comment on function app.release_generated_decks(p_project uuid) is E'@shape app.generated_deck_release\ndecks release: releases the newest approved deck of each kind of the team''s current frozen evidence; the older release becomes superseded (organizer; vote section on). not_approved, content_pinned, evidence_replaced.';
revoke all on function app.release_generated_decks(p_project uuid) from public;
grant execute on function app.release_generated_decks(p_project uuid) to podium_app;
