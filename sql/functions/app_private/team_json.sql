-- A workspace team as JSON: slug, name, whether the hub manages it, member count.

CREATE OR REPLACE FUNCTION app_private.team_json(t app.teams)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object('id', t.id, 'slug', t.slug, 'name', t.name, 'hubManaged', t.hub_managed,
    'memberCount', (select count(*) from app.team_members m where m.team_id = t.id), 'createdAt', app_private.iso(t.created_at))
$function$;

revoke all on function app_private.team_json(t app.teams) from public;
