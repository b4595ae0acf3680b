-- The verdict on every refused emailed code (a wrong one, never sent, expired, used up, or an
-- address with no account): the same answer whatever the reason.

CREATE OR REPLACE FUNCTION app_private.login_code_expired(p_renew text)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select jsonb_build_object('error', 'invalid_code', 'message', format('The code is wrong or has expired; %s a new one', p_renew)) $function$;

comment on function app_private.login_code_expired(p_renew text) is 'The verdict on every refused emailed code (a wrong one, never sent, expired, used up, or an address with no account): the same answer whatever the reason.';
revoke all on function app_private.login_code_expired(p_renew text) from public;
