-- Annotations of a deck (one version or all), newest first.

CREATE OR REPLACE FUNCTION app.list_annotations(p_deck uuid, p_version integer, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d app.decks;
begin
  perform app_private.require_scope('presentations:read');
  d := app_private.deck_for(p_deck, array['owner', 'admin', 'collaborator']);
  return (select coalesce(jsonb_agg(app_private.annotation_json(a) order by a.created_at desc, a.id desc), '[]')
          from (select * from app.deck_annotations x where x.deck_id = d.id and (p_version is null or x.version = p_version)
                  and (p_before_at is null or (x.created_at, x.id) < (p_before_at, p_before_id))
                order by x.created_at desc, x.id desc limit p_limit) a);
end;
$function$;

comment on function app.list_annotations(p_deck uuid, p_version integer, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) is E'@shape app.deck_annotation_summary[]\nAnnotations of a deck (one version or all), newest first.';
revoke all on function app.list_annotations(p_deck uuid, p_version integer, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) from public;
grant execute on function app.list_annotations(p_deck uuid, p_version integer, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to public;
grant execute on function app.list_annotations(p_deck uuid, p_version integer, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to podium_app;
