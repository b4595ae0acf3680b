-- Collaborators of a deck (owner or workspace admin/owner), newest first.

CREATE OR REPLACE FUNCTION app.list_collaborators(p_deck uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d app.decks;
begin
  perform app_private.require_scope('presentations:read');
  d := app_private.deck_for(p_deck, array['owner', 'admin']);
  return (select coalesce(jsonb_agg(app_private.collaborator_json(c) order by c.created_at desc, c.id desc), '[]')
          from app.deck_collaborators c where c.deck_id = d.id);
end;
$function$;

comment on function app.list_collaborators(p_deck uuid) is E'@shape app.deck_collaborator_summary[]\nCollaborators of a deck (owner or workspace admin/owner), newest first.';
revoke all on function app.list_collaborators(p_deck uuid) from public;
grant execute on function app.list_collaborators(p_deck uuid) to public;
grant execute on function app.list_collaborators(p_deck uuid) to podium_app;
