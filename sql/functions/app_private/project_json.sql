-- A project as JSON: fields, archived, whether a team of the event uses it, and the caller's role
-- on it.

CREATE OR REPLACE FUNCTION app_private.project_json(p app.projects)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object('id', p.id, 'name', p.name, 'description', p.description, 'metadata', p.metadata,
    'archived', p.archived_at is not null, 'archivedAt', app_private.iso(p.archived_at),
    'inEvent', exists (select 1 from app.event_teams t where t.project_id = p.id and t.left_at is null),
    'role', app_private.project_role_of(p.id),
    'createdAt', app_private.iso(p.created_at), 'updatedAt', app_private.iso(p.updated_at))
$function$;

revoke all on function app_private.project_json(p app.projects) from public;
