-- The preamble of every community function: scope, roster role, then the vote section.

CREATE OR REPLACE FUNCTION app_private.community_ctx(p_scope text, p_organizer_only boolean)
 RETURNS app_private.event_ctx
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
begin
  ctx := app_private.role_ctx(p_scope, case when p_organizer_only then array['organizer'] else array['organizer', 'participant', 'advisor'] end);
  perform app_private.require_vote_on(ctx.event_id);
  return ctx;
end;
$function$;

comment on function app_private.community_ctx(p_scope text, p_organizer_only boolean) is 'The caller''s event context for a community command: scope, roster role (organizers only, or organizers, participants and advisors), then vote_off while the vote section is off.';
revoke all on function app_private.community_ctx(p_scope text, p_organizer_only boolean) from public;
grant execute on function app_private.community_ctx(p_scope text, p_organizer_only boolean) to podium_app;
