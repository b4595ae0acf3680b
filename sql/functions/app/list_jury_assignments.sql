-- jury assignments show: every assignment (juror, team, plan or by hand, score state), each
-- juror's load, and the teams short of k with why. Organizers only.
create or replace function app.list_jury_assignments() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:read');
  s app.jury_settings;
begin
  select * into s from app.jury_settings x where x.event_id = ctx.event_id;
  return jsonb_build_object(
    'perTeam', coalesce(s.per_team, 3), 'seed', coalesce(s.seed, 0), 'state', app_private.jury_state(ctx.event_id),
    'items', coalesce((select jsonb_agg(jsonb_build_object('juror', a.juror, 'projectId', a.project_id, 'team', p.name, 'source', a.source,
                         'scoreState', coalesce(sc.state, 'none')) order by a.juror, lower(p.name), a.project_id)
                       from app.jury_assignments a join app.projects p on p.id = a.project_id
                       left join app.jury_scores sc on sc.event_id = a.event_id and sc.juror = a.juror and sc.project_id = a.project_id
                      where a.event_id = ctx.event_id), '[]'),
    'jurors', coalesce((select jsonb_agg(jsonb_build_object('juror', q.juror, 'name', q.name, 'load', coalesce(l.n, 0)) order by q.juror)
                        from (select app_private.normalize_email(r.email) as juror, r.name from app.roster_entries r where r.event_id = ctx.event_id and r.role = 'jury') q
                        left join (select a.juror, count(*) as n from app.jury_assignments a where a.event_id = ctx.event_id group by a.juror) l on l.juror = q.juror), '[]'),
    'shortfall', app_private.jury_shortfall(ctx.event_id, coalesce(s.per_team, 3)));
end;
$$;
comment on function app.list_jury_assignments() is E'@shape app.jury_assignment_board\njury assignments show: assignments, loads per juror, and the teams short of k with why; organizers only.';
revoke all on function app.list_jury_assignments() from public;
grant execute on function app.list_jury_assignments() to podium_app;
