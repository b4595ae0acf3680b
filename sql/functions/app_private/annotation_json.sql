-- An annotation as JSON: deck, version, path, position, body, author.

CREATE OR REPLACE FUNCTION app_private.annotation_json(a app.deck_annotations)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object('id', a.id, 'presentationId', a.deck_id, 'version', a.version, 'path', a.path, 'position', a.position,
    'body', a.body, 'author', (select jsonb_build_object('id', u.id, 'email', u.email, 'name', u.name) from app.users u where u.id = a.author_id),
    'createdAt', a.created_at)
$function$;

revoke all on function app_private.annotation_json(a app.deck_annotations) from public;
