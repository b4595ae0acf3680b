-- projects members remove: managers remove anyone; anyone removes their own entry.

CREATE OR REPLACE FUNCTION app.remove_project_member(p_project uuid, p_kind text, p_ref text)
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
  p := app_private.project_for(p_project, 'viewer', true);
  m := app_private.project_entry(p.id, p_kind, p_ref);
  if m.user_id is distinct from app.current_user_id() then
    perform app_private.project_for(p_project, 'manager', false);
  end if;
  delete from app.project_members x where x.id = m.id;
  return app_private.project_member_json(m);
end;
$function$;

comment on function app.remove_project_member(p_project uuid, p_kind text, p_ref text) is E'@shape app.project_member_entry\nprojects members remove: managers remove anyone; anyone removes their own entry.';
revoke all on function app.remove_project_member(p_project uuid, p_kind text, p_ref text) from public;
grant execute on function app.remove_project_member(p_project uuid, p_kind text, p_ref text) to public;
grant execute on function app.remove_project_member(p_project uuid, p_kind text, p_ref text) to podium_app;
