-- podium operator add: gives an account the instance-operator power (reads the mail outbox on the
-- web). Idempotent; added says whether it was new.

CREATE OR REPLACE FUNCTION app_private.operator_add(p_email text, p_added_by text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  u app.users;
  added boolean;
begin
  select * into u from app.users where email = app_private.normalize_email(p_email) and erased_at is null;
  if not found then
    perform app_private.fail('account_not_found', format('No account %s on this instance: the operator must be an account (podium member add, or an accepted invitation) before it is given the power', app_private.normalize_email(p_email)));
  end if;
  insert into app_private.instance_operators (user_id, added_by) values (u.id, p_added_by) on conflict (user_id) do nothing;
  get diagnostics added = row_count;
  return jsonb_build_object('email', u.email, 'added', added);
end $function$;

comment on function app_private.operator_add(p_email text, p_added_by text) is 'podium operator add: gives an account the instance-operator power (reads the mail outbox on the web). Idempotent; added says whether it was new.';
revoke all on function app_private.operator_add(p_email text, p_added_by text) from public;
