-- Counts a failed attempt on an account's hub sign-in code; the last allowed attempt deletes the
-- code. Answers the verdict (attempts left) as app_private.login_code_miss words it.

CREATE OR REPLACE FUNCTION hub_private.login_code_strike(p_account uuid, p_what text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  before int;
  verdict jsonb;
begin
  select x.attempts into before from hub_private.login_codes x where x.account_id = p_account for update;
  -- No code left (spent by a parallel attempt): as good as the last one.
  verdict := app_private.login_code_miss(coalesce(before, (app_private.login_code_policy()).attempts), p_what, 'request');
  if (verdict ->> 'attemptsLeft')::int = 0 then
    delete from hub_private.login_codes x where x.account_id = p_account;
  else
    update hub_private.login_codes x set attempts = x.attempts + 1 where x.account_id = p_account;
  end if;
  return verdict;
end;
$function$;

revoke all on function hub_private.login_code_strike(p_account uuid, p_what text) from public;
