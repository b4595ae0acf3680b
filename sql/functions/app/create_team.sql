-- teams create: owners and admins.

CREATE OR REPLACE FUNCTION app.create_team(p_slug text, p_name text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t app.teams;
begin
  perform app_private.require_scope('hackathon:write');
  perform app_private.require_owner_or_admin('manages teams');
  if p_slug is null or p_name is null then
    perform app_private.fail('invalid_input', 'slug and name are required', jsonb_build_object('field', case when p_slug is null then 'slug' else 'name' end));
  end if;
  perform app_private.check_team_fields(p_slug, p_name);
  if exists (select 1 from app.teams x where x.workspace_id = app.current_workspace_id() and x.slug = p_slug) then
    perform app_private.fail('slug_taken', format('The slug %s is already used by a team of this workspace', p_slug));
  end if;
  insert into app.teams (workspace_id, slug, name, created_at) values (app.current_workspace_id(), p_slug, trim(p_name), app_private.ms(app.now()))
    returning * into t;
  return app_private.team_json(t);
end;
$function$;

comment on function app.create_team(p_slug text, p_name text) is E'@shape app.workspace_team\nteams create: owners and admins.';
revoke all on function app.create_team(p_slug text, p_name text) from public;
grant execute on function app.create_team(p_slug text, p_name text) to public;
grant execute on function app.create_team(p_slug text, p_name text) to podium_app;
