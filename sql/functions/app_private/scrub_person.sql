-- Every object of a JSON value that names the person by id: its name becomes `(erased account)`
-- and an email next to it goes.

CREATE OR REPLACE FUNCTION app_private.scrub_person(p jsonb, p_user uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  k text;
  v jsonb;
  out jsonb;
begin
  case jsonb_typeof(p)
    when 'object' then
      out := '{}'::jsonb;
      for k, v in select * from jsonb_each(p) loop
        out := out || jsonb_build_object(k, app_private.scrub_person(v, p_user));
      end loop;
      if out ->> 'id' = p_user::text then
        if out ? 'name' then out := out || jsonb_build_object('name', '(erased account)'); end if;
        out := out - 'email';
      end if;
      return out;
    when 'array' then
      select coalesce(jsonb_agg(app_private.scrub_person(e, p_user) order by i), '[]'::jsonb) into out
        from jsonb_array_elements(p) with ordinality as a(e, i);
      return out;
    else
      return p;
  end case;
end;
$function$;

revoke all on function app_private.scrub_person(p jsonb, p_user uuid) from public;
