-- A reason of the eligibility file: 1 to 500 characters, one line.

CREATE OR REPLACE FUNCTION app_private.eligibility_reason(p jsonb, p_field text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if jsonb_typeof(p) is distinct from 'string' or length(trim(p #>> '{}')) not between 1 and 500 or (p #>> '{}') ~ '[[:cntrl:]]' then
    perform app_private.fail('invalid_input', format('%s must be a reason of 1 to 500 characters on one line', p_field), jsonb_build_object('field', p_field));
  end if;
  return trim(p #>> '{}');
end;
$function$;

revoke all on function app_private.eligibility_reason(p jsonb, p_field text) from public;
