-- The jury's status for the caller: the window and criteria for everyone on the roster;
-- organizers also the progress (counts only); a juror also their own progress.
create or replace function app.jury_status() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:read', array['organizer', 'jury', 'participant', 'advisor']);
  s app.jury_settings;
  me text := app_private.jury_me(ctx.user_id);
  out_ jsonb;
begin
  select * into s from app.jury_settings x where x.event_id = ctx.event_id;
  out_ := jsonb_build_object('state', app_private.jury_state(ctx.event_id), 'openedAt', app_private.iso(s.opened_at), 'closedAt', app_private.iso(s.closed_at),
    'now', app_private.iso(app.now()), 'role', ctx.role,
    'released', exists (select 1 from app.jury_results r where r.event_id = ctx.event_id and r.released_at is not null));
  if ctx.role = 'organizer' then
    out_ := out_ || jsonb_build_object('progress', app_private.jury_progress_json(ctx.event_id));
  elsif ctx.role = 'jury' then
    out_ := out_ || jsonb_build_object('assigned', (select count(*) from app.jury_assignments a where a.event_id = ctx.event_id and a.juror = me),
      'submitted', (select count(*) from app.jury_scores x where x.event_id = ctx.event_id and x.juror = me and x.state = 'submitted'));
  end if;
  return out_;
end;
$$;
comment on function app.jury_status() is E'@shape app.jury_window_status\nThe judging window (state by the server clock); organizers get progress counts, a juror their own counts.';
revoke all on function app.jury_status() from public;
grant execute on function app.jury_status() to podium_app;
