-- jury assignments remove <juror> <team>: takes an assignment back with its draft; refused
-- (jury_score_submitted) once the juror submitted a score for that team.
create or replace function app.remove_jury_assignment(p_juror text, p_team text) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:write');
  s app.jury_settings := app_private.jury_settings_of(ctx.event_id, true);
  j text := app_private.jury_juror(ctx.event_id, p_juror);
  pid uuid := app_private.jury_team(ctx.event_id, p_team);
  removed boolean;
begin
  if exists (select 1 from app.jury_scores x where x.event_id = ctx.event_id and x.juror = j and x.project_id = pid and x.state = 'submitted') then
    perform app_private.fail('jury_score_submitted', format('%s already submitted a score for %s; the assignment stays', j, p_team),
      jsonb_build_object('juror', j, 'projectId', pid));
  end if;
  delete from app.jury_scores x where x.event_id = ctx.event_id and x.juror = j and x.project_id = pid;
  delete from app.jury_assignments a where a.event_id = ctx.event_id and a.juror = j and a.project_id = pid;
  removed := found;
  perform app_private.jury_publish_progress(ctx.event_id, pid);
  return jsonb_build_object('juror', j, 'projectId', pid, 'team', (select p.name from app.projects p where p.id = pid), 'removed', removed);
end;
$$;
comment on function app.remove_jury_assignment(text, text) is E'@shape app.jury_assignment_removed\njury assignments remove: takes an assignment and its draft back; jury_score_submitted after a submission.';
revoke all on function app.remove_jury_assignment(text, text) from public;
grant execute on function app.remove_jury_assignment(text, text) to podium_app;
