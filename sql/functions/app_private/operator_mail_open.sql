-- One mail of the outbox with its text, for an operator's browser session; records the read in
-- mail_reads. Null for an unknown id.

CREATE OR REPLACE FUNCTION app_private.operator_mail_open(p_id bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if app_private.is_instance_operator() is not true then
    perform app_private.fail('operator_only', 'Only an instance operator reads the mail outbox (podium operator add <email> gives the power)');
  end if;
  return app_private.mail_read(p_id, app.current_user_id(), (select u.email from app.users u where u.id = app.current_user_id()), 'web');
end $function$;

comment on function app_private.operator_mail_open(p_id bigint) is 'One mail of the outbox with its text, for an operator''s browser session; records the read in mail_reads. Null for an unknown id.';
revoke all on function app_private.operator_mail_open(p_id bigint) from public;
grant execute on function app_private.operator_mail_open(p_id bigint) to podium_app;
