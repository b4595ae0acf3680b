-- Operator CLI (podium hub org add): makes a hub organization on an instance behind this hub, with
-- the tools it offers. Refuses not_found for an unknown instance URL.

CREATE OR REPLACE FUNCTION hub_private.create_organization(p_name text, p_instance_url text, p_tools text[])
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  i hub.instances;
  o hub.organizations;
begin
  select * into i from hub.instances x where x.url = p_instance_url;
  if i.id is null then
    perform app_private.fail('not_found', format('No instance %s behind this hub', p_instance_url));
  end if;
  insert into hub.organizations (name, instance_id, tools) values (btrim(p_name), i.id, coalesce(p_tools, '{}')) returning * into o;
  return jsonb_build_object('id', o.id, 'name', o.name, 'instance', i.url, 'tools', to_jsonb(o.tools));
end;
$function$;

revoke all on function hub_private.create_organization(p_name text, p_instance_url text, p_tools text[]) from public;
