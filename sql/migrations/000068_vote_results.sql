-- Community vote, part 4: results, and ballot invalidation (which recalculates them).
--
-- The method (docs/VOTING.md): on a ballot ranking k candidates, the candidate at position p
-- (1-based) gets (k - p) / (k - 1) (k = 1 gives 1); a candidate's score is the mean of these
-- over the counted ballots (submitted, not invalidated) that rank it, as an exact fraction in
-- lowest terms. Candidates are ranked by score, equal fractions share a rank (1, 1, 3), a
-- candidate no ballot ranks is unranked. All arithmetic is on integers (numeric with scale 0:
-- +, *, div, gcd, lcm, never a rounded division).
--
-- The digest is sha256 over the canonical serialisation
--   "podium-vote-v1\n" "eligibility <version>\n" then one line per counted ballot, the
--   ranking's project ids (lower-case, hyphenated) joined by ",", the lines sorted by byte
--   order, each ending in "\n"
-- shown as its first 12 hex characters. It holds no ballot id and no voter, so the export
-- (app.community_results_export) that carries exactly these lines cannot be joined with the
-- ballot list an organizer reads, and anyone holding the export recounts the same digest
-- (podium vote recount <file>).

create table app.vote_results (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references app.events (id) on delete cascade,
  eligibility_id uuid not null references app.vote_eligibility (id) on delete cascade,
  version integer not null check (version >= 1),
  calculated_at timestamptz not null,
  calculated_by uuid references app.users (id) on delete set null,
  released_at timestamptz,
  released_by uuid references app.users (id) on delete set null,
  digest text not null check (digest ~ '^[0-9a-f]{64}$'),
  rows jsonb not null,
  ties jsonb not null,
  coverage jsonb not null,
  unique (event_id, version)
);
create index vote_results_eligibility_idx on app.vote_results (eligibility_id, digest);
create index vote_results_calculated_by_idx on app.vote_results (calculated_by);
create index vote_results_released_by_idx on app.vote_results (released_by);
comment on table app.vote_results is E'@behavior -insert -update -delete\nCommunity vote results, one numbered version per calculation: rows (rank, exact fraction, decimal, ballots), ties, coverage, digest (sha256 of the counted ballots), release.';

-- Which ballots each result counted (ids only; the export rebuilds the rankings from them).
create table app_private.vote_result_ballots (
  result_id uuid primary key references app.vote_results (id) on delete cascade,
  ballot_ids uuid[] not null
);

alter table app.vote_results enable row level security;
grant select on app.vote_results to podium_app;
-- Organizers read every version; participants and advisors the released ones.
create policy vote_results_select on app.vote_results for select to podium_app using (
  (select app.has_scope('hackathon:read'))
  and event_id = (select (app_private.event_ctx_or_null()).event_id)
  and ((select (app_private.event_ctx_or_null()).role) = 'organizer'
       or (released_at is not null and (select (app_private.event_ctx_or_null()).role) in ('participant', 'advisor')))
);

create function app_private.vote_result_json(r app.vote_results) returns jsonb
  language sql stable set search_path = '' as $$
  select jsonb_build_object('version', r.version,
    'eligibilityVersion', (select v.version from app.vote_eligibility v where v.id = r.eligibility_id),
    'calculatedAt', app_private.iso(r.calculated_at), 'released', r.released_at is not null, 'releasedAt', app_private.iso(r.released_at),
    'digest', left(r.digest, 12), 'rows', r.rows, 'ties', r.ties, 'coverage', r.coverage)
$$;

-- The canonical serialisation of a version and its counted ballots (submitted ones; see the
-- file header).
-- The lines are sorted as flat copies (`|| ''`): sorting the stored values themselves keeps
-- their TOAST pointers and detoasts both sides of every comparison. work_mem holds the ~15 MB
-- of 2,000 ballots of 199 candidates in memory.
create function app_private.vote_canonical(p_version integer, p_eligibility uuid) returns text
  language sql stable security definer set search_path = '' set work_mem = '64MB' set jit = off as $$
  select 'podium-vote-v1' || E'\n' || 'eligibility ' || p_version || E'\n'
    || coalesce((select string_agg(q.l, E'\n' order by q.l collate "C") || E'\n'
                 from (select b.ranking_line || '' as l from app.vote_ballots b
                       where b.eligibility_id = p_eligibility and b.state = 'submitted') q), '')
$$;

-- Calculates the current version's results: a new version, or the version that already holds
-- this ballot set. Answers { version, created }.
-- The tally groups ~400k (candidate, position) rows (2,000 ballots of 199) into ~200 groups;
-- seeing unnest's default estimate of 10 rows per ballot, the planner would sort them all:
-- enable_sort = off makes it hash them (a sort that is the only plan still runs). The
-- penalty that setting puts on sort costs would trip JIT compilation (seconds per query for
-- queries of milliseconds): jit = off.
create function app_private.vote_calculate(p_event uuid, p_by uuid) returns jsonb
  language plpgsql volatile security definer set search_path = '' set work_mem = '64MB' set enable_sort = off set jit = off as $$
declare
  v app.vote_eligibility := app_private.current_eligibility(p_event);
  ids uuid[];
  dg text;
  r app.vote_results;
  v_l numeric := 1;    -- lcm of (k - 1) over the ballot lengths k > 1
  v_nall numeric := 1; -- lcm of the ballot counts per candidate
  v_k integer;
  v_n bigint;
  rows_ jsonb;
  ties_ jsonb;
  cov jsonb;
  t_pid uuid[];
  t_num numeric[];
  t_n bigint[];
begin
  select coalesce(array_agg(b.id order by b.id), '{}') into ids from app.vote_ballots b where b.eligibility_id = v.id and b.state = 'submitted';
  dg := encode(pg_catalog.sha256(convert_to(app_private.vote_canonical(v.version, v.id), 'UTF8')), 'hex');
  select * into r from app.vote_results x where x.eligibility_id = v.id and x.digest = dg order by x.version limit 1;
  if r.id is not null then
    return jsonb_build_object('version', r.version, 'created', false);
  end if;
  for v_k in select distinct b.ranking_length from app.vote_ballots b where b.eligibility_id = v.id and b.state = 'submitted' loop
    if v_k > 1 then
      v_l := lcm(v_l, (v_k - 1)::numeric);
    end if;
  end loop;

  -- Per candidate: the numerator over l * n (its sum of points, each (k - p) / (k - 1)
  -- brought to the common denominator l) and n, the ballots that rank it.
  select coalesce(array_agg(pid order by pid), '{}'), coalesce(array_agg(num order by pid), '{}'), coalesce(array_agg(cnt order by pid), '{}')
    into t_pid, t_num, t_n
  from (
    select pid, sum(case when kk = 1 then cnt * v_l else s * div(v_l, (kk - 1)::numeric) end) as num, sum(cnt)::bigint as cnt
    from (
      -- unnest reads each ranking once per ballot (ranking_length is a column, not a
      -- cardinality() per element, which would detoast the array for every element)
      select u.pid, b.ranking_length as kk, sum(b.ranking_length - u.p)::numeric as s, count(*)::numeric as cnt
      from app.vote_ballots b cross join lateral unnest(b.ranking) with ordinality u(pid, p)
      where b.eligibility_id = v.id and b.state = 'submitted'
      group by u.pid, b.ranking_length
    ) per_k
    group by pid
  ) per_c;
  for v_n in select distinct x from unnest(t_n) x loop
    v_nall := lcm(v_nall, v_n::numeric);
  end loop;

  with scored as (
    select c.project_id, c.name, t.num, t.cnt, v_l * t.cnt as den, gcd(t.num, v_l * t.cnt) as g,
           t.num * div(v_nall, t.cnt::numeric) as key
    from app.vote_candidates c join unnest(t_pid, t_num, t_n) t(project_id, num, cnt) on t.project_id = c.project_id
    where c.eligibility_id = v.id and c.included
  ), ranked as (
    select s.*, rank() over (order by s.key desc) as rnk from scored s
  ), all_rows as (
    select rnk, project_id, name, div(num, g)::text || '/' || div(den, g)::text as fraction,
           (div(2 * num * 10000 + den, 2 * den) / 10000)::numeric(30, 4)::text as score, cnt as ballots
    from ranked
    union all
    select null, c.project_id, c.name, null, null, 0
    from app.vote_candidates c
    where c.eligibility_id = v.id and c.included and not (c.project_id = any (t_pid))
  )
  select coalesce(jsonb_agg(jsonb_build_object('rank', rnk, 'projectId', project_id, 'name', name, 'score', score, 'fraction', fraction, 'ballots', ballots)
                  order by rnk nulls last, lower(name), project_id), '[]')
    into rows_ from all_rows;
  select coalesce(jsonb_agg(jsonb_build_object('rank', (g ->> 'rank')::int, 'projectIds', g -> 'projectIds', 'names', g -> 'names') order by (g ->> 'rank')::int), '[]')
    into ties_
    from (select jsonb_build_object('rank', x ->> 'rank', 'projectIds', jsonb_agg(x -> 'projectId' order by ord), 'names', jsonb_agg(x -> 'name' order by ord)) as g
          from jsonb_array_elements(rows_) with ordinality e(x, ord)
          where x ->> 'rank' is not null
          group by x ->> 'rank' having count(*) > 1) q;
  cov := jsonb_build_object(
    'voters', (select count(*) from app.vote_voters x where x.eligibility_id = v.id and x.included),
    'submitted', cardinality(ids),
    'invalidated', (select count(*) from app.vote_ballots b where b.eligibility_id = v.id and b.state = 'invalidated'),
    'candidates', (select count(*) from app.vote_candidates c where c.eligibility_id = v.id and c.included),
    'excludedCandidates', (select count(*) from app.vote_candidates c where c.eligibility_id = v.id and not c.included),
    'excludedVoters', (select count(*) from app.vote_voters x where x.eligibility_id = v.id and not x.included));
  insert into app.vote_results (event_id, eligibility_id, version, calculated_at, calculated_by, digest, rows, ties, coverage)
  values (p_event, v.id, coalesce((select max(x.version) from app.vote_results x where x.event_id = p_event), 0) + 1, app.now(), p_by, dg, rows_, ties_, cov)
  returning * into r;
  insert into app_private.vote_result_ballots (result_id, ballot_ids) values (r.id, ids);
  return jsonb_build_object('version', r.version, 'created', true);
end;
$$;

create function app.calculate_vote_results() returns jsonb
  language plpgsql volatile security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:write', true);
  e app.events;
  st text;
  c jsonb;
begin
  select * into e from app.events x where x.id = ctx.event_id for update;
  st := app_private.vote_state(e);
  if st <> 'closed' then
    perform app_private.fail('voting_not_closed', format('Results are calculated once voting is closed (now %s)', st), jsonb_build_object('voteState', st));
  end if;
  c := app_private.vote_calculate(e.id, ctx.user_id);
  return c || jsonb_build_object('result', (select app_private.vote_result_json(r) from app.vote_results r where r.event_id = e.id and r.version = (c ->> 'version')::int));
end;
$$;
comment on function app.calculate_vote_results() is
  'community results calculate: a new results version from the counted ballots, or the version that already holds this ballot set (created: false); voting_not_closed before the close.';
grant execute on function app.calculate_vote_results() to podium_app;

create function app.release_vote_results(p_version integer) returns jsonb
  language plpgsql volatile security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:write', true);
  r app.vote_results;
begin
  update app.vote_results x set released_at = coalesce(x.released_at, app.now()), released_by = coalesce(x.released_by, ctx.user_id)
   where x.event_id = ctx.event_id and x.version = p_version
  returning * into r;
  if r.id is null then
    perform app_private.fail('not_found', format('No results version %s', coalesce(p_version::text, 'null')), jsonb_build_object('version', p_version));
  end if;
  return app_private.vote_result_json(r);
end;
$$;
comment on function app.release_vote_results(integer) is
  'community results release <version>: marks a results version released (participants and advisors then read it); not_found for an unknown version.';
grant execute on function app.release_vote_results(integer) to podium_app;

create function app.community_results() returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:read', true);
begin
  return jsonb_build_object('items', coalesce((select jsonb_agg(app_private.vote_result_json(r) order by r.version desc)
    from app.vote_results r where r.event_id = ctx.event_id), '[]'), 'nextCursor', null);
end;
$$;
comment on function app.community_results() is
  'community results show: every results version, newest first, with rows, ties, coverage and digest.';
grant execute on function app.community_results() to podium_app;

-- The counted ballots of a results version without voter identity or ballot id, in the
-- canonical order, with the candidates: what podium vote recount reads. Organizers export
-- any version; participants and advisors a released one.
create function app.community_results_export(p_version integer) returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:read', false);
  r app.vote_results;
  ids uuid[];
  ev integer;
begin
  select * into r from app.vote_results x where x.event_id = ctx.event_id and x.version = p_version
    and (ctx.role = 'organizer' or x.released_at is not null);
  if r.id is null then
    perform app_private.fail('not_found', format('No results version %s', coalesce(p_version::text, 'null')), jsonb_build_object('version', p_version));
  end if;
  select x.ballot_ids into ids from app_private.vote_result_ballots x where x.result_id = r.id;
  select v.version into ev from app.vote_eligibility v where v.id = r.eligibility_id;
  return jsonb_build_object(
    'format', 'podium-vote-ballots/1',
    'eligibilityVersion', ev,
    'resultVersion', r.version,
    'digest', left(r.digest, 12),
    'candidates', coalesce((select jsonb_agg(jsonb_build_object('projectId', c.project_id, 'name', c.name) order by lower(c.name), c.project_id)
                   from app.vote_candidates c where c.eligibility_id = r.eligibility_id and c.included), '[]'),
    'ballots', coalesce((select jsonb_agg(to_jsonb(q.ranking) order by q.l collate "C")
                   from (select b.ranking, b.ranking_line || '' as l from unnest(ids) x(id) join app.vote_ballots b on b.id = x.id) q), '[]'));
end;
$$;
comment on function app.community_results_export(integer) is
  'The counted ballots of a results version (rankings only: no voter, no ballot id) in canonical order, with the candidates; what podium vote recount reads.';
grant execute on function app.community_results_export(integer) to podium_app;

-- community ballots invalidate <id> --reason: after the close; existing results are
-- recalculated in the same transaction.
create function app.invalidate_vote_ballot(p_ballot uuid, p_reason text) returns jsonb
  language plpgsql volatile security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:write', true);
  e app.events;
  v app.vote_eligibility;
  b app.vote_ballots;
  st text;
  reason text := trim(p_reason);
  rc jsonb;
begin
  if reason is null or length(reason) not between 1 and 500 or reason ~ '[[:cntrl:]]' then
    perform app_private.fail('invalid_input', 'reason must be 1 to 500 characters on one line', '{"field":"reason"}');
  end if;
  select * into e from app.events x where x.id = ctx.event_id for update;
  st := app_private.vote_state(e);
  if st <> 'closed' then
    perform app_private.fail('voting_not_closed', format('Ballots are invalidated once voting is closed (now %s)', st), jsonb_build_object('voteState', st));
  end if;
  v := app_private.current_eligibility(e.id);
  select * into b from app.vote_ballots x where x.id = p_ballot and x.event_id = e.id and x.eligibility_id = v.id for update;
  if b.id is null then
    perform app_private.fail('not_found', format('No ballot %s in eligibility version %s', coalesce(p_ballot::text, 'null'), v.version), jsonb_build_object('ballotId', p_ballot));
  end if;
  if b.state = 'invalidated' then
    perform app_private.fail('ballot_invalidated', format('This ballot was invalidated at %s (%s)', app_private.iso(b.invalidated_at), b.invalidation_reason),
      jsonb_build_object('invalidatedAt', app_private.iso(b.invalidated_at), 'invalidationReason', b.invalidation_reason));
  end if;
  if b.state <> 'submitted' then
    perform app_private.fail('ballot_not_submitted', 'This ballot is a draft that was never submitted: nothing to invalidate', jsonb_build_object('state', b.state));
  end if;
  update app.vote_ballots x set state = 'invalidated', invalidated_at = app.now(), invalidated_by = ctx.user_id, invalidation_reason = reason
   where x.id = b.id returning * into b;
  if exists (select 1 from app.vote_results r where r.eligibility_id = v.id) then
    rc := app_private.vote_calculate(e.id, ctx.user_id);
  end if;
  return jsonb_build_object('ballot', jsonb_build_object('id', b.id, 'email', (select t.email from app.vote_voters t where t.id = b.voter_id),
      'state', b.state, 'invalidatedAt', app_private.iso(b.invalidated_at), 'invalidationReason', b.invalidation_reason),
    'recalculated', rc);
end;
$$;
comment on function app.invalidate_vote_ballot(uuid, text) is
  'community ballots invalidate: invalidates a submitted ballot after the close and recalculates existing results (voting_not_closed, not_found, ballot_invalidated, ballot_not_submitted).';
grant execute on function app.invalidate_vote_ballot(uuid, text) to podium_app;
