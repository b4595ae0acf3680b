-- jury criteria show: the criteria and the scale, for every role of the event.
create or replace function app.show_jury_criteria() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:read', array['organizer', 'jury', 'participant', 'advisor']);
begin
  return app_private.jury_criteria_json(ctx.event_id);
end;
$$;
comment on function app.show_jury_criteria() is E'@shape app.jury_criteria_sheet\njury criteria show: scale, criteria in order (name, description, weight), total weight, state.';
revoke all on function app.show_jury_criteria() from public;
grant execute on function app.show_jury_criteria() to podium_app;
