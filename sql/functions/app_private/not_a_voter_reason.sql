-- Why the caller does not vote in a locked community eligibility (not a team participant when it
-- was locked, another role, or excluded with its reason); null when they vote or nothing is locked.

CREATE OR REPLACE FUNCTION app_private.not_a_voter_reason(ctx app_private.event_ctx, v app.vote_eligibility, vt app.vote_voters)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case
    when v.id is null then null
    when vt.id is null and ctx.role = 'participant' then 'you were not a participant on a team when eligibility was locked'
    when vt.id is null then format('only participants on a team vote; you are %s', case ctx.role when 'advisor' then 'an advisor' when 'organizer' then 'an organizer' else ctx.role end)
    when vt.included is not true then format('excluded: %s', vt.reason)
  end
$function$;

revoke all on function app_private.not_a_voter_reason(ctx app_private.event_ctx, v app.vote_eligibility, vt app.vote_voters) from public;
