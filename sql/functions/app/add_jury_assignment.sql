-- jury assignments add <juror> <team>: assigns by hand, before the close. A conflicted pair is
-- refused with jury_conflict naming the conflict.
create or replace function app.add_jury_assignment(p_juror text, p_team text) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:write');
  s app.jury_settings := app_private.jury_settings_of(ctx.event_id, true);
  j text := app_private.jury_juror(ctx.event_id, p_juror);
  pid uuid := app_private.jury_team(ctx.event_id, p_team);
  added boolean;
begin
  if app_private.jury_state(ctx.event_id) = 'closed' then
    perform app_private.fail('jury_closed', format('Judging closed at %s', app_private.iso(s.closed_at)), jsonb_build_object('closedAt', app_private.iso(s.closed_at)));
  end if;
  perform app_private.jury_refuse_conflict(ctx.event_id, j, pid);
  insert into app.jury_assignments (event_id, juror, project_id, source) values (ctx.event_id, j, pid, 'manual')
  on conflict (event_id, juror, project_id) do nothing;
  added := found;
  perform app_private.jury_publish_progress(ctx.event_id, pid);
  return jsonb_build_object('juror', j, 'projectId', pid, 'team', (select p.name from app.projects p where p.id = pid), 'added', added);
end;
$$;
comment on function app.add_jury_assignment(text, text) is E'@shape app.jury_assignment_added\njury assignments add: assigns a juror to a team by hand; jury_conflict naming the conflict, jury_closed after the close.';
revoke all on function app.add_jury_assignment(text, text) from public;
grant execute on function app.add_jury_assignment(text, text) to podium_app;
