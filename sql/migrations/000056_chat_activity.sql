-- Activity items in team chats (spec, Events): every accepted push and pull request receipt
-- of a team (the webhook intake's one INSERT, app_private.record_delivery) becomes a platform
-- post in the team's chat, written by this trigger in the intake's transaction and published
-- to the live log with the team's audience. A replayed delivery inserts no receipt (on
-- conflict do nothing), so it writes no second item. Refused receipts and other event kinds
-- write none. The item's body is its one-line summary; `activity` carries the receipt's
-- fields (pusher, ref, sha, message; pull request number, action, title).

create function app_private.one_line(p text, p_max int) returns text
language sql immutable set search_path = '' as $$
  select nullif(left(btrim(regexp_replace(split_part(coalesce(p, ''), E'\n', 1), '[\x01-\x1f\x7f-\x9f]', ' ', 'g')), p_max), '')
$$;
comment on function app_private.one_line(text, int) is 'The first line of a text, control characters made spaces, trimmed and cut to p_max characters (null when empty).';

create function app_private.receipt_activity() returns trigger
language plpgsql security definer set search_path = '' as $$
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
$$;
comment on function app_private.receipt_activity() is 'Trigger: an accepted push or pull request receipt of a team becomes an activity item in its team chat, published live.';

create trigger submission_receipts_activity after insert on app.submission_receipts
  for each row when (new.verdict = 'accepted' and new.project_id is not null and new.kind in ('push', 'pull_request'))
  execute function app_private.receipt_activity();
