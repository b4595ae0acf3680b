-- A push delivery replayed under a new delivery id is a duplicate. The delivery id is a header
-- outside the signature, so anyone holding one signed body could send it again under a fresh
-- id and move the team's last received revision back to an older sha. A push is the move of
-- one ref from `before` to `after`: once a push of a repository's ref from that `before` to
-- that `after` was accepted, the same move is recognised whatever its delivery id and answers
-- the first receipt (duplicate: true). Receipt order stays the rule: nothing else is compared.
-- (A team that pushes exactly the same move again, say after force-pushing back, is recorded
-- once; its next commit counts as usual.)

alter table app.submission_receipts add column before_sha text check (before_sha ~ '^[0-9a-f]{40}$');
comment on column app.submission_receipts.before_sha is 'The revision a push moved its ref from (push receipts).';

-- One accepted receipt per move (receipts from before this migration have no before_sha).
create unique index submission_receipts_push_move_key on app.submission_receipts (event_id, project_id, ref, before_sha, sha)
  where verdict = 'accepted' and kind = 'push';

-- Records one signed delivery as a receipt; a delivery id already seen, or an accepted push
-- move already seen under another id, answers the first receipt (duplicate: true). Null when
-- the event does not exist.
create or replace function app_private.record_delivery(p_event uuid, p_delivery text, p_event_type text, p jsonb) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  e app.events;
  kind text := case p_event_type when 'push' then 'push' when 'pull_request' then 'pull_request' else 'other' end;
  project uuid;
  refusal text;
  move_from text := case when p_event_type = 'push' and p ->> 'before' ~ '^[0-9a-f]{40}$' then p ->> 'before' end;
  r app.submission_receipts;
begin
  select * into e from app.events x where x.id = p_event;
  if e.id is null then
    return null;
  end if;
  select tr.project_id into project from app.team_repositories tr
    where tr.event_id = e.id and lower(tr.full_name) = lower(p #>> '{repository,full_name}');
  refusal := app_private.delivery_verdict(e, kind, p, project);
  -- Either unique key (delivery id, or an accepted push move) makes this a duplicate.
  insert into app.submission_receipts (event_id, project_id, delivery_id, kind, received_at, repository, ref, before_sha, sha, verdict, refusal, late, summary)
  values (e.id, project, p_delivery, kind, app.now(), p #>> '{repository,full_name}',
    case when kind = 'push' then p ->> 'ref' else p #>> '{pull_request,head,ref}' end,
    move_from,
    case when kind = 'push' then p ->> 'after' else p #>> '{pull_request,head,sha}' end,
    case when refusal is null then 'accepted' else 'refused' end, refusal, app.now() >= e.freeze_at,
    jsonb_strip_nulls(jsonb_build_object(
      'pusher', p #>> '{pusher,name}', 'message', left(p #>> '{head_commit,message}', 500),
      'action', p ->> 'action', 'title', left(p #>> '{pull_request,title}', 300), 'number', p #> '{pull_request,number}')))
  on conflict do nothing
  returning * into r;
  if r.seq is null then
    select * into r from app.submission_receipts x where x.event_id = e.id and x.delivery_id = p_delivery;
    if r.seq is null then
      select * into r from app.submission_receipts x
        where x.event_id = e.id and x.project_id = project and x.ref = p ->> 'ref' and x.before_sha = move_from
          and x.sha = p ->> 'after' and x.verdict = 'accepted' and x.kind = 'push';
    end if;
    return jsonb_build_object('sequence', r.seq, 'verdict', r.verdict, 'refusal', r.refusal, 'late', r.late, 'duplicate', true);
  end if;
  return jsonb_build_object('sequence', r.seq, 'verdict', r.verdict, 'refusal', r.refusal, 'late', r.late, 'duplicate', false);
end;
$$;
