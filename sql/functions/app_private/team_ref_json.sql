-- An event team as a reference: its project's id and name.

CREATE OR REPLACE FUNCTION app_private.team_ref_json(p_project uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$ select jsonb_build_object('id', p.id, 'name', p.name) from app.projects p where p.id = p_project $function$;

revoke all on function app_private.team_ref_json(p_project uuid) from public;
