-- A hub organization by id or name (case-insensitive; the oldest of a name). Refuses not_found.

CREATE OR REPLACE FUNCTION hub_private.organization_ref(p_ref text)
 RETURNS hub.organizations
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  o hub.organizations;
begin
  if p_ref ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' then
    select * into o from hub.organizations x where x.id = p_ref::uuid;
  end if;
  if o.id is null then
    select * into o from hub.organizations x where lower(x.name) = lower(btrim(p_ref)) order by x.created_at limit 1;
  end if;
  if o.id is null then
    perform app_private.fail('not_found', format('No organization %s on this hub', p_ref));
  end if;
  return o;
end;
$function$;

revoke all on function hub_private.organization_ref(p_ref text) from public;
