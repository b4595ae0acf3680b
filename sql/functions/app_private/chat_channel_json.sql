-- A chat channel as JSON: kind, display name (General, the team's name or the help request's
-- title), team and request.

CREATE OR REPLACE FUNCTION app_private.chat_channel_json(c app.chat_channels)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'id', c.id, 'kind', c.kind,
    'name', case c.kind
              when 'general' then 'General'
              when 'team' then (select p.name from app.projects p where p.id = c.team_id)
              else (select r.title from app.help_requests r where r.channel_id = c.id) end,
    'team', (select jsonb_build_object('id', p.id, 'name', p.name) from app.projects p where p.id = c.team_id),
    'request', (select jsonb_build_object('id', r.id, 'status', r.status) from app.help_requests r where r.channel_id = c.id),
    'createdAt', app_private.iso(c.created_at))
$function$;

revoke all on function app_private.chat_channel_json(c app.chat_channels) from public;
