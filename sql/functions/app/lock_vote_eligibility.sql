-- community eligibility lock: a new eligibility version from the file { excludedProjects?,
-- excludedVoters?, confirmedProjects? } (eligibility_locked, invalid_eligibility).

CREATE OR REPLACE FUNCTION app.lock_vote_eligibility(p_file jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:write', true);
  f jsonb := coalesce(p_file, '{}');
  cur app.vote_eligibility;
  v app.vote_eligibility;
  k text;
  item jsonb;
  i int;
  pid uuid;
  mail text;
  excluded_projects jsonb := '{}'; -- project id -> reason
  excluded_voters jsonb := '{}';   -- normalize_email(email) -> reason
  confirmed uuid[] := '{}';
begin
  perform 1 from app.events e where e.id = ctx.event_id for update;
  cur := app_private.current_eligibility(ctx.event_id);
  if cur.id is not null then
    perform app_private.fail('eligibility_locked', format('Eligibility is already locked (version %s since %s); unlock it first', cur.version, app_private.iso(cur.locked_at)),
      jsonb_build_object('version', cur.version, 'lockedAt', app_private.iso(cur.locked_at)));
  end if;
  -- The file's shape (the client and the route check it too).
  if jsonb_typeof(f) <> 'object' then
    perform app_private.fail('invalid_input', 'The eligibility file is a JSON object', '{"field":"file"}');
  end if;
  for k in select jsonb_object_keys(f) loop
    if k not in ('excludedProjects', 'excludedVoters', 'confirmedProjects') then
      perform app_private.fail('invalid_input', format('%s is not a field of the eligibility file', k), jsonb_build_object('field', k));
    end if;
    if jsonb_typeof(f -> k) <> 'array' then
      perform app_private.fail('invalid_input', format('%s must be an array', k), jsonb_build_object('field', k));
    end if;
  end loop;

  i := 0;
  for item in select x.value from jsonb_array_elements(coalesce(f -> 'excludedProjects', '[]')) x loop
    if jsonb_typeof(item) <> 'object' or exists (select 1 from jsonb_object_keys(item) kk where kk not in ('projectId', 'reason'))
       or jsonb_typeof(item -> 'projectId') is distinct from 'string' then
      perform app_private.fail('invalid_input', format('excludedProjects.%s must be { projectId, reason }', i), jsonb_build_object('field', format('excludedProjects.%s', i)));
    end if;
    pid := app_private.vote_project_id(item ->> 'projectId', format('excludedProjects.%s.projectId', i), ctx.event_id);
    if excluded_projects ? pid::text then
      perform app_private.fail('invalid_eligibility', format('excludedProjects.%s: project %s is named twice', i, pid), jsonb_build_object('field', format('excludedProjects.%s.projectId', i), 'projectId', pid));
    end if;
    excluded_projects := excluded_projects || jsonb_build_object(pid::text, app_private.eligibility_reason(item -> 'reason', format('excludedProjects.%s.reason', i)));
    i := i + 1;
  end loop;

  i := 0;
  for item in select x.value from jsonb_array_elements(coalesce(f -> 'excludedVoters', '[]')) x loop
    if jsonb_typeof(item) <> 'object' or exists (select 1 from jsonb_object_keys(item) kk where kk not in ('email', 'reason'))
       or jsonb_typeof(item -> 'email') is distinct from 'string' then
      perform app_private.fail('invalid_input', format('excludedVoters.%s must be { email, reason }', i), jsonb_build_object('field', format('excludedVoters.%s', i)));
    end if;
    mail := app_private.normalize_email(item ->> 'email');
    if not exists (select 1 from app_private.live_voters(ctx.event_id) x where app_private.normalize_email(x.email) = mail) then
      perform app_private.fail('invalid_eligibility', format('excludedVoters.%s: %s is not a participant on a team of this event', i, left(item ->> 'email', 320)),
        jsonb_build_object('field', format('excludedVoters.%s.email', i), 'email', left(item ->> 'email', 320)));
    end if;
    if excluded_voters ? mail then
      perform app_private.fail('invalid_eligibility', format('excludedVoters.%s: %s is named twice', i, mail), jsonb_build_object('field', format('excludedVoters.%s.email', i), 'email', mail));
    end if;
    excluded_voters := excluded_voters || jsonb_build_object(mail, app_private.eligibility_reason(item -> 'reason', format('excludedVoters.%s.reason', i)));
    i := i + 1;
  end loop;

  i := 0;
  for item in select x.value from jsonb_array_elements(coalesce(f -> 'confirmedProjects', '[]')) x loop
    if jsonb_typeof(item) <> 'string' then
      perform app_private.fail('invalid_input', format('confirmedProjects.%s must be a project id', i), jsonb_build_object('field', format('confirmedProjects.%s', i)));
    end if;
    confirmed := confirmed || app_private.vote_project_id(item #>> '{}', format('confirmedProjects.%s', i), ctx.event_id);
    i := i + 1;
  end loop;

  update app.event_teams t set vote_confirmed_at = app.now()
    where t.project_id = any (confirmed) and t.vote_confirmed_at is null;

  insert into app.vote_eligibility (event_id, version, locked_at, locked_by)
  values (ctx.event_id, coalesce((select max(x.version) from app.vote_eligibility x where x.event_id = ctx.event_id), 0) + 1, app.now(), ctx.user_id)
  returning * into v;
  insert into app.vote_candidates (eligibility_id, event_id, project_id, name, included, reason, member_count, confirmed)
  select v.id, ctx.event_id, c.project_id, c.name, not excluded_projects ? c.project_id::text, excluded_projects ->> c.project_id::text, c.member_count, c.confirmed
  from app_private.live_vote_candidates(ctx.event_id) c;
  insert into app.vote_voters (eligibility_id, event_id, email, name, team_id, included, reason)
  select v.id, ctx.event_id, x.email, x.name, x.team_id, not excluded_voters ? app_private.normalize_email(x.email), excluded_voters ->> app_private.normalize_email(x.email)
  from app_private.live_voters(ctx.event_id) x;
  return app_private.vote_eligibility_json(ctx.event_id);
end;
$function$;

comment on function app.lock_vote_eligibility(p_file jsonb) is E'@shape app.vote_eligibility_overview\ncommunity eligibility lock: a new eligibility version from the file { excludedProjects?, excludedVoters?, confirmedProjects? } (eligibility_locked, invalid_eligibility).';
revoke all on function app.lock_vote_eligibility(p_file jsonb) from public;
grant execute on function app.lock_vote_eligibility(p_file jsonb) to podium_app;
