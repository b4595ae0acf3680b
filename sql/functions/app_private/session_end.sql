-- Ends (deletes) one browser session: sign-out. Answers whether it existed.

CREATE OR REPLACE FUNCTION app_private.session_end(p_session uuid)
 RETURNS boolean
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  with gone as (delete from app_private.sessions s where s.id = p_session returning 1)
  select exists (select 1 from gone)
$function$;

comment on function app_private.session_end(p_session uuid) is 'Ends (deletes) one browser session: sign-out. Answers whether it existed.';
revoke all on function app_private.session_end(p_session uuid) from public;
