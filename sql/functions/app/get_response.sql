-- One response: the current answer and every kept revision with its link and write time.

CREATE OR REPLACE FUNCTION app.get_response(p_deck uuid, p_response uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d app.decks;
  r app.form_responses;
  l app.share_links;
begin
  perform app_private.require_scope('presentations:read');
  d := app_private.deck_for(p_deck, array['owner', 'admin']);
  select * into r from app.form_responses x where x.id = p_response and x.deck_id = d.id;
  if r.id is null then
    perform app_private.fail('not_found', 'No such response on this deck');
  end if;
  select * into l from app.share_links x where x.id = r.link_id;
  return app_private.response_json(r, l) || jsonb_build_object('revisionsKept', (
    select coalesce(jsonb_agg(jsonb_build_object('revision', v.revision, 'answers', v.answers,
             'link', case when vl.id is null then null else jsonb_build_object('id', vl.id, 'name', vl.name) end,
             'source', v.source, 'placement', v.placement, 'writtenAt', v.written_at) order by v.revision), '[]')
    from app.form_response_revisions v left join app.share_links vl on vl.id = v.link_id where v.response_id = r.id));
end;
$function$;

comment on function app.get_response(p_deck uuid, p_response uuid) is E'@shape app.form_response_detail\nOne response: the current answer and every kept revision with its link and write time.';
revoke all on function app.get_response(p_deck uuid, p_response uuid) from public;
grant execute on function app.get_response(p_deck uuid, p_response uuid) to public;
grant execute on function app.get_response(p_deck uuid, p_response uuid) to podium_app;
