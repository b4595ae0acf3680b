-- React to a post you may read with one emoji (once per emoji; again is a no-op). At most 10
-- different emoji per person per post, 50 per post; 30 reaction changes a minute per account.

CREATE OR REPLACE FUNCTION app.add_chat_reaction(p_post uuid, p_emoji text)
 RETURNS jsonb
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$ select app_private.chat_react(p_post, p_emoji, true) $function$;

comment on function app.add_chat_reaction(p_post uuid, p_emoji text) is E'@shape app.chat_reaction_tally\nReact to a post you may read with one emoji (once per emoji; again is a no-op). At most 10 different emoji per person per post, 50 per post; 30 reaction changes a minute per account.';
revoke all on function app.add_chat_reaction(p_post uuid, p_emoji text) from public;
grant execute on function app.add_chat_reaction(p_post uuid, p_emoji text) to podium_app;
