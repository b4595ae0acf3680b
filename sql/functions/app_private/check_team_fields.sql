-- Refuses invalid_input for a team slug that is not lowercase letters, digits and single hyphens
-- (at most 50), or a name that is not 1 to 100 characters on one line.

CREATE OR REPLACE FUNCTION app_private.check_team_fields(p_slug text, p_name text)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if p_slug is not null and (p_slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or length(p_slug) > 50) then
    perform app_private.fail('invalid_input', 'slug must be lowercase letters, digits and single hyphens, at most 50', '{"field":"slug"}');
  end if;
  if p_name is not null and (length(trim(p_name)) not between 1 and 100 or p_name ~ '[[:cntrl:]]') then
    perform app_private.fail('invalid_input', 'name must be 1 to 100 characters on one line', '{"field":"name"}');
  end if;
end;
$function$;

revoke all on function app_private.check_team_fields(p_slug text, p_name text) from public;
