-- A push to a team repository on the local code host hears where it stands: its event's phase by
-- the server clock, freeze instant and branch, or null for any other repository. The git route
-- reads it before git http-backend so the post-receive hook tells a pusher in grace or after the
-- freeze (whose push is recorded late) instead of accepting it in silence.

CREATE OR REPLACE FUNCTION app_private.local_push_phase(p_full_name text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  e app.events;
begin
  select x.* into e
    from app_private.local_repositories r
    join app.team_repositories tr on tr.event_id = r.event_id and lower(tr.full_name) = r.name_key
    join app.events x on x.id = r.event_id
   where r.name_key = lower(p_full_name);
  if e.id is null then
    return null;
  end if;
  return jsonb_build_object('phase', app.events_phase(e), 'freezeAt', app_private.iso(e.freeze_at), 'branch', e.github_branch);
end;
$function$;

comment on function app_private.local_push_phase(p_full_name text) is 'For a team repository on the local code host: its event''s phase by the server clock, freeze instant and designated branch ({phase, freezeAt, branch}); null for any other repository (the template, one of no event). Read by the git route (owner pool) to tell a pusher in grace or after the freeze.';
revoke all on function app_private.local_push_phase(p_full_name text) from public;
