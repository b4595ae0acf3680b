-- podium mail audit: the newest reads of mails in the outbox (who, when, which mail, web or cli).

CREATE OR REPLACE FUNCTION app_private.mail_audit(p_limit integer)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(x.r order by x.n desc), '[]'::jsonb) from (
    select a.id as n, jsonb_build_object('id', a.id::text, 'mailId', a.mail_id::text, 'to', a.mail_to, 'reader', a.reader, 'via', a.via,
      'readAt', to_char(a.read_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) as r
      from app_private.mail_reads a order by a.read_at desc, a.id desc limit p_limit) x
$function$;

comment on function app_private.mail_audit(p_limit integer) is 'podium mail audit: the newest reads of mails in the outbox (who, when, which mail, web or cli).';
revoke all on function app_private.mail_audit(p_limit integer) from public;
