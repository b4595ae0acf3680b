-- An event's repository access revocations not done yet (email, username, repository, attempts,
-- last error), oldest first.

CREATE OR REPLACE FUNCTION app_private.pending_access_revocations(p_event uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('email', v.email, 'login', v.login, 'repository', v.full_name,
           'requestedAt', app_private.iso(v.requested_at), 'attempts', v.attempts, 'lastError', v.last_error)
           order by v.requested_at, app_private.normalize_email(v.email), lower(v.full_name), v.id), '[]')
    from app_private.access_revocations v where v.event_id = p_event and v.done_at is null
$function$;

revoke all on function app_private.pending_access_revocations(p_event uuid) from public;
