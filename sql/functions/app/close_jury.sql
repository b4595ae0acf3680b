-- jury close: judging closes now by the server clock; before the opening it is jury_not_open;
-- closing a closed judging answers its status.
create or replace function app.close_jury() returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:write');
  s app.jury_settings := app_private.jury_settings_of(ctx.event_id, true);
  st text := app_private.jury_state(ctx.event_id);
begin
  if st = 'setup' then
    perform app_private.fail('jury_not_open', 'Judging is not open (jury open first)', jsonb_build_object('state', st));
  end if;
  if st = 'open' then
    update app.jury_settings x set closed_at = app.now(), closed_by = ctx.user_id, updated_at = now() where x.event_id = ctx.event_id;
    perform app_private.live_publish(ctx.event_id, 'jury.window', array['organizer', 'jury'], null, jsonb_build_object('state', 'closed', 'at', app_private.iso(app.now())));
  end if;
  return app.jury_status();
end;
$$;
comment on function app.close_jury() is E'@shape app.jury_window_status\njury close: closes judging now (server clock); jury_not_open before the opening.';
revoke all on function app.close_jury() from public;
grant execute on function app.close_jury() to podium_app;
