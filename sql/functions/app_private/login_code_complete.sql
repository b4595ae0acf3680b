-- The single-tool form of app_private.login_code_complete_tools, kept for its callers.

CREATE OR REPLACE FUNCTION app_private.login_code_complete(p_email text, p_tool text, p_code_hash bytea, p_key_hash bytea, p_key_name text, p_expires_in_days integer)
 RETURNS jsonb
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select case when r ? 'error' then r else jsonb_build_object('key', r -> 'keys' -> 0, 'user', r -> 'user') end
  from app_private.login_code_complete_tools(p_email, array[p_tool], p_code_hash, array[p_key_hash], array[p_key_name], p_expires_in_days) r
$function$;

comment on function app_private.login_code_complete(p_email text, p_tool text, p_code_hash bytea, p_key_hash bytea, p_key_name text, p_expires_in_days integer) is 'login_code_complete_tools for one tool, answering { key, user } (the shape before codes for several tools).';
revoke all on function app_private.login_code_complete(p_email text, p_tool text, p_code_hash bytea, p_key_hash bytea, p_key_name text, p_expires_in_days integer) from public;
