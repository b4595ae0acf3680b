-- The gate of credential management: a signed-in browser session, never an API key
-- (key_not_allowed) nor a demo session (demo_session_refused: it acts for another person, so
-- nothing it made could outlive its pass). Every function that makes, ends or lists a credential
-- calls it first.

CREATE OR REPLACE FUNCTION app_private.require_session()
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if app.current_user_id() is null then
    perform app_private.fail('unauthorized', 'Sign in first');
  end if;
  if nullif(current_setting('app.key_id', true), '') is not null then
    perform app_private.fail('key_not_allowed', 'Keys are made and revoked from a browser session; API keys are refused here');
  end if;
  if app_private.demo_workspace() is not null then
    perform app_private.fail('demo_session_refused',
      'A demo session acts for another person and cannot manage keys, passwords, two-factor or sessions; sign in as yourself');
  end if;
end;
$function$;

revoke all on function app_private.require_session() from public;
