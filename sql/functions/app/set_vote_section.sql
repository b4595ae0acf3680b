-- event vote --on|--off: while off, community and deck-generation commands are refused vote_off.

CREATE OR REPLACE FUNCTION app.set_vote_section(p_on boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  update app.events e set vote_section = p_on, updated_at = app.now() where e.id = ctx.event_id;
  return jsonb_build_object('voteSection', case when p_on then 'on' else 'off' end);
end;
$function$;

comment on function app.set_vote_section(p_on boolean) is E'@shape app.vote_section_setting\nevent vote --on|--off: while off, community and deck-generation commands are refused vote_off.';
revoke all on function app.set_vote_section(p_on boolean) from public;
grant execute on function app.set_vote_section(p_on boolean) to public;
grant execute on function app.set_vote_section(p_on boolean) to podium_app;
