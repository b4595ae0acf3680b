-- The verdict on a wrong two-factor code at the hub, after the emailed code was right:
-- invalid_code with attemptsLeft (0: the caller deletes the code). A wrong emailed code never
-- gets it (login_code_expired). p_renew words the advice: request or ask for.

CREATE OR REPLACE FUNCTION app_private.login_code_miss(p_attempts_before integer, p_what text, p_renew text)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  left_ int := greatest((app_private.login_code_policy()).attempts - p_attempts_before - 1, 0);
begin
  if left_ = 0 then
    return jsonb_build_object('error', 'invalid_code',
      'message', format('%s, and that was the last attempt; %s a new code', p_what, p_renew), 'attemptsLeft', 0);
  end if;
  return jsonb_build_object('error', 'invalid_code', 'message', format('%s; %s attempt(s) left', p_what, left_), 'attemptsLeft', left_);
end;
$function$;

comment on function app_private.login_code_miss(p_attempts_before integer, p_what text, p_renew text) is 'The verdict on a wrong two-factor code at the hub, after the emailed code was right: invalid_code with attemptsLeft (0: the caller deletes the code). A wrong emailed code never gets it (login_code_expired). p_renew words the advice: request or ask for.';
revoke all on function app_private.login_code_miss(p_attempts_before integer, p_what text, p_renew text) from public;
