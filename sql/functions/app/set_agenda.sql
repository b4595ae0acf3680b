-- event agenda set: replaces the programme (at most 30 items; an empty list clears it).

CREATE OR REPLACE FUNCTION app.set_agenda(p_items jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  x jsonb;
  n int := -1;
  k text;
  f text;
  starts timestamptz;
  ends timestamptz;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  if jsonb_typeof(p_items) is distinct from 'array' then
    perform app_private.fail('invalid_input', 'items must be a list', '{"field":"items"}');
  end if;
  if jsonb_array_length(p_items) > 30 then
    perform app_private.fail('invalid_input', format('The agenda holds at most 30 items, got %s', jsonb_array_length(p_items)), '{"field":"items"}');
  end if;
  for x in select value from jsonb_array_elements(p_items) loop
    n := n + 1;
    f := format('items.%s', n);
    if jsonb_typeof(x) <> 'object' then
      perform app_private.fail('invalid_input', f || ' must be an object', jsonb_build_object('field', f));
    end if;
    for k in select jsonb_object_keys(x) loop
      if k not in ('title', 'kind', 'startsAt', 'endsAt') then
        perform app_private.fail('invalid_input', format('%s.%s is not a known field', f, k), jsonb_build_object('field', f || '.' || k));
      end if;
    end loop;
    if jsonb_typeof(x -> 'title') is distinct from 'string' or length(x ->> 'title') not between 1 and 80 or x ->> 'title' ~ '[[:cntrl:]]' then
      perform app_private.fail('invalid_input', f || '.title must be one line of 1 to 80 characters', jsonb_build_object('field', f || '.title'));
    end if;
    if jsonb_typeof(x -> 'kind') is distinct from 'string' or x ->> 'kind' not in ('break', 'meal', 'talk', 'presentations', 'announcement', 'other') then
      perform app_private.fail('invalid_input', f || '.kind must be break, meal, talk, presentations, announcement or other', jsonb_build_object('field', f || '.kind'));
    end if;
    starts := case when jsonb_typeof(x -> 'startsAt') = 'string' then app_private.parse_instant(x ->> 'startsAt') end;
    if starts is null then
      perform app_private.fail('invalid_input', f || '.startsAt must be an ISO 8601 instant with a zone', jsonb_build_object('field', f || '.startsAt'));
    end if;
    if x -> 'endsAt' is not null and jsonb_typeof(x -> 'endsAt') <> 'null' then
      ends := case when jsonb_typeof(x -> 'endsAt') = 'string' then app_private.parse_instant(x ->> 'endsAt') end;
      if ends is null or ends <= starts then
        perform app_private.fail('invalid_input', f || '.endsAt must be an ISO 8601 instant with a zone after startsAt', jsonb_build_object('field', f || '.endsAt'));
      end if;
    end if;
  end loop;
  delete from app.agenda_items a where a.event_id = ctx.event_id;
  insert into app.agenda_items (event_id, position, title, kind, starts_at, ends_at)
  select ctx.event_id, i.o::int, i.item ->> 'title', i.item ->> 'kind', app_private.parse_instant(i.item ->> 'startsAt'),
         app_private.parse_instant(i.item ->> 'endsAt')
  from jsonb_array_elements(p_items) with ordinality as i(item, o);
  return app_private.agenda_json(ctx.event_id);
end;
$function$;

comment on function app.set_agenda(p_items jsonb) is E'@shape app.event_agenda_item[]\nevent agenda set: replaces the programme (at most 30 items; an empty list clears it).';
revoke all on function app.set_agenda(p_items jsonb) from public;
grant execute on function app.set_agenda(p_items jsonb) to public;
grant execute on function app.set_agenda(p_items jsonb) to podium_app;
