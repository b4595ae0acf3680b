-- projects update: name, description (null clears), metadata (replaces); editors and managers.

CREATE OR REPLACE FUNCTION app.update_project(p_project uuid, p_patch jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  p app.projects;
  k text;
begin
  perform app_private.require_scope('hackathon:write');
  p := app_private.project_for(p_project, 'editor', true);
  for k in select jsonb_object_keys(p_patch) loop
    if k not in ('name', 'description', 'metadata') then
      perform app_private.fail('invalid_input', format('%s is not a known field', k), jsonb_build_object('field', k));
    end if;
  end loop;
  if p_patch ? 'name' and jsonb_typeof(p_patch -> 'name') is distinct from 'string' then
    perform app_private.fail('invalid_input', 'name must be a string', '{"field":"name"}');
  end if;
  if jsonb_typeof(p_patch -> 'description') not in ('string', 'null') then
    perform app_private.fail('invalid_input', 'description must be a string or null', '{"field":"description"}');
  end if;
  perform app_private.check_project_fields(p_patch ->> 'name', p_patch ->> 'description', p_patch -> 'metadata');
  if p_patch ? 'name' then
    perform app_private.check_project_name_free(p_patch ->> 'name', p.id);
  end if;
  update app.projects x set
    name = case when p_patch ? 'name' then trim(p_patch ->> 'name') else x.name end,
    description = case when p_patch ? 'description' then nullif(p_patch ->> 'description', '') else x.description end,
    metadata = case when p_patch ? 'metadata' then p_patch -> 'metadata' else x.metadata end,
    updated_at = app.now()
  where x.id = p.id returning * into p;
  return app_private.project_json(p);
end;
$function$;

comment on function app.update_project(p_project uuid, p_patch jsonb) is E'@shape app.project_summary\nprojects update: name, description (null clears), metadata (replaces); editors and managers.';
revoke all on function app.update_project(p_project uuid, p_patch jsonb) from public;
grant execute on function app.update_project(p_project uuid, p_patch jsonb) to public;
grant execute on function app.update_project(p_project uuid, p_patch jsonb) to podium_app;
