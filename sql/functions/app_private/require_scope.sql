-- Refuses (insufficient_scope, needed) unless the caller's credential holds one of the scopes.
-- The one scope check of every function.

CREATE OR REPLACE FUNCTION app_private.require_scope(VARIADIC p_scopes text[])
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if not exists (select 1 from unnest(p_scopes) s where app.has_scope(s)) then
    perform app_private.fail('insufficient_scope', format('This key lacks the scope %s', array_to_string(p_scopes, ' or ')),
      jsonb_build_object('needed', to_jsonb(p_scopes)));
  end if;
end;
$function$;

comment on function app_private.require_scope(VARIADIC p_scopes text[]) is 'Refuses (insufficient_scope, needed) unless the caller''s credential holds one of the scopes. The one scope check of every function.';
revoke all on function app_private.require_scope(VARIADIC p_scopes text[]) from public;
