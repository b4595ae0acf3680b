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
comment on function app.set_jury_criteria(jsonb) is E'@shape app.jury_criteria_sheet\njury criteria set: replaces the criteria (name, description, whole-number weight) and optionally the scale (1-5 by default); jury_opened once judging opened, invalid_criteria naming the field.';
revoke all on function app.set_jury_criteria(jsonb) from public;
grant execute on function app.set_jury_criteria(jsonb) to podium_app;
