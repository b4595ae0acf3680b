-- event status: phase, server time, the five deadlines, the actual vote close (voteClosedAt,
-- after an early close), the newest released result, your role and team, and team submission
-- states.

CREATE OR REPLACE FUNCTION app.event_status()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  e app.events;
  rec jsonb;
begin
  perform app_private.require_scope('hackathon:read');
  ctx := app_private.event_ctx();
  select * into e from app.events x where x.id = ctx.event_id;
  rec := app_private.event_json(e);
  return jsonb_build_object(
    'name', e.name, 'version', e.version, 'timezone', e.timezone, 'phase', rec -> 'phase', 'serverTime', rec -> 'serverTime',
    'startsAt', rec -> 'startsAt', 'buildEndsAt', rec -> 'buildEndsAt', 'freezeAt', rec -> 'freezeAt',
    'voteOpensAt', rec -> 'voteOpensAt', 'voteClosesAt', rec -> 'voteClosesAt',
    'voteClosedAt', app_private.iso(e.voting_closed_at),
    'resultsReleased', (select jsonb_build_object('version', r.version, 'releasedAt', app_private.iso(r.released_at))
                          from app.vote_results r where r.event_id = e.id and r.released_at is not null
                         order by r.released_at desc, r.version desc limit 1),
    'voteSection', rec -> 'voteSection', 'notices', rec -> 'notices',
    'role', ctx.role,
    'team', (select jsonb_build_object('id', p.id, 'name', p.name) from app.projects p where p.id = ctx.team_id),
    'teams', coalesce((
      select jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'state', app.event_teams_submission_state(t)) order by lower(p.name))
      from app.event_teams t join app.projects p on p.id = t.project_id
      where t.event_id = e.id and t.left_at is null
        and (ctx.role = 'organizer' or (ctx.role = 'participant' and t.project_id = ctx.team_id))), '[]'));
end;
$function$;

comment on function app.event_status() is E'@shape app.event_status_board\nevent status: phase, server time, the five deadlines, the actual vote close (voteClosedAt, after an early close), the newest released result, your role and team, and team submission states.';
revoke all on function app.event_status() from public;
grant execute on function app.event_status() to public;
grant execute on function app.event_status() to podium_app;
