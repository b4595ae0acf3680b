-- requests open: a help request of your team (participants), with its thread channel; its card is
-- posted in the team chat. Title 1 to 200 characters on one line, body 1 to 4000.

CREATE OR REPLACE FUNCTION app.open_help_request(p_title text, p_body text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:write', array['participant']);
  thread app.chat_channels;
  team app.chat_channels;
  r app.help_requests;
  card app.chat_posts;
begin
  perform app_private.check_request_fields(p_title, p_body);
  insert into app.chat_channels (event_id, kind, team_id, created_at) values (ctx.event_id, 'request', ctx.team_id, app_private.ms(app.now()))
    returning * into thread;
  insert into app.help_requests (event_id, team_id, channel_id, opened_by, title, body, created_at)
    values (ctx.event_id, ctx.team_id, thread.id, ctx.user_id, p_title, p_body, thread.created_at)
    returning * into r;
  team := app_private.team_chat(ctx.event_id, ctx.team_id);
  insert into app.chat_posts (channel_id, kind, activity, body, created_at)
    values (team.id, 'request', jsonb_build_object('requestId', r.id, 'threadChannelId', thread.id), 'Help request: ' || p_title, r.created_at)
    returning * into card;
  perform app_private.chat_publish(team, 'post.created', jsonb_build_object('channelId', team.id, 'post', app_private.chat_post_json(card, false)));
  return app_private.help_request_changed(r);
end;
$function$;

comment on function app.open_help_request(p_title text, p_body text) is E'@shape app.help_request_card\nrequests open: a help request of your team (participants), with its thread channel; its card is posted in the team chat. Title 1 to 200 characters on one line, body 1 to 4000.';
revoke all on function app.open_help_request(p_title text, p_body text) from public;
grant execute on function app.open_help_request(p_title text, p_body text) to podium_app;
