-- Records that a live GitHub installation (read with the app JWT) is the event's, on its
-- first verification. Answers held, or taken when another event verified it first.

CREATE OR REPLACE FUNCTION app_private.hold_github_installation(p_event uuid, p_login text, p_installation bigint)
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  insert into app_private.github_installations (installation_id, login, event_id) values (p_installation, p_login, p_event)
  on conflict (installation_id) do update set login = excluded.login, verified_at = now()
    where app_private.github_installations.event_id = excluded.event_id;
  return app_private.github_installation_standing(p_event, p_installation);
end;
$function$;

revoke all on function app_private.hold_github_installation(p_event uuid, p_login text, p_installation bigint) from public;
