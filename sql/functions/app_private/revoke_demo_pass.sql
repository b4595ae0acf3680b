-- demo revoke: idempotent; ends every session the pass opened.

CREATE OR REPLACE FUNCTION app_private.revoke_demo_pass(p_pass uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d app_private.demo_passes;
  ended int;
begin
  perform app_private.require_owner_or_admin('revokes demo passes');
  update app_private.demo_passes x set revoked_at = coalesce(x.revoked_at, app.now())
    where x.id = p_pass and x.workspace_id = app.current_workspace_id() returning * into d;
  if d.id is null then
    perform app_private.fail('demo_pass_not_found', format('No demo pass %s in this workspace', p_pass));
  end if;
  with gone as (delete from app_private.sessions s where s.demo_pass_id = d.id returning 1)
  select count(*) into ended from gone;
  return jsonb_build_object('id', d.id, 'revokedAt', app_private.iso(d.revoked_at), 'sessionsEnded', ended);
end;
$function$;

revoke all on function app_private.revoke_demo_pass(p_pass uuid) from public;
grant execute on function app_private.revoke_demo_pass(p_pass uuid) to podium_app;
