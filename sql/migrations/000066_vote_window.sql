-- Community vote, part 2: the window. `community voting open` opens voting once every
-- precondition holds (roster locked, eligibility locked and still matching the roster and
-- the vote links, at least one included candidate, every included candidate ready); before
-- the configured vote opening the state is `scheduled`, then `open` until the close.
-- `community voting close` closes it early; the configured close closes it anyway. Ballots
-- are accepted from the vote opening to the close, never at or after the close, by app.now().

-- The window as every community answer shows it.
create function app_private.vote_window_json(e app.events) returns jsonb
  language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'voteState', app_private.vote_state(e),
    'opensAt', app_private.iso(e.vote_opens_at),
    'closesAt', app_private.iso(case when e.voting_opened_at is null then e.vote_closes_at else app_private.vote_closes_at(e) end),
    'votingOpenedAt', app_private.iso(e.voting_opened_at),
    'votingClosedAt', app_private.iso(case when e.voting_opened_at is not null and app.now() >= app_private.vote_closes_at(e) then app_private.vote_closes_at(e) end),
    'serverTime', app_private.iso(app.now()))
$$;

-- What changed since a version was locked: participants (email, team) and candidate teams
-- (vote links set or cleared) that the version does not hold as they are now.
create function app_private.eligibility_drift(v app.vote_eligibility) returns text[]
  language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(d order by d), '{}') from (
    select format('voter %s is now on %s', x.email, coalesce((select p.name from app.projects p where p.id = x.team_id), '?')) as d
      from app_private.live_voters(v.event_id) x
     where not exists (select 1 from app.vote_voters y where y.eligibility_id = v.id and lower(y.email) = lower(x.email) and y.team_id = x.team_id)
    union all
    select format('voter %s left the roster or their team', y.email)
      from app.vote_voters y
     where y.eligibility_id = v.id
       and not exists (select 1 from app_private.live_voters(v.event_id) x where lower(x.email) = lower(y.email))
    union all
    select format('team %s now has a vote link', c.name)
      from app_private.live_vote_candidates(v.event_id) c
     where not exists (select 1 from app.vote_candidates y where y.eligibility_id = v.id and y.project_id = c.project_id)
    union all
    select format('team %s has no vote link any more', y.name)
      from app.vote_candidates y
     where y.eligibility_id = v.id and y.included
       and not exists (select 1 from app_private.live_vote_candidates(v.event_id) c where c.project_id = y.project_id)
  ) q
$$;

create function app.open_voting() returns jsonb
  language plpgsql volatile security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:write', true);
  e app.events;
  v app.vote_eligibility;
  st text;
  drift text[];
  not_ready jsonb;
begin
  select * into e from app.events x where x.id = ctx.event_id for update;
  st := app_private.vote_state(e);
  if st in ('scheduled', 'open') then
    return app_private.vote_window_json(e) || jsonb_build_object('eligibilityVersion', (app_private.current_eligibility(e.id)).version, 'alreadyOpen', true);
  end if;
  if st = 'closed' then
    perform app_private.fail('voting_closed', format('Voting closed at %s; it does not open again', app_private.iso(app_private.vote_closes_at(e))),
      jsonb_build_object('closedAt', app_private.iso(app_private.vote_closes_at(e))));
  end if;
  if e.roster_locked_at is null then
    perform app_private.fail('roster_not_locked', 'Lock the roster first (event roster lock)');
  end if;
  v := app_private.current_eligibility(e.id);
  if v.id is null then
    perform app_private.fail('eligibility_not_locked', 'Lock eligibility first (community eligibility lock)');
  end if;
  if app.now() >= e.vote_closes_at then
    perform app_private.fail('voting_closed', format('The vote window closed at %s', app_private.iso(e.vote_closes_at)),
      jsonb_build_object('closedAt', app_private.iso(e.vote_closes_at)));
  end if;
  drift := app_private.eligibility_drift(v);
  if cardinality(drift) > 0 then
    perform app_private.fail('eligibility_stale',
      format('Eligibility version %s no longer matches the roster and vote links (%s): unlock and lock it again', v.version, array_to_string(drift, '; ')),
      jsonb_build_object('currentVersion', v.version, 'changes', to_jsonb(drift)));
  end if;
  if not exists (select 1 from app.vote_candidates c where c.eligibility_id = v.id and c.included) then
    perform app_private.fail('no_candidates', format('Eligibility version %s has no included candidate: a candidate is a team with a vote link (decks link --vote)', v.version),
      jsonb_build_object('eligibilityVersion', v.version));
  end if;
  select jsonb_agg(jsonb_build_object('projectId', c.project_id, 'name', c.name, 'readiness', r.readiness) order by lower(c.name), c.project_id)
    into not_ready
    from app.vote_candidates c, lateral (select app_private.vote_readiness(c.project_id, c.confirmed) as readiness) r
   where c.eligibility_id = v.id and c.included and r.readiness <> 'ready';
  if not_ready is not null then
    perform app_private.fail('candidates_not_ready',
      'Candidates not ready: ' || (select string_agg(format('%s: %s', x ->> 'name', x ->> 'readiness'), '; ' order by ord) from jsonb_array_elements(not_ready) with ordinality t(x, ord)),
      jsonb_build_object('candidates', not_ready));
  end if;
  update app.events x set voting_opened_at = app.now(), updated_at = app.now() where x.id = e.id returning * into e;
  return app_private.vote_window_json(e) || jsonb_build_object('eligibilityVersion', v.version, 'alreadyOpen', false);
end;
$$;
comment on function app.open_voting() is
  'community voting open: opens voting (scheduled until the configured opening, then open); idempotent; roster_not_locked, eligibility_not_locked, eligibility_stale, no_candidates, candidates_not_ready, voting_closed.';
grant execute on function app.open_voting() to podium_app;

create function app.close_voting() returns jsonb
  language plpgsql volatile security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:write', true);
  e app.events;
  st text;
begin
  select * into e from app.events x where x.id = ctx.event_id for update;
  st := app_private.vote_state(e);
  if st = 'closed' then
    return app_private.vote_window_json(e) || jsonb_build_object('closedAt', app_private.iso(app_private.vote_closes_at(e)), 'alreadyClosed', true);
  end if;
  if st <> 'open' then
    perform app_private.fail('voting_not_open', format('Voting is not open (%s)', st), jsonb_build_object('voteState', st));
  end if;
  update app.events x set voting_closed_at = app.now(), updated_at = app.now() where x.id = e.id returning * into e;
  return app_private.vote_window_json(e) || jsonb_build_object('closedAt', app_private.iso(e.voting_closed_at), 'alreadyClosed', false);
end;
$$;
comment on function app.close_voting() is
  'community voting close: closes an open vote now (idempotent once closed); voting_not_open otherwise.';
grant execute on function app.close_voting() to podium_app;
