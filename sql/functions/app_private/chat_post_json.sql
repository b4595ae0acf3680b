-- A chat post as JSON: author, role, body, activity (a help request's current title, status and
-- claimer), pin, hidden state (the reason for organizers only), reply count and reactions.

CREATE OR REPLACE FUNCTION app_private.chat_post_json(p app.chat_posts, p_organizer boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return jsonb_build_object(
      'id', p.id, 'channelId', p.channel_id, 'threadId', p.thread_id, 'at', app_private.iso(p.created_at),
      'kind', p.kind,
      'author', case when p.kind = 'post' then jsonb_build_object('id', p.author_id, 'name', app_private.author_name(p.author_id)) end,
      'role', p.author_role,
      'body', p.body,
      'activity', case
        when p.kind = 'request' then p.activity || coalesce((
          select jsonb_build_object('title', r.title, 'status', r.status,
            'claimedBy', case when r.claimed_by is null then null else jsonb_build_object('id', r.claimed_by, 'name', app_private.author_name(r.claimed_by)) end)
          from app.help_requests r where r.id = (p.activity ->> 'requestId')::uuid), '{}')
        else p.activity end,
      'pinned', p.pinned_at is not null,
      'pinnedAt', app_private.iso(p.pinned_at),
      'hidden', p.hidden_at is not null,
      'hiddenReason', case when p_organizer then p.hidden_reason end,
      'replyCount', (select count(*)::int from app.chat_posts r where r.thread_id = p.id and (p_organizer or r.hidden_at is null)),
      'reactions', app_private.chat_reactions_json(p.id));
end;
$function$;

revoke all on function app_private.chat_post_json(p app.chat_posts, p_organizer boolean) from public;
