-- decks gallery: every roster role, whatever the vote section says.

CREATE OR REPLACE FUNCTION app.deck_gallery()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  full_view boolean;
begin
  ctx := app_private.role_ctx('hackathon:read', array['participant', 'advisor', 'organizer', 'jury']);
  full_view := ctx.role = 'organizer';
  return jsonb_build_object('role', ctx.role, 'voteSection', (select case when e.vote_section then 'on' else 'off' end from app.events e where e.id = ctx.event_id),
    'items', coalesce((select jsonb_agg(jsonb_build_object('team', jsonb_build_object('id', p.id, 'name', p.name),
                         'jury', app_private.generated_kind_state(p.id, 'jury', full_view),
                         'community', app_private.generated_kind_state(p.id, 'community', full_view)) order by lower(p.name), p.id)
                         from app.event_teams t join app.projects p on p.id = t.project_id
                        where t.event_id = ctx.event_id and t.left_at is null), '[]'));
end;
$function$;

comment on function app.deck_gallery() is E'@shape app.deck_gallery_view\ndecks gallery: per team the state of its jury and community decks; participants, advisors and jury viewers see released vN or pending. Works whatever the vote section says.';
revoke all on function app.deck_gallery() from public;
grant execute on function app.deck_gallery() to podium_app;
