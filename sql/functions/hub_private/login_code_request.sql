-- Stores a new hub sign-in code's hash for an account (replacing the previous one) and enqueues its
-- mail with the code sealed. Answers the account, or null for an unknown address (no mail, the same
-- answer to the caller).

CREATE OR REPLACE FUNCTION hub_private.login_code_request(p_email text, p_code_hash bytea, p_sealed_code text)
 RETURNS uuid
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  a hub.accounts;
begin
  select * into a from hub.accounts x where app_private.normalize_email(x.email) = app_private.normalize_email(p_email);
  if a.id is null then
    return null; -- the same answer for every address; no mail for an unknown one
  end if;
  insert into hub_private.login_codes (account_id, code_hash, attempts, expires_at)
  values (a.id, p_code_hash, 0, app.now() + (app_private.login_code_policy()).lifetime)
  on conflict (account_id) do update set code_hash = excluded.code_hash, attempts = 0, expires_at = excluded.expires_at, created_at = now();
  perform graphile_worker.add_job('mail__send',
    jsonb_build_object('to', a.email, 'template', 'hub_login_code', 'sealedCode', p_sealed_code)::json,
    job_key => 'hub_login_code:' || a.id, max_attempts => 5);
  return a.id;
end;
$function$;

revoke all on function hub_private.login_code_request(p_email text, p_code_hash bytea, p_sealed_code text) from public;
