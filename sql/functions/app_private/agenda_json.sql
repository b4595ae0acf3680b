-- An event's agenda as JSON: items in start order, then position.

CREATE OR REPLACE FUNCTION app_private.agenda_json(p_event uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('title', a.title, 'kind', a.kind, 'startsAt', app_private.iso(a.starts_at),
    'endsAt', app_private.iso(a.ends_at)) order by a.starts_at, a.position), '[]')
  from app.agenda_items a where a.event_id = p_event
$function$;

revoke all on function app_private.agenda_json(p_event uuid) from public;
