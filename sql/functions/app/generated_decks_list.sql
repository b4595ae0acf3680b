-- decks list: every generated deck of the event, every version (organizer).

CREATE OR REPLACE FUNCTION app.generated_decks_list()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
begin
  ctx := app_private.organizer_ctx('hackathon:read');
  perform app_private.require_vote_on(ctx.event_id);
  return jsonb_build_object('items', coalesce((
    select jsonb_agg(jsonb_build_object('id', g.id, 'team', jsonb_build_object('id', p.id, 'name', p.name), 'kind', g.kind,
             'version', g.version, 'revision', g.revision, 'review', g.review, 'release', g.release,
             'invalidated', g.invalidated_at is not null, 'evidenceChanged', g.archive_sha256 is distinct from s.archive_sha256,
             'findings', jsonb_array_length(g.findings), 'createdAt', app_private.iso(g.created_at))
             order by lower(p.name), p.id, g.kind = 'community', g.version desc)
      from app_private.generated_decks g join app.projects p on p.id = g.project_id
      left join app.submissions s on s.project_id = g.project_id and s.state = 'frozen'
     where g.event_id = ctx.event_id), '[]'));
end;
$function$;

comment on function app.generated_decks_list() is E'@shape app.generated_deck_list\ndecks list: every generated deck of the event, every version, with review and release (organizer; vote section on).';
revoke all on function app.generated_decks_list() from public;
grant execute on function app.generated_decks_list() to podium_app;
