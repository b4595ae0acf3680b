-- Every workspace the caller belongs to, with role and whether it is the default (a demo session:
-- only the workspace of its pass).

CREATE OR REPLACE FUNCTION app.my_workspaces()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return (select coalesce(jsonb_agg(jsonb_build_object('id', w.id, 'name', w.name, 'organizationId', w.organization_id,
           'role', m.role, 'isDefault', u.default_workspace_id is not distinct from w.id) order by lower(w.name)), '[]')
  from app.memberships m
  join app.workspaces w on w.id = m.workspace_id
  join app.users u on u.id = m.user_id
  where m.user_id = app.current_user_id()
    and w.id = coalesce((select app_private.demo_workspace()), w.id));
end;
$function$;

comment on function app.my_workspaces() is E'@shape app.workspace_membership[]\nEvery workspace the caller belongs to, with role and whether it is the default (a demo session: only the workspace of its pass).';
revoke all on function app.my_workspaces() from public;
grant execute on function app.my_workspaces() to public;
grant execute on function app.my_workspaces() to podium_app;
