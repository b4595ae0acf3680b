-- Validates a roster (a JSON list of entries: email, name, role, team, github) before anything is
-- written; refuses invalid_input naming the first bad field (participants.N.field): a participant
-- needs a team and other roles name none, only an advisor names a github username, and no email or
-- username appears twice.

CREATE OR REPLACE FUNCTION app_private.check_roster(p jsonb)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  x jsonb;
  n int := -1;
  k text;
  dup int;
begin
  if jsonb_typeof(p) is distinct from 'array' then
    perform app_private.fail('invalid_input', 'participants must be a list of roster entries', '{"field":"participants"}');
  end if;
  for x in select value from jsonb_array_elements(p) loop
    n := n + 1;
    if jsonb_typeof(x) <> 'object' then
      perform app_private.fail('invalid_input', format('participants.%s must be an object', n), jsonb_build_object('field', format('participants.%s', n)));
    end if;
    for k in select jsonb_object_keys(x) loop
      if k not in ('email', 'name', 'role', 'team', 'github') then
        perform app_private.fail('invalid_input', format('participants.%s.%s is not a known field', n, k), jsonb_build_object('field', format('participants.%s.%s', n, k)));
      end if;
      if jsonb_typeof(x -> k) not in ('string', 'null') then
        perform app_private.fail('invalid_input', format('participants.%s.%s must be a string', n, k), jsonb_build_object('field', format('participants.%s.%s', n, k)));
      end if;
    end loop;
    if app_private.is_email(trim(x ->> 'email')) is not true then
      perform app_private.fail('invalid_input', format('participants.%s.email must be an email address', n), jsonb_build_object('field', format('participants.%s.email', n)));
    end if;
    if length(trim(x ->> 'name')) > 200 or x ->> 'name' ~ '[[:cntrl:]]' then
      perform app_private.fail('invalid_input', format('participants.%s.name must be at most 200 characters on one line', n), jsonb_build_object('field', format('participants.%s.name', n)));
    end if;
    if coalesce(x ->> 'role', 'participant') not in ('participant', 'organizer', 'jury', 'advisor') then
      perform app_private.fail('invalid_input', format('participants.%s.role must be participant, organizer, jury or advisor', n), jsonb_build_object('field', format('participants.%s.role', n)));
    end if;
    if coalesce(x ->> 'role', 'participant') = 'participant' and nullif(trim(x ->> 'team'), '') is null then
      perform app_private.fail('invalid_input', format('participants.%s.team is required for a participant', n), jsonb_build_object('field', format('participants.%s.team', n)));
    end if;
    if coalesce(x ->> 'role', 'participant') <> 'participant' and nullif(trim(x ->> 'team'), '') is not null then
      perform app_private.fail('invalid_input', format('participants.%s.team: the %s role names no team', n, x ->> 'role'), jsonb_build_object('field', format('participants.%s.team', n)));
    end if;
    if length(trim(x ->> 'team')) > 100 or x ->> 'team' ~ '[[:cntrl:]]' then
      perform app_private.fail('invalid_input', format('participants.%s.team must be 1 to 100 characters on one line', n), jsonb_build_object('field', format('participants.%s.team', n)));
    end if;
    -- A coach's username: advisors only; participants name theirs with connect --github.
    if x ? 'github' and coalesce(x ->> 'role', 'participant') <> 'advisor' then
      perform app_private.fail('invalid_input',
        format('participants.%s.github: only an advisor''s row names a code-host username (a %s has none in the roster; participants name theirs with hackathon connect --github)',
          n, coalesce(x ->> 'role', 'participant')),
        jsonb_build_object('field', format('participants.%s.github', n)));
    end if;
    if nullif(trim(x ->> 'github'), '') is not null and app_private.normalize_github_login(trim(x ->> 'github')) is null then
      perform app_private.fail('invalid_input',
        format('participants.%s.github must be a GitHub username: letters, digits and single hyphens, at most 39 characters', n),
        jsonb_build_object('field', format('participants.%s.github', n)));
    end if;
  end loop;
  select min(r.n) into dup from (
    select r.n, row_number() over (partition by app_private.normalize_email(r.email) order by r.n) as k from app_private.roster_rows(p) r) r
  where r.k > 1;
  if dup is not null then
    perform app_private.fail('invalid_input', format('participants.%s.email appears earlier in the roster', dup), jsonb_build_object('field', format('participants.%s.email', dup)));
  end if;
  select min(r.n) into dup from (
    select r.n, row_number() over (partition by lower(r.github) order by r.n) as k from app_private.roster_rows(p) r where r.github is not null) r
  where r.k > 1;
  if dup is not null then
    perform app_private.fail('invalid_input', format('participants.%s.github names a username an earlier row names', dup), jsonb_build_object('field', format('participants.%s.github', dup)));
  end if;
end;
$function$;

revoke all on function app_private.check_roster(p jsonb) from public;
