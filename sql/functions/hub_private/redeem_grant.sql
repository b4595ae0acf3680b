-- Redemption: the instance (by its secret) spends a grant once, for the token it came with.
-- Answers the account and its organizations on that instance (role, tools, teams) and its
-- default organization. Every refusal is hub_grant_invalid except an unknown instance secret.

CREATE OR REPLACE FUNCTION hub_private.redeem_grant(p_instance_secret_hash bytea, p_grant_hash bytea, p_jti uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  inst uuid;
  g hub_private.grants;
  a hub.accounts;
begin
  select s.instance_id into inst from hub_private.instance_secrets s where s.secret_hash = p_instance_secret_hash;
  if inst is null then
    perform app_private.fail('unauthorized', 'The hub does not know this instance secret (HUB_INSTANCE_SECRET)');
  end if;
  select * into g from hub_private.grants x where x.grant_hash = p_grant_hash for update;
  if g.id is null then
    perform app_private.fail('hub_grant_invalid', 'The hub never issued this grant');
  elsif g.instance_id <> inst then
    perform app_private.fail('hub_grant_invalid', 'This grant was issued for another instance');
  elsif g.jti <> p_jti then
    perform app_private.fail('hub_grant_invalid', 'This grant belongs to another token');
  elsif g.redeemed_at is not null then
    perform app_private.fail('hub_grant_invalid', 'This grant was already redeemed: a grant works once');
  elsif g.expires_at <= app.now() then
    perform app_private.fail('hub_grant_invalid', 'This grant has expired: exchange the hub login again');
  end if;
  update hub_private.grants x set redeemed_at = app.now() where x.id = g.id;
  select * into a from hub.accounts x where x.id = g.account_id;
  return jsonb_build_object(
    'account', jsonb_build_object('id', a.id, 'email', a.email, 'name', a.name),
    'tool', g.tool,
    'jti', g.jti,
    'defaultOrganizationId', a.default_organization_id,
    'organizations', coalesce((
      select jsonb_agg(jsonb_build_object('id', o.id, 'name', o.name, 'role', m.role, 'tools', to_jsonb(o.tools),
               'teams', coalesce((select jsonb_agg(jsonb_build_object('slug', t.slug, 'name', t.name,
                          'member', exists (select 1 from hub.team_members tm where tm.team_id = t.id and tm.account_id = a.id))
                          order by t.slug)
                        from hub.teams t where t.organization_id = o.id), '[]'))
             order by o.created_at, o.id)
        from hub.memberships m join hub.organizations o on o.id = m.organization_id
       where m.account_id = a.id and o.instance_id = inst), '[]'));
end;
$function$;

comment on function hub_private.redeem_grant(p_instance_secret_hash bytea, p_grant_hash bytea, p_jti uuid) is 'An instance spends a grant exactly once (its own, for the token it came with, before it expires) and learns the account and its organizations there.';
revoke all on function hub_private.redeem_grant(p_instance_secret_hash bytea, p_grant_hash bytea, p_jti uuid) from public;
