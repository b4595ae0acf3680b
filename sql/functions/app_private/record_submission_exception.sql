-- submissions exception: freezes a team on a sha with the evidence archive the route captured, or
-- marks it missing (exception route only).

CREATE OR REPLACE FUNCTION app_private.record_submission_exception(p_project uuid, p_reason text, p_sha text, p_archive_sha256 text, p_size bigint, p_invalidate_decks boolean, p_invalidate_voting boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  prev text;
  x app.submission_exceptions;
begin
  perform app.submission_exception_check(p_project);
  ctx := app_private.event_ctx();
  if p_reason is null or length(trim(p_reason)) = 0 then
    perform app_private.fail('reason_required', 'An exception needs --reason', '{"field":"reason"}');
  end if;
  if (p_sha is null) <> (p_archive_sha256 is null) then
    perform app_private.fail('capture_failed', 'The revision was not captured; nothing was recorded');
  end if;
  select s.sha into prev from app.submissions s where s.project_id = p_project for update;
  insert into app.submission_exceptions (event_id, project_id, at, by_user_id, reason, sha, missing, previous_sha, invalidate_decks, invalidate_voting)
  values (ctx.event_id, p_project, app.now(), ctx.user_id, trim(p_reason), p_sha, p_sha is null, prev, coalesce(p_invalidate_decks, false), coalesce(p_invalidate_voting, false))
  returning * into x;
  insert into app.submissions (project_id, event_id, state, sha, source, archive_sha256, archive_size, frozen_at)
  values (p_project, ctx.event_id, case when p_sha is null then 'missing' else 'frozen' end, p_sha, 'exception', p_archive_sha256, p_size,
    case when p_sha is null then null else app.now() end)
  on conflict (project_id) do update set state = excluded.state, sha = excluded.sha, source = 'exception', receipt_seq = null,
    archive_sha256 = excluded.archive_sha256, archive_size = excluded.archive_size, frozen_at = excluded.frozen_at, attention = null, updated_at = now();
  -- --invalidate-voting: the team must be confirmed again by the next eligibility lock.
  if coalesce(p_invalidate_voting, false) then
    update app.event_teams t set vote_confirmed_at = null where t.project_id = p_project;
  end if;
  return jsonb_build_object('id', x.id, 'at', app_private.iso(x.at), 'reason', x.reason, 'sha', x.sha, 'missing', x.missing,
    'previousSha', x.previous_sha, 'invalidateDecks', x.invalidate_decks, 'invalidateVoting', x.invalidate_voting,
    'team', app_private.submission_team_json(p_project));
end;
$function$;

comment on function app_private.record_submission_exception(p_project uuid, p_reason text, p_sha text, p_archive_sha256 text, p_size bigint, p_invalidate_decks boolean, p_invalidate_voting boolean) is 'submissions exception: freezes a team on a sha with the evidence archive the route captured, or marks it missing (exception route only).';
revoke all on function app_private.record_submission_exception(p_project uuid, p_reason text, p_sha text, p_archive_sha256 text, p_size bigint, p_invalidate_decks boolean, p_invalidate_voting boolean) from public;
grant execute on function app_private.record_submission_exception(p_project uuid, p_reason text, p_sha text, p_archive_sha256 text, p_size bigint, p_invalidate_decks boolean, p_invalidate_voting boolean) to podium_app;
