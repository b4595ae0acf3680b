-- projects members role: managers change the role of a person or team entry.

CREATE OR REPLACE FUNCTION app.set_project_member_role(p_project uuid, p_kind text, p_ref text, p_role text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  p app.projects;
  m app.project_members;
begin
  perform app_private.require_scope('hackathon:write');
  p := app_private.project_for(p_project, 'manager', true);
  perform app_private.check_project_role(p_role);
  m := app_private.project_entry(p.id, p_kind, p_ref);
  update app.project_members x set role = p_role where x.id = m.id returning * into m;
  return app_private.project_member_json(m);
end;
$function$;

comment on function app.set_project_member_role(p_project uuid, p_kind text, p_ref text, p_role text) is E'@shape app.project_member_entry\nprojects members role: managers change the role of a person or team entry.';
revoke all on function app.set_project_member_role(p_project uuid, p_kind text, p_ref text, p_role text) from public;
grant execute on function app.set_project_member_role(p_project uuid, p_kind text, p_ref text, p_role text) to public;
grant execute on function app.set_project_member_role(p_project uuid, p_kind text, p_ref text, p_role text) to podium_app;
