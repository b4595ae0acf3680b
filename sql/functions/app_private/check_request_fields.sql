-- Refuses invalid_input for a help request whose title is not 1 to 200 characters on one line or
-- whose body fails app_private.check_post_body.

CREATE OR REPLACE FUNCTION app_private.check_request_fields(p_title text, p_body text)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if p_title is null or btrim(p_title) = '' or length(p_title) > 200 then
    perform app_private.fail('invalid_input', 'title must be 1 to 200 characters', jsonb_build_object('field', 'title'));
  end if;
  if p_title ~ '[\x01-\x1f\x7f-\x9f]' then
    perform app_private.fail('invalid_input', 'title is one line without control characters', jsonb_build_object('field', 'title'));
  end if;
  perform app_private.check_post_body(p_body);
end;
$function$;

revoke all on function app_private.check_request_fields(p_title text, p_body text) from public;
