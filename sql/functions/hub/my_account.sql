-- What an account reads about itself (as podium_hub, under row-level security).

CREATE OR REPLACE FUNCTION hub.my_account()
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
  select jsonb_build_object(
    'id', a.id, 'email', a.email, 'name', a.name, 'twoFactor', a.two_factor_enabled,
    'defaultOrganizationId', a.default_organization_id,
    'organizations', coalesce((
      select jsonb_agg(jsonb_build_object('id', o.id, 'name', o.name, 'role', m.role, 'tools', to_jsonb(o.tools),
               'instance', jsonb_build_object('url', i.url, 'name', i.name)) order by lower(o.name), o.id)
        from hub.memberships m join hub.organizations o on o.id = m.organization_id join hub.instances i on i.id = o.instance_id
       where m.account_id = a.id), '[]'))
  from hub.accounts a where a.id = hub.current_account_id()
$function$;

comment on function hub.my_account() is 'The signed-in hub account, its organizations (role, tools, instance) and its default organization.';
revoke all on function hub.my_account() from public;
grant execute on function hub.my_account() to podium_hub;
