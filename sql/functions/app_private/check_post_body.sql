-- Refuses invalid_input for a chat post body that is empty, over 4000 characters or holds a control
-- character other than newline and tab.

CREATE OR REPLACE FUNCTION app_private.check_post_body(p_body text, p_field text DEFAULT 'body'::text)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if p_body is null or btrim(p_body, E' \t\n') = '' then
    perform app_private.fail('invalid_input', format('%s is empty: write 1 to 4000 characters', p_field), jsonb_build_object('field', p_field));
  end if;
  if length(p_body) > 4000 then
    perform app_private.fail('invalid_input', format('%s is %s characters; at most 4000', p_field, length(p_body)), jsonb_build_object('field', p_field));
  end if;
  if p_body ~ '[\x01-\x08\x0b-\x1f\x7f-\x9f]' then
    perform app_private.fail('invalid_input', format('%s holds a control character; only newlines and tabs are kept', p_field), jsonb_build_object('field', p_field));
  end if;
end;
$function$;

revoke all on function app_private.check_post_body(p_body text, p_field text) from public;
