-- Take your reaction back (absent is a no-op). A removal counts toward the 30 reaction changes a
-- minute per account.

CREATE OR REPLACE FUNCTION app.remove_chat_reaction(p_post uuid, p_emoji text)
 RETURNS jsonb
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$ select app_private.chat_react(p_post, p_emoji, false) $function$;

comment on function app.remove_chat_reaction(p_post uuid, p_emoji text) is E'@shape app.chat_reaction_tally\nTake your reaction back (absent is a no-op). A removal counts toward the 30 reaction changes a minute per account.';
revoke all on function app.remove_chat_reaction(p_post uuid, p_emoji text) from public;
grant execute on function app.remove_chat_reaction(p_post uuid, p_emoji text) to podium_app;
