-- True when the caller is an instance operator in a browser session of their own (not a key, not
-- a demo pass): who reads the outbox on the web.

CREATE OR REPLACE FUNCTION app_private.is_instance_operator()
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1
      from app_private.instance_operators o
      join app_private.sessions s on s.user_id = o.user_id
     where o.user_id = app.current_user_id()
       and s.id = nullif(pg_catalog.current_setting('app.session_id', true), '')::uuid
       and s.demo_pass_id is null
       and s.expires_at > pg_catalog.now())
$function$;

comment on function app_private.is_instance_operator() is 'True when the caller is an instance operator in a browser session of their own (not a key, not a demo pass): who reads the outbox on the web.';
revoke all on function app_private.is_instance_operator() from public;
grant execute on function app_private.is_instance_operator() to podium_app;
