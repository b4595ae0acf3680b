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
revoke all on function app_private.write_jury_score(text, jsonb, text, integer, boolean) from public;
