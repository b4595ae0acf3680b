-- Operator CLI (podium hub org tools): sets the tools a hub organization offers.

CREATE OR REPLACE FUNCTION hub_private.set_organization_tools(p_org text, p_tools text[])
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  o hub.organizations := hub_private.organization_ref(p_org);
begin
  update hub.organizations x set tools = coalesce(p_tools, '{}') where x.id = o.id returning * into o;
  return jsonb_build_object('id', o.id, 'name', o.name, 'tools', to_jsonb(o.tools));
end;
$function$;

revoke all on function hub_private.set_organization_tools(p_org text, p_tools text[]) from public;
