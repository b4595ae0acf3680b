-- One mail with its text, and the record of that read: the one way to a body, web or CLI.

CREATE OR REPLACE FUNCTION app_private.mail_read(p_id bigint, p_reader_user uuid, p_reader text, p_via text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  m app_private.mail_outbox;
begin
  select * into m from app_private.mail_outbox where id = p_id;
  if not found then
    return null;
  end if;
  insert into app_private.mail_reads (mail_id, mail_to, reader_user_id, reader, via) values (m.id, m.to_address, p_reader_user, p_reader, p_via);
  return jsonb_build_object('id', m.id::text, 'to', m.to_address, 'subject', m.subject, 'text', m.body,
    'createdAt', to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
end $function$;

comment on function app_private.mail_read(p_id bigint, p_reader_user uuid, p_reader text, p_via text) is 'One mail of the outbox with its text, recording the read in mail_reads (who, how). Null for an unknown id. Owner only: its callers check who may read.';
revoke all on function app_private.mail_read(p_id bigint, p_reader_user uuid, p_reader text, p_via text) from public;
