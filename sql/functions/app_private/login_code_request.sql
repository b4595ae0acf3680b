-- Stores a new email sign-in code's hash for an account and tool (replacing the previous one,
-- attempts reset) and enqueues its mail with the code sealed. Answers the account's id, or null for
-- an unknown email (the caller answers the same either way, so existence does not leak).

CREATE OR REPLACE FUNCTION app_private.login_code_request(p_email text, p_tool text, p_code_hash bytea, p_sealed_code text)
 RETURNS uuid
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  u app.users;
begin
  select * into u from app.users x where app_private.normalize_email(x.email) = app_private.normalize_email(p_email);
  if u.id is null then
    return null;
  end if;
  insert into app_private.login_codes (user_id, tool, code_hash, attempts, expires_at)
  values (u.id, p_tool, p_code_hash, 0, app.now() + (app_private.login_code_policy()).lifetime)
  on conflict (user_id, tool) do update set code_hash = excluded.code_hash, attempts = 0,
    expires_at = excluded.expires_at, created_at = now();
  perform graphile_worker.add_job('mail__send',
    jsonb_build_object('to', u.email, 'template', 'login_code', 'tool', p_tool, 'sealedCode', p_sealed_code)::json,
    job_key => 'login_code:' || u.id || ':' || p_tool, max_attempts => 5);
  return u.id;
end;
$function$;

revoke all on function app_private.login_code_request(p_email text, p_tool text, p_code_hash bytea, p_sealed_code text) from public;
