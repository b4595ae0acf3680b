-- Records one signed delivery of an event: a push or pull request becomes a receipt with its
-- verdict (a duplicate answers the first receipt); a push keeps its refusal (deleted,
-- wrong_branch); any other event type (a star, an issue, a fork) is answered { verdict: 'ignored',
-- event } with no receipt, activity or live item, so it never reads like a submission. Null when
-- the event does not exist.

CREATE OR REPLACE FUNCTION app_private.record_delivery(p_event uuid, p_delivery text, p_event_type text, p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  -- Only a push moves a team's code and only a pull request is team activity: any other
  -- event a repository sends (star, issues, fork...) is answered as ignored, never a receipt.
  if kind = 'other' then
    return jsonb_build_object('sequence', null, 'verdict', 'ignored', 'refusal', null, 'late', false, 'duplicate', false,
      'event', left(p_event_type, 100));
  end if;
  select tr.project_id into project from app.team_repositories tr
    where tr.event_id = e.id and lower(tr.full_name) = lower(p #>> '{repository,full_name}');
  refusal := app_private.delivery_verdict(e, kind, p, project);
  -- The event's own template repository: its revision, not a receipt.
  if refusal = 'unknown_repository' and e.github_template is not null
     and lower(coalesce(p #>> '{repository,full_name}', '')) = lower(e.github_template) then
    if kind = 'push' then
      insert into app_private.template_revisions as t (event_id, ref, repository, sha, pusher, delivery_id, pushed_at)
      values (e.id, coalesce(p ->> 'ref', ''), p #>> '{repository,full_name}',
        case when p ->> 'after' ~ '^[0-9a-f]{40}$' and p ->> 'after' <> repeat('0', 40) then p ->> 'after' end,
        left(p #>> '{pusher,name}', 200), p_delivery, app.now())
      on conflict (event_id, ref) do update set repository = excluded.repository, sha = excluded.sha, pusher = excluded.pusher,
        delivery_id = excluded.delivery_id, pushed_at = excluded.pushed_at;
    end if;
    return jsonb_build_object('sequence', null, 'verdict', 'template', 'refusal', null, 'late', false, 'duplicate', false,
      'template', jsonb_build_object('repository', p #>> '{repository,full_name}', 'ref', p ->> 'ref', 'sha', p ->> 'after'));
  end if;
  -- Either unique key (delivery id, or an accepted push move) makes this a duplicate.
  insert into app.submission_receipts (event_id, project_id, delivery_id, kind, received_at, repository, ref, before_sha, sha, verdict, refusal, late, summary)
  values (e.id, project, p_delivery, kind, app.now(), p #>> '{repository,full_name}',
    case when kind = 'push' then p ->> 'ref' else p #>> '{pull_request,head,ref}' end,
    move_from,
    case when kind = 'push' then p ->> 'after' else p #>> '{pull_request,head,sha}' end,
    case when refusal is null then 'accepted' else 'refused' end, refusal, app_private.is_frozen(e),
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
$function$;

comment on function app_private.record_delivery(p_event uuid, p_delivery text, p_event_type text, p jsonb) is 'Records one signed delivery of an event: a push or a pull request becomes a receipt with its verdict (a duplicate answers the first receipt), a push to the event''s template repository its template revision, any other event type is ignored (verdict ignored, no receipt). Answers null when the event does not exist.';
revoke all on function app_private.record_delivery(p_event uuid, p_delivery text, p_event_type text, p jsonb) from public;
