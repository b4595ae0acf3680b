-- An event as JSON: schedule, phase, server time, vote section, roster lock, code-host settings and
-- the notices of schedule changes, newest first.

CREATE OR REPLACE FUNCTION app_private.event_json(e app.events)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'id', e.id, 'name', e.name, 'version', e.version, 'timezone', e.timezone,
    'startsAt', app_private.iso(e.starts_at), 'buildEndsAt', app_private.iso(e.build_ends_at),
    'freezeAt', app_private.iso(e.freeze_at), 'voteOpensAt', app_private.iso(e.vote_opens_at),
    'voteClosesAt', app_private.iso(e.vote_closes_at),
    'phase', app.events_phase(e), 'serverTime', app_private.iso(app.now()),
    'voteSection', case when e.vote_section then 'on' else 'off' end,
    'rosterLockedAt', app_private.iso(e.roster_locked_at), 'votingOpenedAt', app_private.iso(e.voting_opened_at),
    'github', case when e.github_organization is null then null else jsonb_build_object(
      'organization', e.github_organization, 'template', e.github_template, 'branch', e.github_branch) end,
    'notices', coalesce((select jsonb_agg(jsonb_build_object('at', app_private.iso(n.at), 'reason', n.reason,
        'previousBuildEndsAt', app_private.iso(n.previous_build_ends_at), 'buildEndsAt', app_private.iso(n.build_ends_at))
        order by n.at desc, n.id) from app.event_notices n where n.event_id = e.id), '[]'),
    'createdAt', app_private.iso(e.created_at), 'updatedAt', app_private.iso(e.updated_at))
$function$;

revoke all on function app_private.event_json(e app.events) from public;
