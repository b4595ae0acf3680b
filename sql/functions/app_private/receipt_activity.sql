-- Trigger: an accepted push or pull request receipt of a team becomes an activity item in its
-- team chat, published live.

CREATE OR REPLACE FUNCTION app_private.receipt_activity()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  team app.chat_channels := app_private.team_chat(new.event_id, new.project_id);
  branch text := regexp_replace(coalesce(new.ref, ''), '^refs/heads/', '');
  pusher text := app_private.one_line(new.summary ->> 'pusher', 100);
  message text := app_private.one_line(new.summary ->> 'message', 200);
  title text := app_private.one_line(new.summary ->> 'title', 300);
  action text := app_private.one_line(new.summary ->> 'action', 50);
  number text := case when (new.summary ->> 'number') ~ '^[0-9]{1,12}$' then new.summary ->> 'number' end;
  activity jsonb;
  body text;
  p app.chat_posts;
begin
  if new.kind = 'push' then
    activity := jsonb_build_object('sequence', new.seq, 'ref', new.ref, 'branch', nullif(branch, ''), 'sha', new.sha,
      'pusher', pusher, 'message', message, 'late', new.late);
    body := format('%s pushed %s to %s', coalesce(pusher, 'Someone'), coalesce(left(new.sha, 12), 'a revision'), coalesce(nullif(app_private.one_line(branch, 100), ''), 'a branch'))
      || coalesce(': ' || message, '') || case when new.late then ' (after the freeze)' else '' end;
  else
    activity := jsonb_build_object('sequence', new.seq, 'number', number::bigint, 'action', action, 'title', title,
      'ref', new.ref, 'sha', new.sha);
    body := 'Pull request' || coalesce(' #' || number, '') || coalesce(' ' || action, '') || coalesce(': ' || title, '');
  end if;
  insert into app.chat_posts (channel_id, kind, activity, body, created_at)
    values (team.id, new.kind, jsonb_strip_nulls(activity), left(body, 4000), app_private.ms(new.received_at))
    returning * into p;
  perform app_private.chat_publish(team, 'post.created', jsonb_build_object('channelId', team.id, 'post', app_private.chat_post_json(p, false)));
  return null;
end;
$function$;

comment on function app_private.receipt_activity() is 'Trigger: an accepted push or pull request receipt of a team becomes an activity item in its team chat, published live.';
revoke all on function app_private.receipt_activity() from public;
