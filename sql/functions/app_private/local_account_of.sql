-- On the local code host, the account behind a username: that of the roster entry naming it in the
-- event that holds the repository; null if none.

CREATE OR REPLACE FUNCTION app_private.local_account_of(p_full_name text, p_login text)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select u.id from app_private.local_repositories lr
    join app.roster_entries x on x.event_id = lr.event_id and lower(x.github_login) = lower(p_login)
    join app.users u on app_private.normalize_email(u.email) = app_private.normalize_email(x.email)
   where lr.name_key = lower(p_full_name)
   limit 1
$function$;

revoke all on function app_private.local_account_of(p_full_name text, p_login text) from public;
