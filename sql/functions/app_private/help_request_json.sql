-- A help request as JSON: status, team, title, body, who opened and claimed it, when, and its
-- thread channel.

CREATE OR REPLACE FUNCTION app_private.help_request_json(r app.help_requests)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'id', r.id, 'status', r.status, 'openedAt', app_private.iso(r.created_at),
    'team', (select jsonb_build_object('id', p.id, 'name', p.name) from app.projects p where p.id = r.team_id),
    'title', r.title, 'body', r.body,
    'openedBy', jsonb_build_object('id', r.opened_by, 'name', app_private.author_name(r.opened_by)),
    'claimedBy', case when r.claimed_by is null then null else jsonb_build_object('id', r.claimed_by, 'name', app_private.author_name(r.claimed_by)) end,
    'claimedAt', app_private.iso(r.claimed_at),
    'resolvedAt', app_private.iso(r.resolved_at),
    'threadChannelId', r.channel_id)
$function$;

revoke all on function app_private.help_request_json(r app.help_requests) from public;
