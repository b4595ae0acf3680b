-- Operator CLI (podium hub member add): adds an email to a hub organization with a role, making the
-- account if needed; an existing member gets the new role. Refuses invalid_role and an unknown
-- organization.

CREATE OR REPLACE FUNCTION hub_private.add_organization_member(p_org text, p_email text, p_role text, p_name text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  o hub.organizations := hub_private.organization_ref(p_org);
  a jsonb;
begin
  if p_role not in ('owner', 'admin', 'member', 'guest') then
    perform app_private.fail('invalid_role', format('Role must be owner, admin, member or guest, got %s', p_role));
  end if;
  a := hub_private.ensure_account(p_email, p_name);
  insert into hub.memberships (organization_id, account_id, role) values (o.id, (a ->> 'id')::uuid, p_role)
    on conflict (organization_id, account_id) do update set role = excluded.role;
  update hub.accounts x set default_organization_id = o.id where x.id = (a ->> 'id')::uuid and x.default_organization_id is null;
  return a || jsonb_build_object('organizationId', o.id, 'role', p_role);
end;
$function$;

revoke all on function hub_private.add_organization_member(p_org text, p_email text, p_role text, p_name text) from public;
