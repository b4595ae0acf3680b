-- Community vote, part 3: ballots. One ballot per voter of the current eligibility version,
-- with a revision (0 before the first save) the writer names (--expected-revision) and the
-- eligibility version it names (--eligibility-version). `save` keeps a draft (partial or
-- empty) and never withdraws a submission; `submit` ranks every candidate but the voter's
-- own team exactly once and replaces an earlier submission. Only the voter reads a ranking:
-- organizers list ballots without one (app.community_ballots), and every such read is
-- recorded in app.vote_ballot_reads, which the workspace's owners and admins list.

create table app.vote_ballots (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references app.events (id) on delete cascade,
  eligibility_id uuid not null references app.vote_eligibility (id) on delete cascade,
  voter_id uuid not null unique references app.vote_voters (id) on delete cascade,
  state text not null check (state in ('draft', 'submitted', 'invalidated')),
  revision integer not null check (revision >= 1),
  draft uuid[],          -- the saved draft, best first (null: none since the last submission)
  ranking uuid[],        -- the submitted ranking, best first (null: never submitted)
  accepted_at timestamptz not null,   -- the last save or submission
  submitted_at timestamptz,
  invalidated_at timestamptz,
  invalidated_by uuid references app.users (id) on delete set null,
  invalidation_reason text check (length(invalidation_reason) between 1 and 500 and invalidation_reason !~ '[[:cntrl:]]'),
  -- Kept by a trigger from `ranking`: its length and its line of the canonical serialisation
  -- (ids joined by ","), so results read neither the array's text nor its length per element.
  ranking_length integer,
  ranking_line text,
  check ((state = 'draft') = (ranking is null)),
  check ((state = 'invalidated') = (invalidated_at is not null and invalidation_reason is not null))
);
create function app_private.vote_ballot_ranking_line() returns trigger
  language plpgsql set search_path = '' as $$
begin
  new.ranking_length := cardinality(new.ranking);
  new.ranking_line := array_to_string(new.ranking, ',');
  return new;
end;
$$;
create trigger vote_ballots_ranking_line before insert or update of ranking on app.vote_ballots
  for each row execute function app_private.vote_ballot_ranking_line();
-- Out of line but not compressed: read whole and often by results, hex digits compress little.
alter table app.vote_ballots alter column ranking_line set storage external;
create index vote_ballots_event_idx on app.vote_ballots (event_id);
create index vote_ballots_eligibility_idx on app.vote_ballots (eligibility_id, state);
create index vote_ballots_invalidated_by_idx on app.vote_ballots (invalidated_by);
comment on table app.vote_ballots is E'@behavior -insert -update -delete\nCommunity vote ballots: state (draft, submitted, invalidated), revision, draft and submitted ranking (project ids, best first). Only the voter reads their own.';

create table app.vote_ballot_reads (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references app.events (id) on delete cascade,
  eligibility_id uuid references app.vote_eligibility (id) on delete cascade,
  user_id uuid references app.users (id) on delete set null,
  email text not null,
  at timestamptz not null,
  ballots integer not null check (ballots >= 0)
);
create index vote_ballot_reads_event_idx on app.vote_ballot_reads (event_id, at desc);
create index vote_ballot_reads_eligibility_idx on app.vote_ballot_reads (eligibility_id);
create index vote_ballot_reads_user_idx on app.vote_ballot_reads (user_id);
comment on table app.vote_ballot_reads is E'@behavior -insert -update -delete\nThe audit of community ballots list: who read the ballot list of which eligibility version, and when. Listed by the workspace''s owners and admins.';

alter table app.vote_ballots enable row level security;
alter table app.vote_ballot_reads enable row level security;
grant select on app.vote_ballots, app.vote_ballot_reads to podium_app;

-- A ballot is read by its voter only (an organizer lists ballots through the audited function).
create policy vote_ballots_select on app.vote_ballots for select to podium_app using (
  (select app.has_scope('hackathon:read'))
  and event_id = (select (app_private.event_ctx_or_null()).event_id)
  and exists (select 1 from app.vote_voters v where v.id = voter_id
              and lower(v.email) = (select lower(u.email) from app.users u where u.id = (select app.current_user_id())))
);
-- The audit: the workspace's owners and admins.
create policy vote_ballot_reads_select on app.vote_ballot_reads for select to podium_app using (
  (select app.has_scope('hackathon:read'))
  and event_id = (select (app_private.event_ctx_or_null()).event_id)
  and (select app.current_workspace_role()) in ('owner', 'admin')
  and (select app_private.is_member_of(app.current_workspace_id()))
);

-- The caller's voter row in a version (included or not), by their account's email.
create function app_private.my_voter(p_eligibility uuid) returns app.vote_voters
  language sql stable security definer set search_path = '' as $$
  select v.* from app.vote_voters v join app.users u on u.id = app.current_user_id()
  where v.eligibility_id = p_eligibility and lower(v.email) = lower(u.email)
$$;

-- Why the caller does not vote (null when they do).
create function app_private.not_a_voter_reason(ctx app_private.event_ctx, v app.vote_eligibility, vt app.vote_voters) returns text
  language sql stable set search_path = '' as $$
  select case
    when v.id is null then null
    when vt.id is null and ctx.role = 'participant' then 'you were not a participant on a team when eligibility was locked'
    when vt.id is null then format('only participants on a team vote; you are %s', case ctx.role when 'advisor' then 'an advisor' when 'organizer' then 'an organizer' else ctx.role end)
    when not vt.included then format('excluded: %s', vt.reason)
  end
$$;

create function app_private.ranking_json(p uuid[]) returns jsonb
  language sql stable security definer set search_path = '' as $$
  select case when p is null then null else
    coalesce((select jsonb_agg(jsonb_build_object('projectId', u.x, 'name', pr.name) order by u.i)
              from unnest(p) with ordinality u(x, i) left join app.projects pr on pr.id = u.x), '[]') end
$$;

-- The voter's ballot as `ballot show` prints it.
create function app_private.ballot_json(e app.events, v app.vote_eligibility, vt app.vote_voters) returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  b app.vote_ballots;
  st text := app_private.vote_state(e);
begin
  select * into b from app.vote_ballots x where x.voter_id = vt.id;
  return app_private.vote_window_json(e) || jsonb_build_object(
    'eligibilityVersion', v.version,
    'team', app_private.team_ref_json(vt.team_id),
    'id', b.id,
    'state', coalesce(b.state, 'none'),
    'revision', coalesce(b.revision, 0),
    'acceptedAt', app_private.iso(b.accepted_at),
    'submittedAt', app_private.iso(b.submitted_at),
    'canSubmit', st = 'open',
    'cannotSubmitReason', case st when 'open' then null when 'closed' then 'voting is closed'
                                  when 'scheduled' then format('voting opens at %s', app_private.iso(e.vote_opens_at)) else 'voting is not open' end,
    'candidates', coalesce((select jsonb_agg(jsonb_build_object('projectId', c.project_id, 'name', c.name) order by lower(c.name), c.project_id)
                   from app.vote_candidates c where c.eligibility_id = v.id and c.included and c.project_id <> vt.team_id), '[]'),
    'draft', app_private.ranking_json(b.draft),
    'submission', app_private.ranking_json(b.ranking),
    'invalidationReason', b.invalidation_reason);
end;
$$;

create function app.community_ballot() returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:read', false);
  e app.events;
  v app.vote_eligibility;
  vt app.vote_voters;
  why text;
begin
  select * into e from app.events x where x.id = ctx.event_id;
  v := app_private.current_eligibility(e.id);
  if v.id is null then
    perform app_private.fail('eligibility_not_locked', 'Eligibility is not locked yet: there are no ballots before it is');
  end if;
  vt := app_private.my_voter(v.id);
  why := app_private.not_a_voter_reason(ctx, v, vt);
  if why is not null then
    perform app_private.fail('not_eligible_voter', format('You do not vote in eligibility version %s: %s', v.version, why), jsonb_build_object('reason', why));
  end if;
  return app_private.ballot_json(e, v, vt);
end;
$$;
comment on function app.community_ballot() is
  'community ballot show: your ballot (state, revision, draft and submission), the window, and the candidates you rank.';
grant execute on function app.community_ballot() to podium_app;

-- The first fault of a ranking (null when none): malformed, duplicate, own team, not a
-- candidate; for a submission also an empty ranking and a candidate left out.
create function app_private.ranking_fault(p_ranking text[], p_candidates uuid[], p_own uuid, p_submit boolean) returns jsonb
  language plpgsql stable set search_path = '' as $$
declare
  ids uuid[];
  bad record;
  missing uuid;
begin
  select i, x into bad from unnest(p_ranking) with ordinality u(x, i)
   where x is null or x !~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' order by i limit 1;
  if found then
    return jsonb_build_object('fault', 'malformed', 'position', bad.i, 'projectId', left(bad.x, 64),
      'message', format('Position %s: %s is not a project id', bad.i, coalesce(left(bad.x, 64), 'null')));
  end if;
  ids := p_ranking::uuid[];
  select min(i) filter (where n = 2) as i, x into bad from (
    select x, i, row_number() over (partition by x order by i) n from unnest(ids) with ordinality u(x, i)) q
   group by x having count(*) > 1 order by 1 limit 1;
  if found then
    return jsonb_build_object('fault', 'duplicate', 'position', bad.i, 'projectId', bad.x, 'message', format('Project %s is named twice', bad.x));
  end if;
  if p_own = any (ids) then
    return jsonb_build_object('fault', 'own_team', 'position', array_position(ids, p_own), 'projectId', p_own, 'message', format('Project %s is your own team', p_own));
  end if;
  select u.i, u.x into bad from unnest(ids) with ordinality u(x, i) left join unnest(p_candidates) c(id) on c.id = u.x
   where c.id is null order by u.i limit 1;
  if found then
    return jsonb_build_object('fault', 'not_a_candidate', 'position', bad.i, 'projectId', bad.x, 'message', format('Project %s is not one of the candidates', bad.x));
  end if;
  if p_submit then
    if coalesce(cardinality(ids), 0) = 0 then
      return jsonb_build_object('fault', 'empty', 'position', null, 'projectId', null, 'message', 'A submission ranks every candidate; this ranking is empty');
    end if;
    select c.id into missing from unnest(p_candidates) c(id) left join unnest(ids) u(x) on u.x = c.id
     where u.x is null and c.id is distinct from p_own order by c.id limit 1;
    if found then
      return jsonb_build_object('fault', 'missing', 'position', null, 'projectId', missing,
        'message', format('Candidate %s is left out: a submission ranks every candidate exactly once', missing));
    end if;
  end if;
  return null;
end;
$$;

-- ballot save and ballot submit: one write of the caller's ballot.
create function app_private.write_ballot(p_ranking text[], p_eligibility_version integer, p_expected_revision integer, p_submit boolean) returns jsonb
  language plpgsql volatile security definer set search_path = '' as $$
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
$$;

create function app.save_vote_ballot(p_ranking text[], p_eligibility_version integer, p_expected_revision integer) returns jsonb
  language sql volatile security definer set search_path = '' as $$
  select app_private.write_ballot(p_ranking, p_eligibility_version, p_expected_revision, false)
$$;
comment on function app.save_vote_ballot(text[], integer, integer) is
  'community ballot save: saves a draft ranking (partial or empty; never withdraws a submission) at the expected revision and eligibility version.';
grant execute on function app.save_vote_ballot(text[], integer, integer) to podium_app;

create function app.submit_vote_ballot(p_ranking text[], p_eligibility_version integer, p_expected_revision integer) returns jsonb
  language sql volatile security definer set search_path = '' as $$
  select app_private.write_ballot(p_ranking, p_eligibility_version, p_expected_revision, true)
$$;
comment on function app.submit_vote_ballot(text[], integer, integer) is
  'community ballot submit: submits a ranking of every candidate but your own team, exactly once each, replacing an earlier submission.';
grant execute on function app.submit_vote_ballot(text[], integer, integer) to podium_app;

-- community ballots list: the ballots of the current version without their rankings; the
-- read is recorded (who, when, how many) in the same transaction. It lives in app_private,
-- called by GET /api/v1/community/ballots only, so no GraphQL read escapes the audit.
create function app_private.community_ballots() returns jsonb
  language plpgsql volatile security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:read', true);
  v app.vote_eligibility;
  items jsonb;
begin
  v := app_private.current_eligibility(ctx.event_id);
  if v.id is null then
    perform app_private.fail('eligibility_not_locked', 'Eligibility is not locked: there are no ballots yet');
  end if;
  select coalesce(jsonb_agg(jsonb_build_object('id', b.id, 'email', t.email, 'name', t.name, 'team', app_private.team_ref_json(t.team_id),
      'state', b.state, 'revision', b.revision, 'submittedAt', app_private.iso(b.submitted_at),
      'invalidatedAt', app_private.iso(b.invalidated_at), 'invalidationReason', b.invalidation_reason)
      order by lower(t.email)), '[]')
    into items
    from app.vote_ballots b join app.vote_voters t on t.id = b.voter_id
   where b.eligibility_id = v.id;
  insert into app.vote_ballot_reads (event_id, eligibility_id, user_id, email, at, ballots)
  select ctx.event_id, v.id, ctx.user_id, u.email, app.now(), jsonb_array_length(items) from app.users u where u.id = ctx.user_id;
  return jsonb_build_object('eligibilityVersion', v.version, 'items', items, 'nextCursor', null);
end;
$$;
comment on function app_private.community_ballots() is
  'community ballots list: every ballot of the current eligibility version (email, state, revision, times, invalidation), never a ranking; each read is recorded in vote_ballot_reads.';
grant execute on function app_private.community_ballots() to podium_app;

-- Who read the ballot list: owners and admins of the workspace.
create function app.community_ballot_reads() returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:read', true);
begin
  perform app_private.require_owner_or_admin('lists who read the ballots');
  return jsonb_build_object('items', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'email', r.email, 'at', app_private.iso(r.at),
      'eligibilityVersion', (select v.version from app.vote_eligibility v where v.id = r.eligibility_id), 'ballots', r.ballots) order by r.at desc, r.id)
    from app.vote_ballot_reads r where r.event_id = ctx.event_id), '[]'), 'nextCursor', null);
end;
$$;
comment on function app.community_ballot_reads() is
  'The audit of community ballots list (who read it, when, which eligibility version), newest first; owners and admins.';
grant execute on function app.community_ballot_reads() to podium_app;
