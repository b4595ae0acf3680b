-- ballot save and ballot submit: one write of the caller's ballot.

CREATE OR REPLACE FUNCTION app_private.write_ballot(p_ranking text[], p_eligibility_version integer, p_expected_revision integer, p_submit boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:write', false);
  e app.events;
  v app.vote_eligibility;
  vt app.vote_voters;
  b app.vote_ballots;
  why text;
  st text;
  fault jsonb;
  cands uuid[];
  ids uuid[];
begin
  if p_eligibility_version is null or p_eligibility_version < 1 then
    perform app_private.fail('invalid_input', 'eligibilityVersion must be a whole number from 1', '{"field":"eligibilityVersion"}');
  end if;
  if p_expected_revision is null or p_expected_revision < 0 then
    perform app_private.fail('invalid_input', 'expectedRevision must be a whole number from 0', '{"field":"expectedRevision"}');
  end if;
  if p_ranking is null then
    perform app_private.fail('invalid_input', 'ranking is required (a list of project ids, best first)', '{"field":"ranking"}');
  end if;
  select * into e from app.events x where x.id = ctx.event_id;
  st := app_private.vote_state(e);
  v := app_private.current_eligibility(e.id);
  if v.id is null then
    perform app_private.fail('voting_not_open', format('Voting is not open (%s)', st), jsonb_build_object('voteState', st));
  end if;
  vt := app_private.my_voter(v.id);
  why := app_private.not_a_voter_reason(ctx, v, vt);
  if why is not null then
    perform app_private.fail('not_eligible_voter', format('You do not vote in eligibility version %s: %s', v.version, why), jsonb_build_object('reason', why));
  end if;
  if st <> 'open' then
    perform app_private.fail('voting_not_open',
      case st when 'scheduled' then format('Voting opens at %s', app_private.iso(e.vote_opens_at))
              when 'closed' then format('Voting closed at %s', app_private.iso(app_private.vote_closes_at(e)))
              else format('Voting is not open (%s)', st) end,
      app_private.vote_window_json(e));
  end if;
  if p_eligibility_version <> v.version then
    perform app_private.fail('eligibility_stale', format('Eligibility is at version %s, not %s: read the ballot again and pass --eligibility-version %s', v.version, p_eligibility_version, v.version),
      jsonb_build_object('currentVersion', v.version, 'eligibilityVersion', p_eligibility_version));
  end if;
  select array_agg(c.project_id) into cands from app.vote_candidates c where c.eligibility_id = v.id and c.included;
  fault := app_private.ranking_fault(p_ranking, coalesce(cands, '{}'), vt.team_id, p_submit);
  if fault is not null then
    perform app_private.fail('invalid_ballot', fault ->> 'message', fault - 'message');
  end if;
  ids := p_ranking::uuid[];

  select * into b from app.vote_ballots x where x.voter_id = vt.id for update;
  if b.id is null then
    if p_expected_revision <> 0 then
      perform app_private.fail('revision_conflict', 'Your ballot is at revision 0: pass --expected-revision 0',
        jsonb_build_object('currentRevision', 0, 'expectedRevision', p_expected_revision));
    end if;
    insert into app.vote_ballots (event_id, eligibility_id, voter_id, state, revision, draft, ranking, accepted_at, submitted_at)
    values (e.id, v.id, vt.id, case when p_submit then 'submitted' else 'draft' end, 1,
            case when p_submit then null else ids end, case when p_submit then ids end, app.now(), case when p_submit then app.now() end)
    on conflict (voter_id) do nothing
    returning * into b;
    if b.id is null then -- another write of the same ballot committed first
      select * into b from app.vote_ballots x where x.voter_id = vt.id;
      perform app_private.fail('revision_conflict', format('Your ballot is at revision %s: pass --expected-revision %s', b.revision, b.revision),
        jsonb_build_object('currentRevision', b.revision, 'expectedRevision', p_expected_revision));
    end if;
  else
    if b.revision <> p_expected_revision then
      perform app_private.fail('revision_conflict', format('Your ballot is at revision %s: pass --expected-revision %s', b.revision, b.revision),
        jsonb_build_object('currentRevision', b.revision, 'expectedRevision', p_expected_revision));
    end if;
    if p_submit then
      update app.vote_ballots x set state = 'submitted', revision = x.revision + 1, ranking = ids, draft = null,
        accepted_at = app.now(), submitted_at = app.now() where x.id = b.id returning * into b;
    else
      update app.vote_ballots x set revision = x.revision + 1, draft = ids, accepted_at = app.now() where x.id = b.id returning * into b;
    end if;
  end if;
  return jsonb_build_object('id', b.id, 'eligibilityVersion', v.version, 'state', b.state, 'revision', b.revision,
    'acceptedAt', app_private.iso(b.accepted_at), 'submittedAt', app_private.iso(b.submitted_at),
    'draft', app_private.ranking_json(b.draft), 'submission', app_private.ranking_json(b.ranking));
end;
$function$;

revoke all on function app_private.write_ballot(p_ranking text[], p_eligibility_version integer, p_expected_revision integer, p_submit boolean) from public;
