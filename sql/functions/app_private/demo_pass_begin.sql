-- Opening a demo pass from its token's hash (the demo route): locks the pass and answers its id and
-- user, or null when it no longer acts.

CREATE OR REPLACE FUNCTION app_private.demo_pass_begin(p_token_hash bytea)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  d app_private.demo_passes;
begin
  select * into d from app_private.demo_passes x where x.token_hash = p_token_hash for update;
  if app_private.demo_pass_acts(d) is not true then
    return null;
  end if;
  return jsonb_build_object('passId', d.id, 'userId', d.user_id);
end;
$function$;

revoke all on function app_private.demo_pass_begin(p_token_hash bytea) from public;
