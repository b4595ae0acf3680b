-- Whether the hub account of this request is a member of the organization: the row-level security
-- rule by which an account reads its organizations, their members, teams and instances.

CREATE OR REPLACE FUNCTION hub_private.my_organization(p_org uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from hub.memberships m where m.organization_id = p_org and m.account_id = hub.current_account_id())
$function$;

revoke all on function hub_private.my_organization(p_org uuid) from public;
grant execute on function hub_private.my_organization(p_org uuid) to podium_hub;
