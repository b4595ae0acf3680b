-- A team's latest accepted on-time push receipt, the one the freeze sweep captures.

CREATE OR REPLACE FUNCTION app_private.eligible_receipt(p_project uuid)
 RETURNS app.submission_receipts
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select r.* from app.submission_receipts r
  where r.project_id = p_project and r.kind = 'push' and r.verdict = 'accepted' and r.late is false
  order by r.seq desc limit 1
$function$;

revoke all on function app_private.eligible_receipt(p_project uuid) from public;
