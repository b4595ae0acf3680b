-- The gallery state of a team's jury or community deck: released (with whether its thumbnail is
-- made and whether the evidence changed since), else for organizers (p_full) generating, failed,
-- none, invalidated, evidence_changed, review or pending; other roles see released or pending.

CREATE OR REPLACE FUNCTION app_private.generated_kind_state(p_project uuid, p_kind text, p_full boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  cur text := (select s.archive_sha256 from app.submissions s where s.project_id = p_project and s.state = 'frozen');
  rel app_private.generated_decks;
  newest app_private.generated_decks;
  cur_newest app_private.generated_decks;
  job app_private.generation_jobs;
  state text;
  shown app_private.generated_decks;
begin
  select * into rel from app_private.generated_decks g where g.project_id = p_project and g.kind = p_kind and g.release = 'released';
  if rel.id is not null then
    return jsonb_build_object('state', 'released', 'version', rel.version, 'deckId', rel.id, 'viewKey', rel.job_id,
      'evidenceChanged', rel.archive_sha256 is distinct from cur,
      'thumbnail', exists (select 1 from app.deck_thumbnails t where t.deck_id = rel.deck_id and t.version = rel.version));
  end if;
  if p_full is not true then
    return jsonb_build_object('state', 'pending');
  end if;
  select * into job from app_private.generation_jobs j
   where j.project_id = p_project and j.kind = p_kind and j.status <> 'skipped' order by j.created_at desc, j.id desc limit 1;
  select * into newest from app_private.generated_decks g
   where g.project_id = p_project and g.kind = p_kind order by g.created_at desc, g.version desc limit 1;
  select * into cur_newest from app_private.generated_decks g
   where g.project_id = p_project and g.kind = p_kind and g.archive_sha256 = cur and g.invalidated_at is null
   order by g.created_at desc, g.version desc limit 1;
  state := case
    when job.status in ('pending', 'running') then 'generating'
    when job.status = 'failed' and (newest.id is null
      or (select j2.created_at from app_private.generation_jobs j2 where j2.id = newest.job_id) < job.created_at) then 'failed'
    when newest.id is null then 'none'
    when cur_newest.id is null and newest.invalidated_at is not null then 'invalidated'
    when cur_newest.id is null then 'evidence_changed'
    when cur_newest.review = 'pending' then 'review'
    when exists (select 1 from app_private.generated_decks g where g.project_id = p_project and g.kind = p_kind
                  and g.archive_sha256 = cur and g.invalidated_at is null and g.review = 'approved') then 'pending'
    else 'review'
  end;
  shown := case when cur_newest.id is not null then cur_newest else newest end;
  return jsonb_build_object('state', state, 'version', shown.version, 'deckId', shown.id,
    'thumbnail', shown.id is not null and exists (select 1 from app.deck_thumbnails t where t.deck_id = shown.deck_id and t.version = shown.version));
end;
$function$;

comment on function app_private.generated_kind_state(p_project uuid, p_kind text, p_full boolean) is 'The gallery state word of a team''s jury or community deck (organizers see every word, other roles released or pending).';
revoke all on function app_private.generated_kind_state(p_project uuid, p_kind text, p_full boolean) from public;
