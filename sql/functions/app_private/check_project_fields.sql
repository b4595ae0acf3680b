-- Refuses invalid_input for a project name that is not 1 to 100 characters on one line, a
-- description over 4000 characters, or metadata that is not a JSON object (null means unchanged).

CREATE OR REPLACE FUNCTION app_private.check_project_fields(p_name text, p_description text, p_metadata jsonb)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if p_name is not null and (length(trim(p_name)) not between 1 and 100 or p_name ~ '[[:cntrl:]]') then
    perform app_private.fail('invalid_input', 'name must be 1 to 100 characters on one line', '{"field":"name"}');
  end if;
  if p_description is not null and length(p_description) > 4000 then
    perform app_private.fail('invalid_input', 'description must be at most 4000 characters', '{"field":"description"}');
  end if;
  if p_metadata is not null and jsonb_typeof(p_metadata) <> 'object' then
    perform app_private.fail('invalid_input', 'metadata must be a JSON object', '{"field":"metadata"}');
  end if;
end;
$function$;

revoke all on function app_private.check_project_fields(p_name text, p_description text, p_metadata jsonb) from public;
