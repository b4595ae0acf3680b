-- Queues the mail of a share link the route just minted, with the URL the route sealed with
-- AUTH_SECRET.

CREATE OR REPLACE FUNCTION app_private.mail_share_link(p_link uuid, p_to text, p_sealed_url text, p_message text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  l app.share_links;
  d app.decks;
  sender app.users;
begin
  perform app_private.require_scope('presentations:write');
  select * into l from app.share_links x where x.id = p_link;
  if l.id is null then
    perform app_private.fail('not_found', 'No such share link');
  end if;
  d := app_private.deck_for(l.deck_id, array['owner', 'admin']);
  if p_to !~ '^[^@\s]+@[^@\s]+$' or length(p_to) > 320 then
    perform app_private.fail('invalid_input', format('Not an email address: %s', p_to), jsonb_build_object('field', 'to'));
  end if;
  if p_message is not null and (length(p_message) > 1000 or p_message ~ '[\x01-\x09\x0b-\x1f\x7f]') then
    perform app_private.fail('invalid_input', 'The message is plain text of at most 1000 characters', jsonb_build_object('field', 'message'));
  end if;
  select * into sender from app.users u where u.id = app.current_user_id();
  perform graphile_worker.add_job('mail__send', jsonb_build_object('template', 'share_link', 'to', p_to, 'sealedUrl', p_sealed_url,
    'title', d.title, 'sender', coalesce(sender.name, sender.email), 'message', p_message)::json, max_attempts => 10);
  return jsonb_build_object('token', app_private.link_json(l), 'sentTo', p_to);
end;
$function$;

comment on function app_private.mail_share_link(p_link uuid, p_to text, p_sealed_url text, p_message text) is 'Queues the mail of a share link the route just minted, with the URL the route sealed with AUTH_SECRET.';
revoke all on function app_private.mail_share_link(p_link uuid, p_to text, p_sealed_url text, p_message text) from public;
grant execute on function app_private.mail_share_link(p_link uuid, p_to text, p_sealed_url text, p_message text) to podium_app;
