-- Claims an organization of the local host for an event; a name another event holds (in any
-- letter case) is refused organization_taken.

CREATE OR REPLACE FUNCTION app_private.claim_local_organization(p_event uuid, p_login text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  insert into app_private.local_organizations (login_key, login, event_id) values (lower(p_login), p_login, p_event)
  on conflict (login_key) do nothing;
  if app_private.local_organization_standing(p_event, p_login) <> 'held' then
    perform app_private.fail('organization_taken',
      format('The organization %s is already used by another workspace on this code host (names are case-insensitive); choose another organization name', p_login),
      jsonb_build_object('organization', p_login));
  end if;
end;
$function$;

revoke all on function app_private.claim_local_organization(p_event uuid, p_login text) from public;
