-- Stores one mail in the outbox (the outbox mail driver, on worker replicas); drops mails older
-- than 30 days.

CREATE OR REPLACE FUNCTION app_private.mail_outbox_store(p_to text, p_subject text, p_body text)
 RETURNS bigint
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  new_id bigint;
begin
  delete from app_private.mail_outbox where created_at < now() - interval '30 days';
  insert into app_private.mail_outbox (to_address, subject, body) values (p_to, p_subject, p_body) returning id into new_id;
  return new_id;
end $function$;

comment on function app_private.mail_outbox_store(p_to text, p_subject text, p_body text) is 'Stores one mail in the outbox (the outbox mail driver, on worker replicas); drops mails older than 30 days.';
revoke all on function app_private.mail_outbox_store(p_to text, p_subject text, p_body text) from public;
