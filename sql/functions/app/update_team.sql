-- teams update: slug and name; owners and admins; hub teams change on the hub.

CREATE OR REPLACE FUNCTION app.update_team(p_team text, p_slug text, p_name text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t app.teams := app_private.team_for_change(p_team);
begin
  perform app_private.check_team_fields(p_slug, p_name);
  if p_slug is not null and exists (select 1 from app.teams x where x.workspace_id = t.workspace_id and x.slug = p_slug and x.id <> t.id) then
    perform app_private.fail('slug_taken', format('The slug %s is already used by a team of this workspace', p_slug));
  end if;
  update app.teams x set slug = coalesce(p_slug, x.slug), name = coalesce(trim(p_name), x.name) where x.id = t.id returning * into t;
  return app_private.team_json(t);
end;
$function$;

comment on function app.update_team(p_team text, p_slug text, p_name text) is E'@shape app.workspace_team\nteams update: slug and name; owners and admins; hub teams change on the hub.';
revoke all on function app.update_team(p_team text, p_slug text, p_name text) from public;
grant execute on function app.update_team(p_team text, p_slug text, p_name text) to public;
grant execute on function app.update_team(p_team text, p_slug text, p_name text) to podium_app;
