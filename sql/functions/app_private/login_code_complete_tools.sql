-- Spends the emailed code asked for the set p_tools (stored as the tools sorted and joined by +)
-- and makes one key per tool, in the order given, each with its tool's two scopes: { keys: [...],
-- user } or { error, message } (invalid_code, two_factor_required). One code, one spending: a
-- second call with it is invalid_code.

CREATE OR REPLACE FUNCTION app_private.login_code_complete_tools(p_email text, p_tools text[], p_code_hash bytea, p_key_hashes bytea[], p_key_names text[], p_expires_in_days integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  u app.users;
  spent jsonb;
  code_tool text;
  keys jsonb := '[]'::jsonb;
  i integer;
begin
  -- The route's arrays: one hash and one name per tool, each tool once.
  if (cardinality(p_tools) between 1 and 2
      and p_tools <@ array['deck', 'hackathon']
      and cardinality(p_key_hashes) = cardinality(p_tools)
      and cardinality(p_key_names) = cardinality(p_tools)
      and (select count(distinct t) from unnest(p_tools) t) = cardinality(p_tools)) is not true then
    perform app_private.fail('invalid_tool', format('Tools must be deck and/or hackathon, each once, with one key each; got %s', array_to_string(p_tools, ',')));
  end if;
  select string_agg(t, '+' order by t) into code_tool from unnest(p_tools) t;
  spent := app_private.login_code_spend(p_email, code_tool, p_code_hash, 'request');
  if spent ? 'error' then
    return spent;
  end if;
  select * into u from app.users x where x.id = (spent ->> 'userId')::uuid;
  if u.two_factor_enabled then
    return jsonb_build_object('error', 'two_factor_required',
      'message', 'This account uses two-factor authentication: sign in in the browser and create a key in the dashboard');
  end if;
  for i in 1 .. cardinality(p_tools) loop
    keys := keys || jsonb_build_array(
      app_private.create_api_key(u.id, p_key_hashes[i], p_tools[i], p_key_names[i], null, null, p_expires_in_days, 'email_code'));
  end loop;
  return jsonb_build_object('keys', keys, 'user', jsonb_build_object('id', u.id, 'email', u.email, 'name', u.name));
end;
$function$;

comment on function app_private.login_code_complete_tools(p_email text, p_tools text[], p_code_hash bytea, p_key_hashes bytea[], p_key_names text[], p_expires_in_days integer) is 'Spends the emailed code asked for the set p_tools (stored as the tools sorted and joined by +) and makes one key per tool, in the order given, each with its tool''s two scopes: { keys: [...], user } or { error, message } (invalid_code, two_factor_required). One code, one spending: a second call with it is invalid_code.';
revoke all on function app_private.login_code_complete_tools(p_email text, p_tools text[], p_code_hash bytea, p_key_hashes bytea[], p_key_names text[], p_expires_in_days integer) from public;
