-- jury results release <n>: marks a version released (the roster then reads it).
create or replace function app.release_jury_results(p_version integer) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:write');
  r app.jury_results;
begin
  update app.jury_results x set released_at = coalesce(x.released_at, app.now()), released_by = coalesce(x.released_by, ctx.user_id)
   where x.event_id = ctx.event_id and x.version = p_version
  returning * into r;
  if r.id is null then
    perform app_private.fail('not_found', format('No jury results version %s', coalesce(p_version::text, 'null')), jsonb_build_object('version', p_version));
  end if;
  perform app_private.live_publish(ctx.event_id, 'jury.released', array['organizer', 'jury', 'participant', 'advisor'], null,
    jsonb_build_object('version', r.version, 'digest', left(r.digest, 12)));
  return app_private.jury_result_json(r);
end;
$$;
comment on function app.release_jury_results(integer) is E'@shape app.jury_result_version\njury results release: marks a jury results version released; not_found for an unknown version.';
revoke all on function app.release_jury_results(integer) from public;
grant execute on function app.release_jury_results(integer) to podium_app;
