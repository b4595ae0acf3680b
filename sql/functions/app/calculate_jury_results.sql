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
comment on function app.calculate_jury_results(text) is E'@shape app.jury_calculation\njury results calculate: a new version from the submitted scores (method mean or rank; exact fraction, decimal, ties, coverage, digest), or the version holding the same inputs (created: false); jury_not_closed before the close.';
revoke all on function app.calculate_jury_results(text) from public;
grant execute on function app.calculate_jury_results(text) to podium_app;
