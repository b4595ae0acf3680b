-- The caller's event context once the credential holds p_scope and the caller's roster role is
-- one of p_roles (insufficient_scope, event_not_configured, not_on_roster,
-- insufficient_event_role otherwise).

CREATE OR REPLACE FUNCTION app_private.role_ctx(p_scope text, p_roles text[])
 RETURNS app_private.event_ctx
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
begin
  perform app_private.require_scope(p_scope);
  ctx := app_private.event_ctx();
  if ctx.role = any (p_roles) then
    return ctx;
  end if;
  perform app_private.fail('insufficient_event_role',
    case
      when p_roles = array['organizer'] then 'An event organizer is needed for this'
      when ctx.role = 'jury' then 'Jury viewers may read the gallery, the programme and presentations only'
      else format('This is for %s only; you are %s', array_to_string(p_roles, ', '), ctx.role)
    end,
    jsonb_build_object('role', ctx.role, 'needed', to_jsonb(p_roles)));
  return ctx;
end;
$function$;

comment on function app_private.role_ctx(p_scope text, p_roles text[]) is 'The caller''s event context once the credential holds p_scope and the caller''s roster role is one of p_roles (insufficient_scope, event_not_configured, not_on_roster, insufficient_event_role otherwise).';
revoke all on function app_private.role_ctx(p_scope text, p_roles text[]) from public;
