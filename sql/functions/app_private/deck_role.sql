-- The caller's role on a deck in the current workspace: owner, admin (workspace owner or admin) or
-- collaborator; null if none or deleted. A collaboration reaches across workspaces except in a demo
-- session.

CREATE OR REPLACE FUNCTION app_private.deck_role(p_deck uuid)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return (select case
    when d.workspace_id = app.current_workspace_id() and m.role is not null and d.owner_id = app.current_user_id() then 'owner'
    when d.workspace_id = app.current_workspace_id() and app_private.is_admin_role(m.role) then 'admin'
    when exists (select 1 from app.deck_collaborators c where c.deck_id = d.id and c.user_id = app.current_user_id())
         and (d.workspace_id = app.current_workspace_id() or app_private.demo_workspace() is null) then 'collaborator'
  end
  from app.decks d
  left join app.memberships m on m.workspace_id = d.workspace_id and m.user_id = app.current_user_id()
  where d.id = p_deck and d.deleted_at is null);
end;
$function$;

revoke all on function app_private.deck_role(p_deck uuid) from public;
grant execute on function app_private.deck_role(p_deck uuid) to podium_app;
