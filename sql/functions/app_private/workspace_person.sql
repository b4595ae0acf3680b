-- A person named by email (anything with @) or user id, among the members of the workspace.

CREATE OR REPLACE FUNCTION app_private.workspace_person(p_ref text)
 RETURNS app.memberships
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  m app.memberships;
begin
  if p_ref like '%@%' then
    select x.* into m from app.memberships x join app.users u on u.id = x.user_id
      where x.workspace_id = app.current_workspace_id() and app_private.normalize_email(u.email) = app_private.normalize_email(p_ref);
  elsif p_ref ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' then
    select x.* into m from app.memberships x where x.workspace_id = app.current_workspace_id() and x.user_id = p_ref::uuid;
  end if;
  if m.user_id is null then
    perform app_private.fail('not_a_member', format('%s is not an active member of this workspace', p_ref), jsonb_build_object('person', p_ref));
  end if;
  return m;
end;
$function$;

revoke all on function app_private.workspace_person(p_ref text) from public;
