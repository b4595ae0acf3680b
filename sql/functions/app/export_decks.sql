-- Everything of the decks you manage (owner, or workspace admin/owner): decks with their versions
-- and links (never a secret), views and responses with their revisions.

CREATE OR REPLACE FUNCTION app.export_decks()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app_private.require_scope('data:export');
  return (
    with mine as (
      select d.* from app.decks d
      where d.deleted_at is null and d.workspace_id = app.current_workspace_id() and app_private.deck_role(d.id) in ('owner', 'admin')
    )
    select jsonb_build_object(
      'exportedAt', app.now(),
      'workspaceId', app.current_workspace_id(),
      'decks', (select coalesce(jsonb_agg(app_private.deck_json(m) || jsonb_build_object(
          'versions', (select coalesce(jsonb_agg(app_private.version_json(v) order by v.number), '[]') from app.deck_versions v where v.deck_id = m.id),
          'shareLinks', (select coalesce(jsonb_agg(app_private.link_json(l) order by l.created_at), '[]') from app.share_links l where l.deck_id = m.id))
        order by m.created_at desc), '[]') from mine m),
      'views', (select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'presentationId', v.deck_id, 'linkId', v.link_id, 'version', v.version,
          'source', v.source, 'placement', v.placement, 'viewedAt', v.viewed_at) order by v.viewed_at desc), '[]')
        from app.deck_views v join mine m on m.id = v.deck_id),
      'responses', (select coalesce(jsonb_agg(app_private.response_json(r, l) || jsonb_build_object('presentationId', r.deck_id,
          'revisionsKept', (select coalesce(jsonb_agg(jsonb_build_object('revision', x.revision, 'answers', x.answers, 'linkId', x.link_id, 'writtenAt', x.written_at) order by x.revision), '[]')
                            from app.form_response_revisions x where x.response_id = r.id)) order by r.created_at desc), '[]')
        from app.form_responses r join mine m on m.id = r.deck_id left join app.share_links l on l.id = r.link_id)
    )
  );
end;
$function$;

comment on function app.export_decks() is E'@shape app.deck_export\nExport (data:export): the decks you manage in this workspace with versions and links, their views and their form responses.';
revoke all on function app.export_decks() from public;
grant execute on function app.export_decks() to public;
grant execute on function app.export_decks() to podium_app;
