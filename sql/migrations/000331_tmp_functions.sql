-- jury assignments add <juror> <team>: assigns by hand, before the close. A conflicted pair is
-- refused with jury_conflict naming the conflict.
create or replace function app.add_jury_assignment(p_juror text, p_team text) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:write');
  s app.jury_settings := app_private.jury_settings_of(ctx.event_id, true);
  j text := app_private.jury_juror(ctx.event_id, p_juror);
  pid uuid := app_private.jury_team(ctx.event_id, p_team);
  added boolean;
begin
  if app_private.jury_state(ctx.event_id) = 'closed' then
    perform app_private.fail('jury_closed', format('Judging closed at %s', app_private.iso(s.closed_at)), jsonb_build_object('closedAt', app_private.iso(s.closed_at)));
  end if;
  perform app_private.jury_refuse_conflict(ctx.event_id, j, pid);
  insert into app.jury_assignments (event_id, juror, project_id, source) values (ctx.event_id, j, pid, 'manual')
  on conflict (event_id, juror, project_id) do nothing;
  added := found;
  perform app_private.jury_publish_progress(ctx.event_id, pid);
  return jsonb_build_object('juror', j, 'projectId', pid, 'team', (select p.name from app.projects p where p.id = pid), 'added', added);
end;
$$;
comment on function app.add_jury_assignment(text, text) is 'jury assignments add: assigns a juror to a team by hand; jury_conflict naming the conflict, jury_closed after the close.';
grant execute on function app.add_jury_assignment(text, text) to podium_app;
-- jury conflicts add <juror> <team>: declares a conflict of interest; an assignment of that
-- pair goes (with its draft), refused with jury_score_submitted when a score was submitted.
create or replace function app.add_jury_conflict(p_juror text, p_team text, p_reason text default null) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:write');
  j text := app_private.jury_juror(ctx.event_id, p_juror);
  pid uuid := app_private.jury_team(ctx.event_id, p_team);
begin
  perform app_private.jury_settings_of(ctx.event_id, true);
  if exists (select 1 from app.jury_scores s where s.event_id = ctx.event_id and s.juror = j and s.project_id = pid and s.state = 'submitted') then
    perform app_private.fail('jury_score_submitted', format('%s already submitted a score for %s; a conflict cannot be declared after it', j, p_team),
      jsonb_build_object('juror', j, 'projectId', pid));
  end if;
  insert into app.jury_conflicts (event_id, juror, project_id, reason, source, declared_by)
  values (ctx.event_id, j, pid, nullif(trim(p_reason), ''), 'declared', ctx.user_id)
  on conflict (event_id, juror, project_id) do update set reason = coalesce(excluded.reason, app.jury_conflicts.reason);
  delete from app.jury_scores s where s.event_id = ctx.event_id and s.juror = j and s.project_id = pid;
  delete from app.jury_assignments a where a.event_id = ctx.event_id and a.juror = j and a.project_id = pid;
  return app.list_jury_conflicts();
end;
$$;
comment on function app.add_jury_conflict(text, text, text) is 'jury conflicts add: declares a juror''s conflict with a team (the pair''s assignment and draft go); juror_not_found, team_not_found, jury_score_submitted.';
grant execute on function app.add_jury_conflict(text, text, text) to podium_app;
-- jury assign [--per-team k] [--seed n]: a new plan. Assignments by hand stay and count; the
-- plan's own rows are replaced. Teams in an order drawn from the seed each get jurors until k,
-- the least loaded first (ties broken by a hash of seed, juror and team, then the address),
-- never a juror with a conflict: the same seed and roster give the same plan. Teams that cannot
-- reach k are reported (shortfall) with why. Refused once judging opened (jury_opened).
create or replace function app.assign_jury(p_per_team integer default 3, p_seed bigint default 0) returns jsonb
  language plpgsql security definer
  set search_path = ''
  set jit = 'off'
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:write');
  s app.jury_settings := app_private.jury_settings_of(ctx.event_id, true);
  k integer := coalesce(p_per_team, 3);
  seed text := coalesce(p_seed, 0)::text;
  jurors text[];
  loads integer[];
  conf jsonb;
  taken jsonb;
  t record;
  pick record;
  need integer;
  made integer := 0;
  have jsonb;
  pick_j text[] := '{}';
  pick_p uuid[] := '{}';
begin
  if app_private.jury_state(ctx.event_id) <> 'setup' then
    perform app_private.fail('jury_opened', format('Judging opened at %s: the plan is fixed (change single assignments with jury assignments add|remove)', app_private.iso(s.opened_at)),
      jsonb_build_object('openedAt', app_private.iso(s.opened_at)));
  end if;
  if k < 1 or k > 100 then
    perform app_private.fail('invalid_input', 'perTeam must be a whole number from 1 to 100', '{"field":"perTeam"}');
  end if;
  delete from app.jury_assignments a where a.event_id = ctx.event_id and a.source = 'plan';
  update app.jury_settings x set per_team = k, seed = coalesce(p_seed, 0), updated_at = now() where x.event_id = ctx.event_id;

  select coalesce(array_agg(q.juror order by q.juror), '{}'),
         coalesce(array_agg((select count(*)::int from app.jury_assignments a where a.event_id = ctx.event_id and a.juror = q.juror) order by q.juror), '{}')
    into jurors, loads
    from (select distinct app_private.normalize_email(r.email) as juror from app.roster_entries r where r.event_id = ctx.event_id and r.role = 'jury') q;
  select coalesce(jsonb_object_agg(c.juror || ' ' || c.project_id, true), '{}') into conf from app_private.jury_conflict_rows(ctx.event_id) c;
  select coalesce(jsonb_object_agg(a.juror || ' ' || a.project_id, true), '{}') into taken from app.jury_assignments a where a.event_id = ctx.event_id;
  select coalesce(jsonb_object_agg(q.project_id, q.n), '{}') into have
    from (select a.project_id::text as project_id, count(*) as n from app.jury_assignments a where a.event_id = ctx.event_id group by a.project_id) q;

  for t in
    select x.project_id, coalesce((have ->> x.project_id::text)::int, 0) as have
      from app.event_teams x where x.event_id = ctx.event_id and x.left_at is null
     order by md5(seed || ':' || x.project_id::text), x.project_id
  loop
    need := k - t.have;
    continue when need <= 0;
    for pick in
      select u.juror, u.i from unnest(jurors, loads) with ordinality u(juror, load, i)
       where (conf ? (u.juror || ' ' || t.project_id)) is false and (taken ? (u.juror || ' ' || t.project_id)) is false
       order by u.load, md5(seed || ':' || u.juror || ':' || t.project_id::text), u.juror
       limit need
    loop
      pick_j := pick_j || pick.juror;
      pick_p := pick_p || t.project_id;
      loads[pick.i] := loads[pick.i] + 1;
      made := made + 1;
    end loop;
  end loop;
  insert into app.jury_assignments (event_id, juror, project_id, source)
  select ctx.event_id, u.j, u.p, 'plan' from unnest(pick_j, pick_p) u(j, p);
  perform app_private.live_publish(ctx.event_id, 'jury.progress', array['organizer'], null,
    jsonb_build_object('projectId', null, 'assigned', (select count(*) from app.jury_assignments a where a.event_id = ctx.event_id), 'submitted', 0, 'state', 'setup'));
  return app.list_jury_assignments() || jsonb_build_object('planned', made);
end;
$$;
comment on function app.assign_jury(integer, bigint) is 'jury assign: a deterministic balanced plan giving every team k jurors without a conflict (assignments by hand kept); the shortfall names the teams that cannot reach k and why; jury_opened once judging opened.';
grant execute on function app.assign_jury(integer, bigint) to podium_app;
-- jury results calculate [--method mean|rank]: after the close, a new results version from
-- the submitted scores (app_private.jury_tally: exact fractions, decimal, ties, coverage), or
-- the version that already holds these inputs (created: false). The inputs are kept with the
-- version for the export and the recount; the digest is sha256 of their canonical text.
create or replace function app.calculate_jury_results(p_method text default 'mean') returns jsonb
  language plpgsql security definer
  set search_path = ''
  set jit = 'off'
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:write');
  m text := coalesce(p_method, 'mean');
  st text := app_private.jury_state(ctx.event_id);
  inp jsonb;
  dg text;
  r app.jury_results;
  assigned jsonb;
  t jsonb;
  cov jsonb;
begin
  if m not in ('mean', 'rank') then
    perform app_private.fail('invalid_input', 'method is mean or rank', '{"field":"method"}');
  end if;
  if st <> 'closed' then
    perform app_private.fail('jury_not_closed', 'Judging has not closed yet (jury close first)', jsonb_build_object('state', st));
  end if;
  inp := app_private.jury_inputs(ctx.event_id, m);
  dg := encode(pg_catalog.sha256(convert_to(app_private.jury_canonical(inp -> 'inputs'), 'UTF8')), 'hex');
  select * into r from app.jury_results x where x.event_id = ctx.event_id and x.digest = dg order by x.version limit 1;
  if r.id is not null then
    return app_private.jury_result_json(r) || jsonb_build_object('created', false);
  end if;
  select coalesce(jsonb_object_agg(q.pid, q.n), '{}') into assigned
    from (select a.project_id::text as pid, count(*) as n from app.jury_assignments a where a.event_id = ctx.event_id group by a.project_id) q;
  t := app_private.jury_tally(inp -> 'inputs', assigned);
  cov := jsonb_build_object(
    'teams', jsonb_array_length(inp #> '{inputs,teams}'),
    'teamsScored', (select count(*) from jsonb_array_elements(t -> 'rows') x where x ->> 'rank' is not null),
    'assigned', (select count(*) from app.jury_assignments a where a.event_id = ctx.event_id),
    'submitted', jsonb_array_length(inp #> '{inputs,scores}'),
    'jurors', (select count(*) from jsonb_object_keys(inp -> 'jurors')));
  insert into app.jury_results (event_id, version, method, calculated_at, calculated_by, digest, rows, ties, coverage)
  values (ctx.event_id, coalesce((select max(x.version) from app.jury_results x where x.event_id = ctx.event_id), 0) + 1, m, app.now(), ctx.user_id, dg,
          t -> 'rows', t -> 'ties', cov)
  returning * into r;
  insert into app_private.jury_result_inputs (result_id, inputs, jurors) values (r.id, inp -> 'inputs', inp -> 'jurors');
  return app_private.jury_result_json(r) || jsonb_build_object('created', true);
end;
$$;
comment on function app.calculate_jury_results(text) is 'jury results calculate: a new version from the submitted scores (method mean or rank; exact fraction, decimal, ties, coverage, digest), or the version holding the same inputs (created: false); jury_not_closed before the close.';
grant execute on function app.calculate_jury_results(text) to podium_app;
-- jury close: judging closes now by the server clock; before the opening it is jury_not_open;
-- closing a closed judging answers its status.
create or replace function app.close_jury() returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:write');
  s app.jury_settings := app_private.jury_settings_of(ctx.event_id, true);
  st text := app_private.jury_state(ctx.event_id);
begin
  if st = 'setup' then
    perform app_private.fail('jury_not_open', 'Judging is not open (jury open first)', jsonb_build_object('state', st));
  end if;
  if st = 'open' then
    update app.jury_settings x set closed_at = app.now(), closed_by = ctx.user_id, updated_at = now() where x.event_id = ctx.event_id;
    perform app_private.live_publish(ctx.event_id, 'jury.window', array['organizer', 'jury'], null, jsonb_build_object('state', 'closed', 'at', app_private.iso(app.now())));
  end if;
  return app.jury_status();
end;
$$;
comment on function app.close_jury() is 'jury close: closes judging now (server clock); jury_not_open before the opening.';
grant execute on function app.close_jury() to podium_app;
-- Judging progress for organizers (scores in / expected per team and per juror, late jurors):
-- counts only, what the dashboard, the TUI and the MCP tool jury_progress read.
create or replace function app.jury_progress() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:read');
begin
  return app_private.jury_progress_json(ctx.event_id);
end;
$$;
comment on function app.jury_progress() is 'Judging progress as counts per team and per juror (late jurors); organizers only; never a score.';
grant execute on function app.jury_progress() to podium_app;
-- jury results export: the inputs a version counted (scale, criteria, teams, scores by juror
-- label; never a note), what podium jury recount reads. With identities (organizers only) the
-- label -> address map is added. Others read released versions, without identities.
create or replace function app.jury_results_export(p_version integer, p_identities boolean default false) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:read', array['organizer', 'jury', 'participant', 'advisor']);
  r app.jury_results;
  i app_private.jury_result_inputs;
  out_ jsonb;
begin
  if coalesce(p_identities, false) and ctx.role <> 'organizer' then
    perform app_private.fail('insufficient_event_role', 'An event organizer is needed for an export with juror identities',
      jsonb_build_object('role', ctx.role, 'needed', '["organizer"]'::jsonb));
  end if;
  select * into r from app.jury_results x where x.event_id = ctx.event_id and x.version = p_version
    and (ctx.role = 'organizer' or x.released_at is not null);
  if r.id is null then
    perform app_private.fail('not_found', format('No jury results version %s', coalesce(p_version::text, 'null')), jsonb_build_object('version', p_version));
  end if;
  select * into i from app_private.jury_result_inputs x where x.result_id = r.id;
  out_ := jsonb_build_object('format', 'podium-jury-scores/1', 'resultVersion', r.version, 'digest', left(r.digest, 12)) || i.inputs;
  if coalesce(p_identities, false) then
    out_ := out_ || jsonb_build_object('jurors', coalesce((select jsonb_agg(jsonb_build_object('juror', k, 'email', v,
               'name', (select re.name from app.roster_entries re where re.event_id = ctx.event_id and app_private.normalize_email(re.email) = v)) order by length(k), k)
             from jsonb_each_text(i.jurors) e(k, v)), '[]'));
  end if;
  return out_;
end;
$$;
comment on function app.jury_results_export(integer, boolean) is 'jury results export: the counted inputs of a version (juror labels, no notes) for podium jury recount; identities (label -> address) for organizers only.';
grant execute on function app.jury_results_export(integer, boolean) to podium_app;
-- The jury's status for the caller: the window and criteria for everyone on the roster;
-- organizers also the progress (counts only); a juror also their own progress.
create or replace function app.jury_status() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:read', array['organizer', 'jury', 'participant', 'advisor']);
  s app.jury_settings;
  me text := app_private.jury_me(ctx.user_id);
  out_ jsonb;
begin
  select * into s from app.jury_settings x where x.event_id = ctx.event_id;
  out_ := jsonb_build_object('state', app_private.jury_state(ctx.event_id), 'openedAt', app_private.iso(s.opened_at), 'closedAt', app_private.iso(s.closed_at),
    'now', app_private.iso(app.now()), 'role', ctx.role,
    'released', exists (select 1 from app.jury_results r where r.event_id = ctx.event_id and r.released_at is not null));
  if ctx.role = 'organizer' then
    out_ := out_ || jsonb_build_object('progress', app_private.jury_progress_json(ctx.event_id));
  elsif ctx.role = 'jury' then
    out_ := out_ || jsonb_build_object('assigned', (select count(*) from app.jury_assignments a where a.event_id = ctx.event_id and a.juror = me),
      'submitted', (select count(*) from app.jury_scores x where x.event_id = ctx.event_id and x.juror = me and x.state = 'submitted'));
  end if;
  return out_;
end;
$$;
comment on function app.jury_status() is 'The judging window (state by the server clock); organizers get progress counts, a juror their own counts.';
grant execute on function app.jury_status() to podium_app;
-- jury assignments show: every assignment (juror, team, plan or by hand, score state), each
-- juror's load, and the teams short of k with why. Organizers only.
create or replace function app.list_jury_assignments() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:read');
  s app.jury_settings;
begin
  select * into s from app.jury_settings x where x.event_id = ctx.event_id;
  return jsonb_build_object(
    'perTeam', coalesce(s.per_team, 3), 'seed', coalesce(s.seed, 0), 'state', app_private.jury_state(ctx.event_id),
    'items', coalesce((select jsonb_agg(jsonb_build_object('juror', a.juror, 'projectId', a.project_id, 'team', p.name, 'source', a.source,
                         'scoreState', coalesce(sc.state, 'none')) order by a.juror, lower(p.name), a.project_id)
                       from app.jury_assignments a join app.projects p on p.id = a.project_id
                       left join app.jury_scores sc on sc.event_id = a.event_id and sc.juror = a.juror and sc.project_id = a.project_id
                      where a.event_id = ctx.event_id), '[]'),
    'jurors', coalesce((select jsonb_agg(jsonb_build_object('juror', q.juror, 'name', q.name, 'load', coalesce(l.n, 0)) order by q.juror)
                        from (select app_private.normalize_email(r.email) as juror, r.name from app.roster_entries r where r.event_id = ctx.event_id and r.role = 'jury') q
                        left join (select a.juror, count(*) as n from app.jury_assignments a where a.event_id = ctx.event_id group by a.juror) l on l.juror = q.juror), '[]'),
    'shortfall', app_private.jury_shortfall(ctx.event_id, coalesce(s.per_team, 3)));
end;
$$;
comment on function app.list_jury_assignments() is 'jury assignments show: assignments, loads per juror, and the teams short of k with why; organizers only.';
grant execute on function app.list_jury_assignments() to podium_app;
-- jury conflicts show: every conflict of the jurors (roster, advised, declared), organizers only.
create or replace function app.list_jury_conflicts() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:read');
begin
  return jsonb_build_object('items', coalesce((
    select jsonb_agg(jsonb_build_object('juror', c.juror, 'projectId', c.project_id, 'team', p.name, 'kind', c.kind, 'reason', c.reason)
                     order by c.juror, lower(p.name), c.kind)
      from app_private.jury_conflict_rows(ctx.event_id) c join app.projects p on p.id = c.project_id), '[]'));
end;
$$;
comment on function app.list_jury_conflicts() is 'jury conflicts show: each juror-team conflict with its kind (roster, advised, declared) and reason; organizers only.';
grant execute on function app.list_jury_conflicts() to podium_app;
-- jury results show: organizers every version, everyone else on the roster the released
-- ones; newest first.
create or replace function app.list_jury_results() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:read', array['organizer', 'jury', 'participant', 'advisor']);
begin
  return jsonb_build_object('state', app_private.jury_state(ctx.event_id), 'items', coalesce((
    select jsonb_agg(app_private.jury_result_json(r) order by r.version desc) from app.jury_results r
     where r.event_id = ctx.event_id and (ctx.role = 'organizer' or r.released_at is not null)), '[]'));
end;
$$;
comment on function app.list_jury_results() is 'jury results: the versions (organizers every one, others the released), newest first.';
grant execute on function app.list_jury_results() to podium_app;
-- jury scores: the caller's own teams (assigned) with their score each (draft, submission,
-- note, revision), the criteria and the window. Jurors only: nobody reads another's score here.
create or replace function app.my_jury_scores() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:read', array['jury']);
  me text := app_private.jury_me(ctx.user_id);
begin
  return app_private.jury_criteria_json(ctx.event_id) || jsonb_build_object('juror', me,
    'items', coalesce((select jsonb_agg(app_private.jury_score_json(sc) || jsonb_build_object('projectId', a.project_id, 'team', p.name, 'tagline', t.tagline) order by lower(p.name), a.project_id)
                       from app.jury_assignments a join app.projects p on p.id = a.project_id
                       join app.event_teams t on t.project_id = a.project_id
                       left join app.jury_scores sc on sc.event_id = a.event_id and sc.juror = a.juror and sc.project_id = a.project_id
                      where a.event_id = ctx.event_id and a.juror = me), '[]'));
end;
$$;
comment on function app.my_jury_scores() is 'jury scores: the caller''s assigned teams with their own score each (draft, submission, note, revision); jurors only.';
grant execute on function app.my_jury_scores() to podium_app;
-- jury open: judging opens now by the server clock. Needs criteria (jury_no_criteria) and
-- assignments (jury_no_assignments); a closed judging does not open again (jury_closed);
-- opening an open judging answers its status.
create or replace function app.open_jury() returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:write');
  s app.jury_settings := app_private.jury_settings_of(ctx.event_id, true);
  st text := app_private.jury_state(ctx.event_id);
begin
  if st = 'closed' then
    perform app_private.fail('jury_closed', format('Judging closed at %s; it does not open again', app_private.iso(s.closed_at)), jsonb_build_object('closedAt', app_private.iso(s.closed_at)));
  end if;
  if st = 'setup' then
    if not exists (select 1 from app.jury_criteria c where c.event_id = ctx.event_id) then
      perform app_private.fail('jury_no_criteria', 'Set the criteria first (jury criteria set --file criteria.json)');
    end if;
    if not exists (select 1 from app.jury_assignments a where a.event_id = ctx.event_id) then
      perform app_private.fail('jury_no_assignments', 'Assign jurors first (jury assign)');
    end if;
    update app.jury_settings x set opened_at = app.now(), opened_by = ctx.user_id, updated_at = now() where x.event_id = ctx.event_id;
    perform app_private.live_publish(ctx.event_id, 'jury.window', array['organizer', 'jury'], null, jsonb_build_object('state', 'open', 'at', app_private.iso(app.now())));
  end if;
  return app.jury_status();
end;
$$;
comment on function app.open_jury() is 'jury open: opens judging now (server clock); jury_no_criteria, jury_no_assignments, jury_closed.';
grant execute on function app.open_jury() to podium_app;
-- jury results release <n>: marks a version released (the roster then reads it).
create or replace function app.release_jury_results(p_version integer) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:write');
  r app.jury_results;
begin
  update app.jury_results x set released_at = coalesce(x.released_at, app.now()), released_by = coalesce(x.released_by, ctx.user_id)
   where x.event_id = ctx.event_id and x.version = p_version
  returning * into r;
  if r.id is null then
    perform app_private.fail('not_found', format('No jury results version %s', coalesce(p_version::text, 'null')), jsonb_build_object('version', p_version));
  end if;
  perform app_private.live_publish(ctx.event_id, 'jury.released', array['organizer', 'jury', 'participant', 'advisor'], null,
    jsonb_build_object('version', r.version, 'digest', left(r.digest, 12)));
  return app_private.jury_result_json(r);
end;
$$;
comment on function app.release_jury_results(integer) is 'jury results release: marks a jury results version released; not_found for an unknown version.';
grant execute on function app.release_jury_results(integer) to podium_app;
-- jury assignments remove <juror> <team>: takes an assignment back with its draft; refused
-- (jury_score_submitted) once the juror submitted a score for that team.
create or replace function app.remove_jury_assignment(p_juror text, p_team text) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:write');
  s app.jury_settings := app_private.jury_settings_of(ctx.event_id, true);
  j text := app_private.jury_juror(ctx.event_id, p_juror);
  pid uuid := app_private.jury_team(ctx.event_id, p_team);
  removed boolean;
begin
  if exists (select 1 from app.jury_scores x where x.event_id = ctx.event_id and x.juror = j and x.project_id = pid and x.state = 'submitted') then
    perform app_private.fail('jury_score_submitted', format('%s already submitted a score for %s; the assignment stays', j, p_team),
      jsonb_build_object('juror', j, 'projectId', pid));
  end if;
  delete from app.jury_scores x where x.event_id = ctx.event_id and x.juror = j and x.project_id = pid;
  delete from app.jury_assignments a where a.event_id = ctx.event_id and a.juror = j and a.project_id = pid;
  removed := found;
  perform app_private.jury_publish_progress(ctx.event_id, pid);
  return jsonb_build_object('juror', j, 'projectId', pid, 'team', (select p.name from app.projects p where p.id = pid), 'removed', removed);
end;
$$;
comment on function app.remove_jury_assignment(text, text) is 'jury assignments remove: takes an assignment and its draft back; jury_score_submitted after a submission.';
grant execute on function app.remove_jury_assignment(text, text) to podium_app;
-- jury conflicts remove <juror> <team>: withdraws a declared conflict (roster and advising
-- conflicts are facts, not declarations: they stay).
create or replace function app.remove_jury_conflict(p_juror text, p_team text) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:write');
  j text := app_private.jury_juror(ctx.event_id, p_juror);
  pid uuid := app_private.jury_team(ctx.event_id, p_team);
begin
  delete from app.jury_conflicts c where c.event_id = ctx.event_id and c.juror = j and c.project_id = pid;
  return app.list_jury_conflicts();
end;
$$;
comment on function app.remove_jury_conflict(text, text) is 'jury conflicts remove: withdraws a declared conflict; roster and advising conflicts stay.';
grant execute on function app.remove_jury_conflict(text, text) to podium_app;
-- jury score <team> --score "Name=4" ...: saves a draft (values merged over the draft).
create or replace function app.save_jury_score(p_team text, p_scores jsonb, p_note text, p_expected_revision integer) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
begin
  return (
  select app_private.write_jury_score(p_team, p_scores, p_note, p_expected_revision, false)
  );
end;
$$;
comment on function app.save_jury_score(text, jsonb, text, integer) is 'jury score: saves the caller''s draft score of a team (jurors only; window, assignment, conflict, revision, scale).';
grant execute on function app.save_jury_score(text, jsonb, text, integer) to podium_app;
-- jury criteria set: replaces the event's criteria (and optionally the scale) from a file,
-- `[{ name, description?, weight }]` or `{ scale?: { min, max }, criteria: [...] }`; weights
-- whole numbers from 1; names unique (case-insensitive). Refused once judging opened.
create or replace function app.set_jury_criteria(p_file jsonb) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:write');
  s app.jury_settings := app_private.jury_settings_of(ctx.event_id, true);
  crit jsonb;
  scale jsonb;
  c jsonb;
  i integer := 0;
  k text;
  lo integer;
  hi integer;
  names text[] := '{}';
begin
  if app_private.jury_state(ctx.event_id) <> 'setup' then
    perform app_private.fail('jury_opened', format('Judging opened at %s: the criteria are fixed', app_private.iso(s.opened_at)),
      jsonb_build_object('openedAt', app_private.iso(s.opened_at)));
  end if;
  if jsonb_typeof(p_file) = 'array' then
    crit := p_file;
  elsif jsonb_typeof(p_file) = 'object' then
    for k in select jsonb_object_keys(p_file) loop
      if k not in ('scale', 'criteria') then
        perform app_private.fail('invalid_criteria', format('%s is not a field of the criteria file (scale, criteria)', k), jsonb_build_object('field', k));
      end if;
    end loop;
    crit := p_file -> 'criteria';
    scale := p_file -> 'scale';
  end if;
  if crit is null or jsonb_typeof(crit) <> 'array' or jsonb_array_length(crit) = 0 then
    perform app_private.fail('invalid_criteria', 'The criteria file is a non-empty list of { "name", "description", "weight" }', jsonb_build_object('field', 'criteria'));
  end if;
  if jsonb_array_length(crit) > 20 then
    perform app_private.fail('invalid_criteria', 'At most 20 criteria', jsonb_build_object('field', 'criteria'));
  end if;
  lo := s.scale_min;
  hi := s.scale_max;
  if scale is not null then
    if jsonb_typeof(scale) <> 'object' or jsonb_typeof(scale -> 'min') <> 'number' or jsonb_typeof(scale -> 'max') <> 'number'
       or (scale ->> 'min') !~ '^\d{1,3}$' or (scale ->> 'max') !~ '^\d{1,3}$'
       or (scale ->> 'min')::int >= (scale ->> 'max')::int or (scale ->> 'max')::int > 100
       or (select count(*) from jsonb_object_keys(scale)) <> 2 then
      perform app_private.fail('invalid_criteria', 'scale is { "min", "max" }: whole numbers from 0 to 100, min below max', jsonb_build_object('field', 'scale'));
    end if;
    lo := (scale ->> 'min')::int;
    hi := (scale ->> 'max')::int;
  end if;
  for c in select x from jsonb_array_elements(crit) x loop
    if jsonb_typeof(c) <> 'object' then
      perform app_private.fail('invalid_criteria', format('criteria.%s must be { "name", "description", "weight" }', i), jsonb_build_object('field', format('criteria.%s', i)));
    end if;
    for k in select jsonb_object_keys(c) loop
      if k not in ('name', 'description', 'weight') then
        perform app_private.fail('invalid_criteria', format('criteria.%s.%s is not a field (name, description, weight)', i, k), jsonb_build_object('field', format('criteria.%s.%s', i, k)));
      end if;
    end loop;
    if jsonb_typeof(c -> 'name') is distinct from 'string' or length(trim(c ->> 'name')) not between 1 and 60
       or (c ->> 'name') ~ '[[:cntrl:]=,]' then
      perform app_private.fail('invalid_criteria', format('criteria.%s.name must be 1 to 60 characters without "=", "," or control characters', i),
        jsonb_build_object('field', format('criteria.%s.name', i)));
    end if;
    if lower(trim(c ->> 'name')) = any (names) then
      perform app_private.fail('invalid_criteria', format('criteria.%s.name: %s is named twice', i, trim(c ->> 'name')), jsonb_build_object('field', format('criteria.%s.name', i)));
    end if;
    names := names || lower(trim(c ->> 'name'));
    if c ? 'description' and (jsonb_typeof(c -> 'description') <> 'string' or length(c ->> 'description') not between 1 and 1000
       or (c ->> 'description') ~ '[\x01-\x08\x0b-\x1f\x7f]') then
      perform app_private.fail('invalid_criteria', format('criteria.%s.description must be 1 to 1000 characters', i), jsonb_build_object('field', format('criteria.%s.description', i)));
    end if;
    if jsonb_typeof(c -> 'weight') is distinct from 'number' or (c ->> 'weight') !~ '^\d{1,4}$' or (c ->> 'weight')::int not between 1 and 1000 then
      perform app_private.fail('invalid_criteria', format('criteria.%s.weight must be a whole number from 1 to 1000', i), jsonb_build_object('field', format('criteria.%s.weight', i)));
    end if;
    i := i + 1;
  end loop;
  delete from app.jury_criteria x where x.event_id = ctx.event_id;
  insert into app.jury_criteria (event_id, position, name, description, weight)
  select ctx.event_id, o, trim(x ->> 'name'), x ->> 'description', (x ->> 'weight')::int
    from jsonb_array_elements(crit) with ordinality e(x, o);
  update app.jury_settings x set scale_min = lo, scale_max = hi, updated_at = now() where x.event_id = ctx.event_id;
  return app_private.jury_criteria_json(ctx.event_id);
end;
$$;
comment on function app.set_jury_criteria(jsonb) is 'jury criteria set: replaces the criteria (name, description, whole-number weight) and optionally the scale (1-5 by default); jury_opened once judging opened, invalid_criteria naming the field.';
grant execute on function app.set_jury_criteria(jsonb) to podium_app;
-- The roster file's conflicts field (event roster import): a jury row may carry
-- "conflicts": ["<team>", ...]; the file is the whole truth, so the conflicts it declares
-- replace those of the previous import (conflicts declared with jury conflicts add stay).
-- A conflict with a team the juror is assigned to takes the assignment and its draft away;
-- jury_score_submitted when the juror already submitted a score for it.
create or replace function app.set_roster_jury_conflicts(p_rows jsonb) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:write');
  x jsonb;
  n integer := -1;
  tm jsonb;
  j text;
  pid uuid;
  made integer := 0;
begin
  if jsonb_typeof(p_rows) is distinct from 'array' then
    perform app_private.fail('invalid_input', 'participants must be a list of roster entries', '{"field":"participants"}');
  end if;
  perform app_private.jury_settings_of(ctx.event_id, true);
  delete from app.jury_conflicts c where c.event_id = ctx.event_id and c.source = 'roster';
  for x in select value from jsonb_array_elements(p_rows) loop
    n := n + 1;
    continue when (x ? 'conflicts') is not true;
    if coalesce(x ->> 'role', 'participant') <> 'jury' then
      perform app_private.fail('invalid_input', format('participants.%s.conflicts: only a jury row declares conflicts', n), jsonb_build_object('field', format('participants.%s.conflicts', n)));
    end if;
    if jsonb_typeof(x -> 'conflicts') <> 'array' or exists (select 1 from jsonb_array_elements(x -> 'conflicts') e where jsonb_typeof(e) <> 'string') then
      perform app_private.fail('invalid_input', format('participants.%s.conflicts must be a list of team names', n), jsonb_build_object('field', format('participants.%s.conflicts', n)));
    end if;
    j := app_private.jury_juror(ctx.event_id, x ->> 'email');
    for tm in select e from jsonb_array_elements(x -> 'conflicts') e loop
      pid := app_private.jury_team(ctx.event_id, tm #>> '{}');
      if exists (select 1 from app.jury_scores s where s.event_id = ctx.event_id and s.juror = j and s.project_id = pid and s.state = 'submitted') then
        perform app_private.fail('jury_score_submitted', format('%s already submitted a score for %s; a conflict cannot be declared after it', j, tm #>> '{}'),
          jsonb_build_object('juror', j, 'projectId', pid, 'field', format('participants.%s.conflicts', n)));
      end if;
      insert into app.jury_conflicts (event_id, juror, project_id, source, declared_by) values (ctx.event_id, j, pid, 'roster', ctx.user_id)
      on conflict (event_id, juror, project_id) do nothing;
      delete from app.jury_scores s where s.event_id = ctx.event_id and s.juror = j and s.project_id = pid;
      delete from app.jury_assignments a where a.event_id = ctx.event_id and a.juror = j and a.project_id = pid;
      made := made + 1;
    end loop;
  end loop;
  return jsonb_build_object('conflicts', made);
end;
$$;
comment on function app.set_roster_jury_conflicts(jsonb) is 'event roster import, the conflicts field of jury rows: replaces the conflicts the previous roster file declared (those of jury conflicts add stay).';
grant execute on function app.set_roster_jury_conflicts(jsonb) to podium_app;
-- jury criteria show: the criteria and the scale, for every role of the event.
create or replace function app.show_jury_criteria() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:read', array['organizer', 'jury', 'participant', 'advisor']);
begin
  return app_private.jury_criteria_json(ctx.event_id);
end;
$$;
comment on function app.show_jury_criteria() is 'jury criteria show: scale, criteria in order (name, description, weight), total weight, state.';
grant execute on function app.show_jury_criteria() to podium_app;
-- jury score <team> ... --submit: submits the score (every criterion needed).
create or replace function app.submit_jury_score(p_team text, p_scores jsonb, p_note text, p_expected_revision integer) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
begin
  return (
  select app_private.write_jury_score(p_team, p_scores, p_note, p_expected_revision, true)
  );
end;
$$;
comment on function app.submit_jury_score(text, jsonb, text, integer) is 'jury score --submit: submits the caller''s score of a team (every criterion; jurors only; window, assignment, conflict, revision, scale).';
grant execute on function app.submit_jury_score(text, jsonb, text, integer) to podium_app;
-- The canonical text of a jury result's inputs, what its digest hashes: a header, the method,
-- the scale, one line per criterion in order ("criterion <weight> <name>"), then one line per
-- counted score ("score <projectId> <juror label> <v1>,<v2>,..."), score lines in byte order,
-- every line ending in a newline. core/jury/tally.ts writes the same text for the recount.
create or replace function app_private.jury_canonical(p_inputs jsonb) returns text
  language sql immutable
  set search_path = ''
as $$
  select 'podium-jury-v1' || E'\n'
    || 'method ' || (p_inputs ->> 'method') || E'\n'
    || 'scale ' || (p_inputs #>> '{scale,min}') || ' ' || (p_inputs #>> '{scale,max}') || E'\n'
    || coalesce((select string_agg('criterion ' || (c ->> 'weight') || ' ' || (c ->> 'name') || E'\n', '' order by o)
                 from jsonb_array_elements(p_inputs -> 'criteria') with ordinality e(c, o)), '')
    || coalesce((select string_agg(q.l || E'\n', '' order by q.l collate "C")
                 from (select 'score ' || (x ->> 'projectId') || ' ' || (x ->> 'juror') || ' '
                              || (select string_agg(v, ',' order by o) from jsonb_array_elements_text(x -> 'values') with ordinality w(v, o)) as l
                         from jsonb_array_elements(p_inputs -> 'scores') x) q), '')
$$;
comment on function app_private.jury_canonical(jsonb) is 'The canonical text of jury result inputs (method, scale, criteria, scores by juror label); sha256 of it is the digest.';
-- The conflicts of one juror with one team as one sentence ("advised: claimed ...; declared:
-- ..."), or null when there is none: the rule of app_private.jury_conflict_rows for one
-- pair, by indexed lookups (it runs at every score write).
create or replace function app_private.jury_conflict_of(p_event uuid, p_juror text, p_project uuid) returns text
  language plpgsql stable
  set search_path = ''
as $$
declare
  uid uuid;
  out_ text[] := '{}';
  r text;
begin
  if not exists (select 1 from app.event_teams t where t.project_id = p_project and t.event_id = p_event and t.left_at is null) then
    return null;
  end if;
  select u.id into uid from app.users u where app_private.normalize_email(u.email) = p_juror;
  if exists (select 1 from app.jury_conflicts c where c.event_id = p_event and c.juror = p_juror and c.project_id = p_project) then
    select 'declared: ' || coalesce(c.reason, case c.source when 'roster' then 'declared in the roster file' else 'declared' end) into r
      from app.jury_conflicts c where c.event_id = p_event and c.juror = p_juror and c.project_id = p_project;
    out_ := out_ || r;
  end if;
  if uid is not null then
    select 'advised: ' || format('claimed its help request "%s"', h.title) into r
      from app.help_requests h where h.claimed_by = uid and h.team_id = p_project and h.event_id = p_event order by h.title limit 1;
    if r is not null and r like 'advised:%' then
      out_ := array_prepend(r, out_);
    end if;
  end if;
  if (uid is not null and (exists (select 1 from app.project_members pm where pm.project_id = p_project and pm.user_id = uid)
                           or exists (select 1 from app.project_members pm join app.team_members tm on tm.team_id = pm.team_id
                                       where pm.project_id = p_project and tm.user_id = uid)))
     or exists (select 1 from app.roster_entries re where re.event_id = p_event and re.role = 'participant' and re.team_id = p_project
                  and app_private.normalize_email(re.email) = p_juror) then
    out_ := out_ || 'roster: on the team''s roster'::text;
  end if;
  if cardinality(out_) = 0 then
    return null;
  end if;
  return (select string_agg(x, '; ' order by x) from unnest(out_) x);
end;
$$;
comment on function app_private.jury_conflict_of(uuid, text, uuid) is 'One juror''s conflicts with one team as a sentence (kinds in order: advised, declared, roster), or null.';
-- Every conflict of interest of the event's jurors: roster (the juror's account is a member
-- of the team's project, directly or through a workspace team, or a participant row of that
-- team), advised (the juror claimed one of the team's help requests), declared (jury
-- conflicts add, or the roster file's conflicts field).
create or replace function app_private.jury_conflict_rows(p_event uuid)
  returns table (juror text, project_id uuid, kind text, reason text)
  language sql stable
  set search_path = ''
as $$
  with jurors as materialized (
    -- the account by its normalised address, one indexed lookup per juror
    select q.juror, (select u.id from app.users u where app_private.normalize_email(u.email) = q.juror) as user_id
      from (select app_private.normalize_email(r.email) as juror from app.roster_entries r where r.event_id = p_event and r.role = 'jury') q
  ), teams as (
    select t.project_id from app.event_teams t where t.event_id = p_event and t.left_at is null
  )
  select distinct on (q.juror, q.project_id, q.kind) q.juror, q.project_id, q.kind, q.reason from (
    select j.juror, pm.project_id, 'roster' as kind, 'on the team''s roster' as reason
      from jurors j join app.project_members pm on pm.user_id = j.user_id join teams t on t.project_id = pm.project_id
    union all
    select j.juror, pm.project_id, 'roster', 'on the team''s roster'
      from jurors j join app.team_members tm on tm.user_id = j.user_id
      join app.project_members pm on pm.team_id = tm.team_id join teams t on t.project_id = pm.project_id
    union all
    select j.juror, r.team_id, 'roster', 'on the team''s roster'
      from jurors j join app.roster_entries r on r.event_id = p_event and r.role = 'participant'
       and app_private.normalize_email(r.email) = j.juror join teams t on t.project_id = r.team_id
    union all
    select j.juror, h.team_id, 'advised', format('claimed its help request "%s"', h.title)
      from jurors j join app.help_requests h on h.event_id = p_event and h.claimed_by = j.user_id join teams t on t.project_id = h.team_id
    union all
    select c.juror, c.project_id, 'declared', coalesce(c.reason, case c.source when 'roster' then 'declared in the roster file' else 'declared' end)
      from app.jury_conflicts c join teams t on t.project_id = c.project_id where c.event_id = p_event
  ) q
  order by q.juror, q.project_id, q.kind, q.reason
$$;
comment on function app_private.jury_conflict_rows(uuid) is 'Every conflict of the event''s jurors with its kind (roster, advised, declared) and reason.';
-- The criteria of an event as the wire shows them: scale, criteria in order, total weight,
-- the window state and whether they are fixed (judging opened).
create or replace function app_private.jury_criteria_json(p_event uuid) returns jsonb
  language plpgsql stable
  set search_path = ''
as $$
begin
  return (
  select jsonb_build_object(
    'scale', jsonb_build_object('min', coalesce(s.scale_min, 1), 'max', coalesce(s.scale_max, 5)),
    'criteria', coalesce((select jsonb_agg(jsonb_build_object('position', c.position, 'name', c.name, 'description', c.description, 'weight', c.weight) order by c.position)
                          from app.jury_criteria c where c.event_id = p_event), '[]'),
    'totalWeight', (select coalesce(sum(c.weight), 0) from app.jury_criteria c where c.event_id = p_event),
    'state', app_private.jury_state(p_event),
    'fixed', app_private.jury_state(p_event) <> 'setup')
  from (select 1) one left join app.jury_settings s on s.event_id = p_event
  );
end;
$$;
comment on function app_private.jury_criteria_json(uuid) is 'The jury criteria of an event (scale, criteria, total weight, state, fixed).';
-- What a jury result counts, read now: method, scale, criteria (name, weight), the event's
-- teams, and every submitted score of a team still in the event, the juror given a label
-- (J1, J2, ... in an order from the event id and the address, not the address itself).
-- Answers { inputs, jurors } where jurors maps each label to the address.
create or replace function app_private.jury_inputs(p_event uuid, p_method text) returns jsonb
  language sql stable
  set search_path = ''
as $$
  with s as (
    select * from app.jury_settings x where x.event_id = p_event
  ), cr as (
    select c.position, c.name, c.weight from app.jury_criteria c where c.event_id = p_event
  ), sc as (
    select x.project_id, x.juror, array(select coalesce((x.submission ->> cr.name)::int, 0) from cr order by cr.position) as vals
      from app.jury_scores x join app.event_teams t on t.project_id = x.project_id and t.event_id = p_event and t.left_at is null
     where x.event_id = p_event and x.state = 'submitted'
  ), jl as (
    select d.juror, 'J' || row_number() over (order by md5(p_event::text || ':' || d.juror), d.juror) as label
      from (select distinct sc.juror from sc) d
  )
  select jsonb_build_object(
    'inputs', jsonb_build_object(
      'method', p_method,
      'scale', jsonb_build_object('min', coalesce((select s.scale_min from s), 1), 'max', coalesce((select s.scale_max from s), 5)),
      'criteria', coalesce((select jsonb_agg(jsonb_build_object('name', cr.name, 'weight', cr.weight) order by cr.position) from cr), '[]'),
      'teams', coalesce((select jsonb_agg(jsonb_build_object('projectId', t.project_id, 'name', p.name) order by lower(p.name), t.project_id)
                         from app.event_teams t join app.projects p on p.id = t.project_id where t.event_id = p_event and t.left_at is null), '[]'),
      'scores', coalesce((select jsonb_agg(jsonb_build_object('projectId', sc.project_id, 'juror', jl.label, 'values', to_jsonb(sc.vals))
                                  order by ('score ' || sc.project_id || ' ' || jl.label || ' ' || array_to_string(sc.vals, ',')) collate "C")
                          from sc join jl on jl.juror = sc.juror), '[]')),
    'jurors', coalesce((select jsonb_object_agg(jl.label, jl.juror) from jl), '{}'))
$$;
comment on function app_private.jury_inputs(uuid, text) is 'The inputs of a jury result now (method, scale, criteria, teams, submitted scores by juror label) and the label -> address map.';
-- A juror of the event named by address: a roster row of role jury; juror_not_found otherwise.
-- Answers the juror key (normalised address).
create or replace function app_private.jury_juror(p_event uuid, p_juror text) returns text
  language plpgsql stable
  set search_path = ''
as $$
declare
  j text;
begin
  select app_private.normalize_email(r.email) into j from app.roster_entries r
   where r.event_id = p_event and r.role = 'jury' and app_private.normalize_email(r.email) = app_private.normalize_email(p_juror);
  if j is null then
    perform app_private.fail('juror_not_found', format('%s is not a juror of this event (a roster row of role jury)', coalesce(p_juror, 'null')),
      jsonb_build_object('juror', p_juror));
  end if;
  return j;
end;
$$;
comment on function app_private.jury_juror(uuid, text) is 'The juror key of a roster row of role jury named by address; juror_not_found otherwise.';
-- The caller's juror key: the normalised address of the signed-in account.
create or replace function app_private.jury_me(p_user uuid) returns text
  language sql stable
  set search_path = ''
as $$
  select app_private.normalize_email(u.email) from app.users u where u.id = p_user
$$;
comment on function app_private.jury_me(uuid) is 'The juror key of an account: its normalised address.';
-- Judging progress as counts only (scores in / expected per team and per juror): what
-- organizers see while judging runs. A juror is late when a part of their teams is still
-- unscored and their share of submitted scores is below the event's (after the close: any
-- team unscored).
create or replace function app_private.jury_progress_json(p_event uuid) returns jsonb
  language plpgsql stable
  set search_path = ''
as $$
declare
  st text := app_private.jury_state(p_event);
begin
  return (
  with a as (
    select a.juror, a.project_id, s.state from app.jury_assignments a
      left join app.jury_scores s on s.event_id = a.event_id and s.juror = a.juror and s.project_id = a.project_id
     where a.event_id = p_event
  ), tot as (
    select count(*)::int as assigned, count(*) filter (where a.state = 'submitted')::int as submitted from a
  ), per_team as (
    select a.project_id, count(*) as assigned, count(*) filter (where a.state = 'submitted') as submitted, count(*) filter (where a.state = 'draft') as drafts
      from a group by a.project_id
  ), per_juror as (
    select a.juror, count(*) as assigned, count(*) filter (where a.state = 'submitted') as submitted, count(*) filter (where a.state = 'draft') as drafts
      from a group by a.juror
  )
  select jsonb_build_object(
    'state', st, 'assigned', tot.assigned, 'submitted', tot.submitted,
    'teams', coalesce((select jsonb_agg(jsonb_build_object('projectId', t.project_id, 'team', p.name,
        'assigned', coalesce(pt.assigned, 0), 'submitted', coalesce(pt.submitted, 0), 'drafts', coalesce(pt.drafts, 0))
        order by lower(p.name), t.project_id)
        from app.event_teams t join app.projects p on p.id = t.project_id left join per_team pt on pt.project_id = t.project_id
       where t.event_id = p_event and t.left_at is null), '[]'),
    'jurors', coalesce((select jsonb_agg(jsonb_build_object('juror', j.juror, 'name', j.name,
        'assigned', coalesce(pj.assigned, 0), 'submitted', coalesce(pj.submitted, 0), 'drafts', coalesce(pj.drafts, 0),
        'late', coalesce(pj.assigned, 0) > coalesce(pj.submitted, 0)
                and (st = 'closed' or coalesce(pj.submitted, 0)::numeric * greatest(tot.assigned, 1) < tot.submitted::numeric * coalesce(pj.assigned, 0)))
        order by j.juror)
        from (select app_private.normalize_email(r.email) as juror, r.name from app.roster_entries r where r.event_id = p_event and r.role = 'jury') j
        left join per_juror pj on pj.juror = j.juror), '[]'))
  from tot
  );
end;
$$;
comment on function app_private.jury_progress_json(uuid) is 'Judging progress as counts (per team, per juror, late jurors); never a score.';
-- Tells the organizers' live stream that judging progress changed (kind jury.progress):
-- counts only, the team concerned and its scores in / expected.
create or replace function app_private.jury_publish_progress(p_event uuid, p_project uuid) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  perform app_private.live_publish(p_event, 'jury.progress', array['organizer'], null,
    jsonb_build_object('projectId', p_project,
      'assigned', (select count(*) from app.jury_assignments a where a.event_id = p_event and a.project_id = p_project),
      'submitted', (select count(*) from app.jury_scores s where s.event_id = p_event and s.project_id = p_project and s.state = 'submitted'),
      'state', app_private.jury_state(p_event)));
end;
$$;
comment on function app_private.jury_publish_progress(uuid, uuid) is 'Publishes jury.progress (counts of one team) to the organizers of the event.';
-- Refuses a juror-team pair with a conflict: jury_conflict naming the juror, the team and
-- every conflict. Assignments by hand and score writes call it.
create or replace function app_private.jury_refuse_conflict(p_event uuid, p_juror text, p_project uuid) returns void
  language plpgsql stable
  set search_path = ''
as $$
declare
  why text := app_private.jury_conflict_of(p_event, p_juror, p_project);
  team text;
begin
  if why is not null then
    select p.name into team from app.projects p where p.id = p_project;
    perform app_private.fail('jury_conflict', format('%s has a conflict of interest with %s (%s)', p_juror, team, why),
      jsonb_build_object('juror', p_juror, 'projectId', p_project, 'team', team, 'conflict', why));
  end if;
end;
$$;
comment on function app_private.jury_refuse_conflict(uuid, text, uuid) is 'jury_conflict for a conflicted juror-team pair, naming the conflict.';
-- One jury result version as the wire shows it.
create or replace function app_private.jury_result_json(r app.jury_results) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object('version', r.version, 'method', r.method,
    'calculatedAt', app_private.iso(r.calculated_at), 'released', r.released_at is not null, 'releasedAt', app_private.iso(r.released_at),
    'digest', left(r.digest, 12), 'rows', r.rows, 'ties', r.ties, 'coverage', r.coverage)
$$;
comment on function app_private.jury_result_json(app.jury_results) is 'A jury result version: method, digest (12), rows, ties, coverage, release.';
-- Trigger: a juror leaves the roster (row deleted, or its role changed from jury). Their
-- drafts and the assignments without a submitted score go; submitted scores go too unless the
-- organizer keeps them at removal (event roster import --keep-scores sets
-- podium.jury_keep_scores = on for that transaction), then they stay, marked juror_removed_at.
create or replace function app_private.jury_roster_removed() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  j text := app_private.normalize_email(old.email);
begin
  if tg_op = 'UPDATE' and new.role = 'jury' and app_private.normalize_email(new.email) = j then
    return new;
  end if;
  delete from app.jury_scores s where s.event_id = old.event_id and s.juror = j and s.state = 'draft';
  if coalesce(current_setting('podium.jury_keep_scores', true), '') = 'on' then
    update app.jury_scores s set juror_removed_at = app.now(), draft = null where s.event_id = old.event_id and s.juror = j;
  else
    delete from app.jury_scores s where s.event_id = old.event_id and s.juror = j;
  end if;
  delete from app.jury_assignments a where a.event_id = old.event_id and a.juror = j
    and not exists (select 1 from app.jury_scores s where s.event_id = a.event_id and s.juror = a.juror and s.project_id = a.project_id);
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
comment on function app_private.jury_roster_removed() is 'Trigger: a juror removed from the roster loses drafts and assignments; submitted scores stay only under podium.jury_keep_scores = on (--keep-scores).';
-- One score as its juror reads it.
create or replace function app_private.jury_score_json(s app.jury_scores) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object('projectId', s.project_id, 'team', (select p.name from app.projects p where p.id = s.project_id),
    'state', coalesce(s.state, 'none'), 'revision', coalesce(s.revision, 0), 'draft', s.draft, 'submission', s.submission, 'note', s.note,
    'acceptedAt', app_private.iso(s.accepted_at), 'submittedAt', app_private.iso(s.submitted_at))
$$;
comment on function app_private.jury_score_json(app.jury_scores) is 'A jury score as the wire shows it to its juror.';
-- The jury settings row of an event, made with the defaults (scale 1-5, k = 3) on first use
-- and locked for the caller's transaction when p_lock.
create or replace function app_private.jury_settings_of(p_event uuid, p_lock boolean) returns app.jury_settings
  language plpgsql
  set search_path = ''
as $$
declare
  s app.jury_settings;
begin
  insert into app.jury_settings (event_id) values (p_event) on conflict (event_id) do nothing;
  if p_lock then
    select * into s from app.jury_settings x where x.event_id = p_event for update;
  else
    select * into s from app.jury_settings x where x.event_id = p_event;
  end if;
  return s;
end;
$$;
comment on function app_private.jury_settings_of(uuid, boolean) is 'The jury settings of an event (created with the defaults on first use), locked when p_lock.';
-- The teams that have fewer than k jurors assigned, each with why: how many jurors are free
-- of a conflict with it and the conflicts that take the others out.
create or replace function app_private.jury_shortfall(p_event uuid, p_k integer) returns jsonb
  language plpgsql stable
  set search_path = ''
as $$
begin
  return (
  with jurors as (
    select count(*)::int as n from app.roster_entries r where r.event_id = p_event and r.role = 'jury'
  ), conf as (
    select c.project_id, count(distinct c.juror)::int as n, string_agg(c.juror || ' (' || c.kind || ')', ', ' order by c.juror, c.kind) as list
      from app_private.jury_conflict_rows(p_event) c group by c.project_id
  ), have as (
    select a.project_id, count(*)::int as n from app.jury_assignments a where a.event_id = p_event group by a.project_id
  ), per as (
    select t.project_id, p.name, coalesce(h.n, 0) as assigned, (select n from jurors) - coalesce(c.n, 0) as free, c.list as conflicts
      from app.event_teams t join app.projects p on p.id = t.project_id
      left join have h on h.project_id = t.project_id left join conf c on c.project_id = t.project_id
     where t.event_id = p_event and t.left_at is null
  )
  select coalesce(jsonb_agg(jsonb_build_object('projectId', per.project_id, 'team', per.name, 'assigned', per.assigned, 'needed', p_k,
      'freeJurors', per.free,
      'reason', case
        when per.free < p_k then format('only %s of %s jurors have no conflict with it%s', per.free, (select n from jurors),
                                        coalesce(' (conflicts: ' || per.conflicts || ')', ''))
        else format('%s of the %s jurors free of a conflict are assigned; run jury assign or add one by hand', per.assigned, per.free) end)
    order by lower(per.name), per.project_id), '[]')
  from per where per.assigned < p_k
  );
end;
$$;
comment on function app_private.jury_shortfall(uuid, integer) is 'Teams with fewer than k jurors assigned, with the reason (jurors free of a conflict, the conflicts).';
-- The judging window by the server clock: setup before jury open, open until jury close,
-- closed after. One place decides it; every jury rule asks here.
create or replace function app_private.jury_state(p_event uuid) returns text
  language plpgsql stable
  set search_path = ''
as $$
declare
  s app.jury_settings;
begin
  select * into s from app.jury_settings x where x.event_id = p_event;
  return case
    when s.opened_at is null or s.opened_at > app.now() then 'setup'
    when s.closed_at is not null and s.closed_at <= app.now() then 'closed'
    else 'open' end;
end;
$$;
comment on function app_private.jury_state(uuid) is 'The judging window of an event by app.now(): setup, open or closed.';
-- The jury method over a result's inputs, exactly (numeric integers only):
--   a score's weighted value is sum(weight * value) / sum(weight);
--   mean: a team's result is the mean of the weighted values of its scores;
--   rank: each juror's teams are ranked by weighted value (best 1; equal values share the
--   mean of their positions), the team at position r of a juror with m teams gets
--   (m - r) / (m - 1) (m = 1 gives 1), and a team's result is the mean of those points.
-- Rows are ranked by the exact fraction (equal fractions share a rank: 1, 1, 3); a team
-- without a counted score is unranked. Decimal: half up to 4 places. Answers { rows, ties }.
create or replace function app_private.jury_tally(p_inputs jsonb, p_assigned jsonb) returns jsonb
  language plpgsql stable
  set search_path = ''
  set jit = 'off'
as $$
declare
  w_total numeric;
  l numeric := 1;
  n_all numeric := 1;
  d numeric;
  rows_ jsonb;
  p_pid text[];
  p_num numeric[];
  p_den numeric[];
  ties_ jsonb;
begin
  select coalesce(sum((c ->> 'weight')::numeric), 0) into w_total from jsonb_array_elements(p_inputs -> 'criteria') c;
  if w_total = 0 then
    w_total := 1;
  end if;
  with sc as (
    select x ->> 'projectId' as pid, x ->> 'juror' as j,
           (select coalesce(sum(v.val::numeric * (c.c ->> 'weight')::numeric), 0)
              from jsonb_array_elements_text(x -> 'values') with ordinality v(val, o)
              join jsonb_array_elements(p_inputs -> 'criteria') with ordinality c(c, o) on c.o = v.o) as ws
      from jsonb_array_elements(p_inputs -> 'scores') x
  ), rk as (
    select sc.*, count(*) over (partition by sc.j) as m, rank() over (partition by sc.j order by sc.ws desc) as r,
           count(*) over (partition by sc.j, sc.ws) as tie
      from sc
  )
  select coalesce(array_agg(rk.pid), '{}'),
    coalesce(array_agg(case when p_inputs ->> 'method' = 'rank' then (case when rk.m = 1 then 1 else 2 * rk.m - 2 * rk.r - rk.tie + 1 end)::numeric else rk.ws end), '{}'),
    coalesce(array_agg(case when p_inputs ->> 'method' = 'rank' then (case when rk.m = 1 then 1 else 2 * (rk.m - 1) end)::numeric else w_total end), '{}')
    into p_pid, p_num, p_den
  from rk;
  for d in select distinct p.den from unnest(p_pid, p_num, p_den) p(pid, num, den) loop
    l := lcm(l, d);
  end loop;
  for d in select distinct q.n from (select count(*)::numeric as n from unnest(p_pid, p_num, p_den) p(pid, num, den) group by p.pid) q loop
    n_all := lcm(n_all, d);
  end loop;
  with per as (
    select p.pid, sum(p.num * div(l, p.den)) as num, count(*)::numeric as n from unnest(p_pid, p_num, p_den) p(pid, num, den) group by p.pid
  ), teams as (
    select t ->> 'projectId' as pid, t ->> 'name' as name from jsonb_array_elements(p_inputs -> 'teams') t
  ), scored as (
    select teams.pid, teams.name, per.num, per.n, l * per.n as den, gcd(per.num, l * per.n) as g, per.num * div(n_all, per.n) as key
      from teams join per on per.pid = teams.pid
  ), ranked as (
    select s.*, rank() over (order by s.key desc) as rnk from scored s
  ), all_rows as (
    select rnk, pid, name, div(num, case when g = 0 then 1 else g end)::text || '/' || div(den, case when g = 0 then 1 else g end)::text as fraction,
           (div(2 * num * 10000 + den, 2 * den) / 10000)::numeric(30, 4)::text as score, n::int as scores
      from ranked
    union all
    select null, teams.pid, teams.name, null, null, 0 from teams where not exists (select 1 from per where per.pid = teams.pid)
  )
  select coalesce(jsonb_agg(jsonb_build_object('rank', rnk, 'projectId', pid, 'name', name, 'score', score, 'fraction', fraction,
                  'scores', scores, 'assigned', coalesce((p_assigned ->> pid)::int, 0)) order by rnk nulls last, lower(name), pid), '[]')
    into rows_ from all_rows;
  select coalesce(jsonb_agg(jsonb_build_object('rank', (g ->> 'rank')::int, 'projectIds', g -> 'projectIds', 'names', g -> 'names') order by (g ->> 'rank')::int), '[]')
    into ties_
    from (select jsonb_build_object('rank', x ->> 'rank', 'projectIds', jsonb_agg(x -> 'projectId' order by ord), 'names', jsonb_agg(x -> 'name' order by ord)) as g
            from jsonb_array_elements(rows_) with ordinality e(x, ord)
           where x ->> 'rank' is not null
           group by x ->> 'rank' having count(*) > 1) q;
  return jsonb_build_object('rows', rows_, 'ties', ties_);
end;
$$;
comment on function app_private.jury_tally(jsonb, jsonb) is 'The jury method (mean or rank) over result inputs, exactly: rows (rank, fraction, decimal, scores, assigned) and ties.';
-- A team of the event named by project id or name (case-insensitive), still in the event;
-- team_not_found otherwise.
create or replace function app_private.jury_team(p_event uuid, p_team text) returns uuid
  language plpgsql stable
  set search_path = ''
as $$
declare
  pid uuid;
begin
  select x.project_id into pid from app.event_teams x join app.projects p on p.id = x.project_id
   where x.event_id = p_event and x.left_at is null
     and (p.id::text = lower(trim(p_team)) or lower(p.name) = lower(trim(p_team)));
  if pid is null then
    perform app_private.fail('team_not_found', format('No team %s in this event', coalesce(p_team, 'null')), jsonb_build_object('team', p_team));
  end if;
  return pid;
end;
$$;
comment on function app_private.jury_team(uuid, text) is 'The project id of an event team named by id or name; team_not_found otherwise.';
-- A juror writes their score of one team (draft or submission), the ballot's rules: only a
-- juror (an organizer cannot change a juror's score), only inside the window, only an
-- assigned team without a conflict (even one assigned by hand), revision checks
-- (expectedRevision), every value a whole number of the scale, and on submission one value
-- per criterion. Values given are merged over the current draft; a note of null keeps the
-- stored one, '' clears it.
create or replace function app_private.write_jury_score(p_team text, p_scores jsonb, p_note text, p_expected_revision integer, p_submit boolean) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:write', array['jury']);
  me text := app_private.jury_me(ctx.user_id);
  s app.jury_settings := app_private.jury_settings_of(ctx.event_id, false);
  st text := app_private.jury_state(ctx.event_id);
  pid uuid;
  sc app.jury_scores;
  vals jsonb := '{}';
  k text;
  cname text;
  v jsonb;
  missing text;
begin
  if p_expected_revision is null or p_expected_revision < 0 then
    perform app_private.fail('invalid_input', 'expectedRevision must be a whole number from 0', '{"field":"expectedRevision"}');
  end if;
  if p_scores is null or jsonb_typeof(p_scores) <> 'object' then
    perform app_private.fail('invalid_input', 'scores must be an object { "<criterion>": <value> }', '{"field":"scores"}');
  end if;
  if st = 'setup' then
    perform app_private.fail('jury_not_open', 'Judging is not open yet', jsonb_build_object('state', st));
  end if;
  if st = 'closed' then
    perform app_private.fail('jury_closed', format('Judging closed at %s', app_private.iso(s.closed_at)), jsonb_build_object('state', st, 'closedAt', app_private.iso(s.closed_at)));
  end if;
  pid := app_private.jury_team(ctx.event_id, p_team);
  perform app_private.jury_refuse_conflict(ctx.event_id, me, pid);
  if not exists (select 1 from app.jury_assignments a where a.event_id = ctx.event_id and a.juror = me and a.project_id = pid) then
    perform app_private.fail('jury_not_assigned', format('You are not assigned to %s', p_team), jsonb_build_object('team', p_team, 'projectId', pid));
  end if;
  for k, v in select * from jsonb_each(p_scores) loop
    select c.name into cname from app.jury_criteria c where c.event_id = ctx.event_id and lower(c.name) = lower(trim(k));
    if cname is null then
      perform app_private.fail('invalid_jury_score', format('%s is not a criterion of this event', k), jsonb_build_object('field', 'scores.' || k, 'criterion', k));
    end if;
    if jsonb_typeof(v) <> 'number' or v::text !~ '^\d{1,3}$' or v::text::int not between s.scale_min and s.scale_max then
      perform app_private.fail('invalid_jury_score', format('%s must be a whole number from %s to %s', cname, s.scale_min, s.scale_max),
        jsonb_build_object('field', 'scores.' || k, 'criterion', cname, 'min', s.scale_min, 'max', s.scale_max));
    end if;
    vals := vals || jsonb_build_object(cname, v::text::int);
  end loop;
  if p_note is not null and (length(p_note) > 4000 or p_note ~ '[\x01-\x08\x0b-\x1f\x7f]') then
    perform app_private.fail('invalid_input', 'note is at most 4000 characters without control characters', '{"field":"note"}');
  end if;

  select * into sc from app.jury_scores x where x.event_id = ctx.event_id and x.juror = me and x.project_id = pid for update;
  if coalesce(sc.revision, 0) <> p_expected_revision then
    perform app_private.fail('revision_conflict', format('Your score of %s is at revision %s: pass --expected-revision %s', p_team, coalesce(sc.revision, 0), coalesce(sc.revision, 0)),
      jsonb_build_object('currentRevision', coalesce(sc.revision, 0), 'expectedRevision', p_expected_revision));
  end if;
  vals := coalesce(sc.draft, sc.submission, '{}') || vals;
  if p_submit then
    select string_agg(c.name, ', ' order by c.position) into missing from app.jury_criteria c where c.event_id = ctx.event_id and (vals ? c.name) is false;
    if missing is not null then
      perform app_private.fail('invalid_jury_score', format('A submission needs a value for every criterion; missing: %s', missing),
        jsonb_build_object('field', 'scores', 'missing', to_jsonb(string_to_array(missing, ', '))));
    end if;
  end if;
  if sc.id is null then
    insert into app.jury_scores (event_id, juror, project_id, state, revision, draft, submission, note, accepted_at, submitted_at)
    values (ctx.event_id, me, pid, case when p_submit then 'submitted' else 'draft' end, 1,
            case when p_submit then null else vals end, case when p_submit then vals end, nullif(p_note, ''), app.now(), case when p_submit then app.now() end)
    on conflict (event_id, juror, project_id) do nothing
    returning * into sc;
    if sc.id is null then
      perform app_private.fail('revision_conflict', format('Your score of %s changed meanwhile: read it again', p_team), jsonb_build_object('expectedRevision', p_expected_revision));
    end if;
  elsif p_submit then
    update app.jury_scores x set state = 'submitted', revision = x.revision + 1, submission = vals, draft = null,
      note = case when p_note is null then x.note else nullif(p_note, '') end, accepted_at = app.now(), submitted_at = app.now()
     where x.id = sc.id returning * into sc;
  else
    update app.jury_scores x set revision = x.revision + 1, draft = vals,
      note = case when p_note is null then x.note else nullif(p_note, '') end, accepted_at = app.now()
     where x.id = sc.id returning * into sc;
  end if;
  if p_submit then
    perform app_private.jury_publish_progress(ctx.event_id, pid);
  end if;
  return app_private.jury_score_json(sc);
end;
$$;
comment on function app_private.write_jury_score(text, jsonb, text, integer, boolean) is 'A juror''s score write (draft or submission) under the jury rules: window, assignment, conflict, revision, scale, completeness.';
