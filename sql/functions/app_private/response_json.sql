-- A deck form response as JSON: form, the share link it came through, source, placement, answers,
-- revision count and times.

CREATE OR REPLACE FUNCTION app_private.response_json(r app.form_responses, l app.share_links)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('id', r.id, 'form', r.form, 'link', case when l.id is null then null else jsonb_build_object('id', l.id, 'name', l.name) end,
    'source', r.source, 'placement', r.placement, 'answers', r.answers, 'revisions', r.revision_count,
    'createdAt', r.created_at, 'editedAt', r.edited_at, 'lastActivityAt', coalesce(r.edited_at, r.created_at))
$function$;

revoke all on function app_private.response_json(r app.form_responses, l app.share_links) from public;
