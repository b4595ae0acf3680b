-- jury conflicts add <juror> <team>: declares a conflict of interest; an assignment of that
-- pair goes (with its draft), refused with jury_score_submitted when a score was submitted.
create or replace function app.add_jury_conflict(p_juror text, p_team text, p_reason text default null) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:write');
  j text := app_private.jury_juror(ctx.event_id, p_juror);
  pid uuid := app_private.jury_team(ctx.event_id, p_team);
begin
  perform app_private.jury_settings_of(ctx.event_id, true);
  if exists (select 1 from app.jury_scores s where s.event_id = ctx.event_id and s.juror = j and s.project_id = pid and s.state = 'submitted') then
    perform app_private.fail('jury_score_submitted', format('%s already submitted a score for %s; a conflict cannot be declared after it', j, p_team),
      jsonb_build_object('juror', j, 'projectId', pid));
  end if;
  insert into app.jury_conflicts (event_id, juror, project_id, reason, source, declared_by)
  values (ctx.event_id, j, pid, nullif(trim(p_reason), ''), 'declared', ctx.user_id)
  on conflict (event_id, juror, project_id) do update set reason = coalesce(excluded.reason, app.jury_conflicts.reason);
  delete from app.jury_scores s where s.event_id = ctx.event_id and s.juror = j and s.project_id = pid;
  delete from app.jury_assignments a where a.event_id = ctx.event_id and a.juror = j and a.project_id = pid;
  return app.list_jury_conflicts();
end;
$$;
comment on function app.add_jury_conflict(text, text, text) is E'@shape app.jury_conflict_list\njury conflicts add: declares a juror''s conflict with a team (the pair''s assignment and draft go); juror_not_found, team_not_found, jury_score_submitted.';
revoke all on function app.add_jury_conflict(text, text, text) from public;
grant execute on function app.add_jury_conflict(text, text, text) to podium_app;
