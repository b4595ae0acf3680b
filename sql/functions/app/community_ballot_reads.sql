-- Who read the ballot list: owners and admins of the workspace.

CREATE OR REPLACE FUNCTION app.community_ballot_reads()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:read', true);
begin
  perform app_private.require_owner_or_admin('lists who read the ballots');
  return jsonb_build_object('items', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'email', r.email, 'at', app_private.iso(r.at),
      'eligibilityVersion', (select v.version from app.vote_eligibility v where v.id = r.eligibility_id), 'ballots', r.ballots) order by r.at desc, r.id)
    from app.vote_ballot_reads r where r.event_id = ctx.event_id), '[]'), 'nextCursor', null);
end;
$function$;

comment on function app.community_ballot_reads() is E'@shape app.vote_ballot_read_log\nThe audit of community ballots list (who read it, when, which eligibility version), newest first; owners and admins.';
revoke all on function app.community_ballot_reads() from public;
grant execute on function app.community_ballot_reads() to podium_app;
