-- A project member as JSON: a person (id, email, name) or a team (id, slug, name), with its role.

CREATE OR REPLACE FUNCTION app_private.project_member_json(m app.project_members)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object('id', m.id, 'kind', case when m.user_id is not null then 'person' else 'team' end, 'role', m.role,
    'userId', m.user_id, 'email', u.email, 'name', u.name,
    'teamId', m.team_id, 'teamSlug', t.slug, 'teamName', t.name, 'addedAt', app_private.iso(m.added_at))
  from (select 1) one
  left join app.users u on u.id = m.user_id
  left join app.teams t on t.id = m.team_id
$function$;

revoke all on function app_private.project_member_json(m app.project_members) from public;
