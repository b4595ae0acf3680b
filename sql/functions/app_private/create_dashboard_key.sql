-- Makes a key for the signed-in person from the dashboard (browser sessions only; the browser drew
-- the token and sends its sha256 and last four characters): a deck or hackathon key with a name of
-- 1 to 100 characters, pinned to the current workspace when asked. The six-argument form makes a
-- deck key.

CREATE OR REPLACE FUNCTION app_private.create_dashboard_key(p_token_hash bytea, p_last4 text, p_name text, p_scopes text[], p_expires_in_days integer, p_pin boolean)
 RETURNS jsonb
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$ select app_private.create_dashboard_key(p_token_hash, p_last4, p_name, 'deck', p_scopes, p_expires_in_days, p_pin) $function$;

comment on function app_private.create_dashboard_key(p_token_hash bytea, p_last4 text, p_name text, p_scopes text[], p_expires_in_days integer, p_pin boolean) is 'Makes a deck key for the signed-in person (the form before keys of both tools; see the seven-argument form).';
revoke all on function app_private.create_dashboard_key(p_token_hash bytea, p_last4 text, p_name text, p_scopes text[], p_expires_in_days integer, p_pin boolean) from public;
grant execute on function app_private.create_dashboard_key(p_token_hash bytea, p_last4 text, p_name text, p_scopes text[], p_expires_in_days integer, p_pin boolean) to podium_app;

CREATE OR REPLACE FUNCTION app_private.create_dashboard_key(p_token_hash bytea, p_last4 text, p_name text, p_tool text, p_scopes text[], p_expires_in_days integer, p_pin boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ws uuid;
  k jsonb;
begin
  perform app_private.require_session();
  if p_tool not in ('deck', 'hackathon') then
    perform app_private.fail('invalid_tool', format('Tool must be deck or hackathon, got %s', p_tool));
  end if;
  perform app_private.require_scope(case p_tool when 'deck' then 'presentations:write' else 'hackathon:write' end); -- sessions carry every scope
  if p_name is null or length(trim(p_name)) not between 1 and 100 or p_name ~ '[[:cntrl:]]' then
    perform app_private.fail('invalid_input', 'A key needs a name of 1 to 100 characters', jsonb_build_object('field', 'name'));
  end if;
  if p_token_hash is null or length(p_token_hash) <> 32 then
    perform app_private.fail('invalid_input', 'The key hash must be a sha256', jsonb_build_object('field', 'tokenHash'));
  end if;
  if coalesce(p_pin, false) then
    ws := app.current_workspace_id();
    if ws is null then
      perform app_private.fail('invalid_input', 'There is no current workspace to pin the key to', jsonb_build_object('field', 'pin'));
    end if;
  end if;
  k := app_private.create_api_key(app.current_user_id(), p_token_hash, p_tool, trim(p_name), coalesce(p_scopes, '{}'), ws, p_expires_in_days, 'dashboard');
  update app_private.api_keys x set last4 = p_last4 where x.id = (k ->> 'id')::uuid;
  return k || jsonb_build_object('last4', p_last4);
end;
$function$;

comment on function app_private.create_dashboard_key(p_token_hash bytea, p_last4 text, p_name text, p_tool text, p_scopes text[], p_expires_in_days integer, p_pin boolean) is 'Makes a deck (dk_) or hackathon (hck_) key for the signed-in person from the sha256 and last four characters of the secret the keys page drew (browser sessions only).';
revoke all on function app_private.create_dashboard_key(p_token_hash bytea, p_last4 text, p_name text, p_tool text, p_scopes text[], p_expires_in_days integer, p_pin boolean) from public;
grant execute on function app_private.create_dashboard_key(p_token_hash bytea, p_last4 text, p_name text, p_tool text, p_scopes text[], p_expires_in_days integer, p_pin boolean) to podium_app;
