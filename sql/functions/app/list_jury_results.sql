-- jury results show: organizers every version, everyone else on the roster the released
-- ones; newest first.
create or replace function app.list_jury_results() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:read', array['organizer', 'jury', 'participant', 'advisor']);
begin
  return jsonb_build_object('state', app_private.jury_state(ctx.event_id), 'items', coalesce((
    select jsonb_agg(app_private.jury_result_json(r) order by r.version desc) from app.jury_results r
     where r.event_id = ctx.event_id and (ctx.role = 'organizer' or r.released_at is not null)), '[]'));
end;
$$;
comment on function app.list_jury_results() is E'@shape app.jury_result_list\njury results: the versions (organizers every one, others the released), newest first.';
revoke all on function app.list_jury_results() from public;
grant execute on function app.list_jury_results() to podium_app;
