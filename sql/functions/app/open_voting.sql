-- community voting open: opens voting (scheduled until the configured opening, then open);
-- idempotent; roster_not_locked, eligibility_not_locked, eligibility_stale, no_candidates,
-- candidates_not_ready, voting_closed.

CREATE OR REPLACE FUNCTION app.open_voting()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

comment on function app.open_voting() is E'@shape app.vote_opening\ncommunity voting open: opens voting (scheduled until the configured opening, then open); idempotent; roster_not_locked, eligibility_not_locked, eligibility_stale, no_candidates, candidates_not_ready, voting_closed.';
revoke all on function app.open_voting() from public;
grant execute on function app.open_voting() to podium_app;
