-- The deck a team link of this instance opens, checked for the team: live, of the caller's
-- workspace, and for a participant owned by a participant of the team or generated for it
-- (organizers: any deck of the workspace). Raises deck_link_not_live, deck_link_other_workspace,
-- deck_link_not_yours.

CREATE OR REPLACE FUNCTION app_private.team_link_deck(p_field text, p_link text, p_ctx app_private.event_ctx, p_project uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  shared jsonb := app_private.resolve_share_link(
    pg_catalog.sha256(convert_to(substring(p_link from '/v/([A-Za-z0-9_-]+)/$'), 'UTF8')));
  d app.decks;
begin
  if shared is null then
    perform app_private.fail('deck_link_not_live',
      format('%s: this share link opens no live deck (unknown, revoked or expired link, or deleted deck)', p_field),
      jsonb_build_object('field', p_field));
  end if;
  select * into d from app.decks x where x.id = (shared ->> 'deckId')::uuid;
  if d.workspace_id is distinct from p_ctx.workspace_id then
    perform app_private.fail('deck_link_other_workspace', format('%s: this share link opens a deck of another workspace', p_field),
      jsonb_build_object('field', p_field));
  end if;
  if p_ctx.role is distinct from 'organizer'
     and (exists (select 1 from app.users u
                  join app.roster_entries r on r.event_id = p_ctx.event_id and r.role = 'participant' and r.team_id = p_project
                   and app_private.normalize_email(r.email) = app_private.normalize_email(u.email)
                  where u.id = d.owner_id)
          or exists (select 1 from app_private.generated_deck_targets g where g.deck_id = d.id and g.project_id = p_project)) is not true then
    perform app_private.fail('deck_link_not_yours',
      format('%s: this share link opens a deck no member of your team owns; link a deck of your own team (an organizer may place any deck of the workspace)', p_field),
      jsonb_build_object('field', p_field));
  end if;
  return d.id;
end;
$function$;

comment on function app_private.team_link_deck(p_field text, p_link text, p_ctx app_private.event_ctx, p_project uuid) is 'The deck a team link of this instance opens, checked for the team: live, of the caller''s workspace, and for a participant owned by a participant of the team or generated for it (organizers: any deck of the workspace). Raises deck_link_not_live, deck_link_other_workspace, deck_link_not_yours.';
revoke all on function app_private.team_link_deck(p_field text, p_link text, p_ctx app_private.event_ctx, p_project uuid) from public;
