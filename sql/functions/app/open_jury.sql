-- jury open: judging opens now by the server clock. Needs criteria (jury_no_criteria) and
-- assignments (jury_no_assignments); a closed judging does not open again (jury_closed);
-- opening an open judging answers its status.
create or replace function app.open_jury() returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:write');
  s app.jury_settings := app_private.jury_settings_of(ctx.event_id, true);
  st text := app_private.jury_state(ctx.event_id);
begin
  if st = 'closed' then
    perform app_private.fail('jury_closed', format('Judging closed at %s; it does not open again', app_private.iso(s.closed_at)), jsonb_build_object('closedAt', app_private.iso(s.closed_at)));
  end if;
  if st = 'setup' then
    if not exists (select 1 from app.jury_criteria c where c.event_id = ctx.event_id) then
      perform app_private.fail('jury_no_criteria', 'Set the criteria first (jury criteria set --file criteria.json)');
    end if;
    if not exists (select 1 from app.jury_assignments a where a.event_id = ctx.event_id) then
      perform app_private.fail('jury_no_assignments', 'Assign jurors first (jury assign)');
    end if;
    update app.jury_settings x set opened_at = app.now(), opened_by = ctx.user_id, updated_at = now() where x.event_id = ctx.event_id;
    perform app_private.live_publish(ctx.event_id, 'jury.window', array['organizer', 'jury'], null, jsonb_build_object('state', 'open', 'at', app_private.iso(app.now())));
  end if;
  return app.jury_status();
end;
$$;
comment on function app.open_jury() is E'@shape app.jury_window_status\njury open: opens judging now (server clock); jury_no_criteria, jury_no_assignments, jury_closed.';
revoke all on function app.open_jury() from public;
grant execute on function app.open_jury() to podium_app;
