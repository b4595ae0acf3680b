-- Sets a hub account's default organization. Refuses workspace_not_found for an organization it is
-- not a member of.

CREATE OR REPLACE FUNCTION hub_private.set_default_organization(p_account uuid, p_org uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  o hub.organizations;
begin
  select o2.* into o from hub.organizations o2 join hub.memberships m on m.organization_id = o2.id
   where o2.id = p_org and m.account_id = p_account;
  if o.id is null then
    perform app_private.fail('workspace_not_found', format('No organization %s among yours', p_org));
  end if;
  update hub.accounts x set default_organization_id = o.id where x.id = p_account;
  return jsonb_build_object('id', o.id, 'name', o.name);
end;
$function$;

revoke all on function hub_private.set_default_organization(p_account uuid, p_org uuid) from public;
