-- Marks the session just opened as the pass's: pinned to its workspace, ending when the pass
-- expires or is revoked; counts the use.

CREATE OR REPLACE FUNCTION app_private.demo_pass_opened(p_pass uuid, p_session_hash bytea)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  d app_private.demo_passes;
begin
  update app_private.demo_passes x set uses = x.uses + 1, last_used_at = app.now() where x.id = p_pass returning * into d;
  update app_private.sessions s set expires_at = least(s.expires_at, d.expires_at), demo_pass_id = d.id where s.token_hash = p_session_hash;
  return jsonb_build_object('maxAgeSeconds', greatest(1, floor(extract(epoch from d.expires_at - app.now())))::int);
end;
$function$;

revoke all on function app_private.demo_pass_opened(p_pass uuid, p_session_hash bytea) from public;
