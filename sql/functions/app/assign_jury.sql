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
comment on function app.assign_jury(integer, bigint) is E'@shape app.jury_plan\njury assign: a deterministic balanced plan giving every team k jurors without a conflict (assignments by hand kept); the shortfall names the teams that cannot reach k and why; jury_opened once judging opened.';
revoke all on function app.assign_jury(integer, bigint) from public;
grant execute on function app.assign_jury(integer, bigint) to podium_app;
