-- A deck as JSON: title, kind, metadata, current version, owner, notify, and the caller's role on
-- it.

CREATE OR REPLACE FUNCTION app_private.deck_json(d app.decks)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'id', d.id, 'title', d.title, 'kind', d.kind, 'interactive', d.interactive, 'metadata', d.metadata,
    'remixedFrom', d.remixed_from, 'version', d.current_version, 'workspaceId', d.workspace_id,
    'owner', (select jsonb_build_object('id', u.id, 'email', u.email, 'name', u.name) from app.users u where u.id = d.owner_id),
    'notify', d.notify, 'role', app_private.deck_role(d.id), 'createdAt', d.created_at, 'updatedAt', d.updated_at)
$function$;

revoke all on function app_private.deck_json(d app.decks) from public;
