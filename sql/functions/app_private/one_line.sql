-- The first line of a text, control characters made spaces, trimmed and cut to p_max characters
-- (null when empty).

CREATE OR REPLACE FUNCTION app_private.one_line(p text, p_max integer)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  return nullif(left(btrim(regexp_replace(split_part(coalesce(p, ''), E'\n', 1), '[\x01-\x1f\x7f-\x9f]', ' ', 'g')), p_max), '');
end;
$function$;

comment on function app_private.one_line(p text, p_max integer) is 'The first line of a text, control characters made spaces, trimmed and cut to p_max characters (null when empty).';
revoke all on function app_private.one_line(p text, p_max integer) from public;
