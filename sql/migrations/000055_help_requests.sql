-- Help requests (spec, States "Help request"): a participant opens one for the own team,
-- with a thread channel (kind request); advisors claim it; the claiming advisor or an
-- organizer unclaims it; a team member, the claiming advisor or an organizer resolves it (its
-- thread becomes read-only: request_resolved on post) and reopens it (claim cleared).
-- Who sees a request: its team's participants, advisors and organizers; anyone else gets
-- request_not_found, like for one that does not exist. The request's card is an activity item
-- (kind request) in its team's chat. Each change publishes request.changed to the audience of
-- its thread (the team, advisors, organizers).
--
-- Choices the spec leaves open: an advisor who is not the claimer unclaiming, resolving or
-- reopening a request another advisor holds answers request_claimed (naming the holder); an
-- advisor resolving or reopening a request nobody holds answers insufficient_event_role
-- (claim it first); resolving what is resolved, reopening what is not resolved, unclaiming
-- what nobody holds are no-ops answering the request; claiming a resolved request is
-- request_resolved.

create function app_private.help_request_json(r app.help_requests) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', r.id, 'status', r.status, 'openedAt', app_private.iso(r.created_at),
    'team', (select jsonb_build_object('id', p.id, 'name', p.name) from app.projects p where p.id = r.team_id),
    'title', r.title, 'body', r.body,
    'openedBy', jsonb_build_object('id', r.opened_by, 'name', app_private.author_name(r.opened_by)),
    'claimedBy', case when r.claimed_by is null then null else jsonb_build_object('id', r.claimed_by, 'name', app_private.author_name(r.claimed_by)) end,
    'claimedAt', app_private.iso(r.claimed_at),
    'resolvedAt', app_private.iso(r.resolved_at),
    'threadChannelId', r.channel_id)
$$;

-- The team's chat (made with the team by 000052's trigger; made here if it is somehow missing).
create function app_private.team_chat(p_event uuid, p_team uuid) returns app.chat_channels
language plpgsql volatile security definer set search_path = '' as $$
declare
  c app.chat_channels;
begin
  select * into c from app.chat_channels x where x.team_id = p_team and x.kind = 'team';
  if c.id is null then
    insert into app.chat_channels (event_id, kind, team_id) values (p_event, 'team', p_team)
      on conflict (team_id) where kind = 'team' do nothing;
    select * into c from app.chat_channels x where x.team_id = p_team and x.kind = 'team';
  end if;
  return c;
end;
$$;

create function app_private.help_request_for(ctx app_private.event_ctx, p_id uuid, p_lock boolean) returns app.help_requests
language plpgsql volatile security definer set search_path = '' as $$
declare
  r app.help_requests;
begin
  if p_lock then
    select * into r from app.help_requests x where x.id = p_id and x.event_id = ctx.event_id for update;
  else
    select * into r from app.help_requests x where x.id = p_id and x.event_id = ctx.event_id;
  end if;
  if r.id is null or not (ctx.role in ('organizer', 'advisor') or (ctx.role = 'participant' and r.team_id = ctx.team_id)) then
    perform app_private.fail('request_not_found', format('There is no help request %s you may see in this event', p_id), jsonb_build_object('requestId', p_id));
  end if;
  return r;
end;
$$;

create function app_private.help_request_changed(r app.help_requests) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  rec jsonb := app_private.help_request_json(r);
begin
  perform app_private.live_publish(r.event_id, 'request.changed', array['participant', 'advisor', 'organizer'], r.team_id,
    jsonb_build_object('request', rec));
  return rec;
end;
$$;

create function app_private.check_request_fields(p_title text, p_body text) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if p_title is null or btrim(p_title) = '' or length(p_title) > 200 then
    perform app_private.fail('invalid_input', 'title must be 1 to 200 characters', jsonb_build_object('field', 'title'));
  end if;
  if p_title ~ '[\x01-\x1f\x7f-\x9f]' then
    perform app_private.fail('invalid_input', 'title is one line without control characters', jsonb_build_object('field', 'title'));
  end if;
  perform app_private.check_post_body(p_body);
end;
$$;

create function app.list_help_requests(p_status text, p_limit int, p_before_at timestamptz default null, p_before_id uuid default null) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.chat_read_ctx();
begin
  if p_status is not null and p_status not in ('open', 'claimed', 'resolved') then
    perform app_private.fail('invalid_input', 'status is open, claimed or resolved', jsonb_build_object('field', 'status'));
  end if;
  return coalesce((
    select jsonb_agg(app_private.help_request_json(x) order by x.created_at desc, x.id desc) from (
      select r.* from app.help_requests r
      where r.event_id = ctx.event_id
        and (ctx.role in ('organizer', 'advisor') or r.team_id = ctx.team_id)
        and (p_status is null or r.status = p_status)
        and (p_before_at is null or (r.created_at, r.id) < (p_before_at, p_before_id))
      order by r.created_at desc, r.id desc limit least(greatest(coalesce(p_limit, 30), 1), 101)) x), '[]');
end;
$$;
comment on function app.list_help_requests(text, int, timestamptz, uuid) is 'requests list: help requests newest first (participants: their team''s), optionally of one status (open, claimed, resolved).';

create function app.show_help_request(p_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.chat_read_ctx();
  r app.help_requests;
begin
  select * into r from app.help_requests x where x.id = p_id and x.event_id = ctx.event_id;
  if r.id is null or not (ctx.role in ('organizer', 'advisor') or r.team_id = ctx.team_id) then
    perform app_private.fail('request_not_found', format('There is no help request %s you may see in this event', p_id), jsonb_build_object('requestId', p_id));
  end if;
  return app_private.help_request_json(r);
end;
$$;
comment on function app.show_help_request(uuid) is 'requests show: one help request.';

create function app.open_help_request(p_title text, p_body text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
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
$$;
comment on function app.open_help_request(text, text) is 'requests open: a help request of your team (participants), with its thread channel; its card is posted in the team chat. Title 1 to 200 characters on one line, body 1 to 4000.';

create function app.claim_help_request(p_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:write', array['advisor']);
  r app.help_requests := app_private.help_request_for(ctx, p_id, true);
begin
  if r.status = 'resolved' then
    perform app_private.fail('request_resolved', 'This help request is resolved; reopen it first', jsonb_build_object('requestId', r.id));
  end if;
  if r.claimed_by = ctx.user_id then
    return app_private.help_request_json(r); -- own re-claim: a no-op
  end if;
  if r.claimed_by is not null then
    perform app_private.fail('request_claimed', format('%s already claimed this help request', app_private.author_name(r.claimed_by)),
      jsonb_build_object('requestId', r.id, 'claimedBy', app_private.author_name(r.claimed_by)));
  end if;
  update app.help_requests x set status = 'claimed', claimed_by = ctx.user_id, claimed_at = app_private.ms(app.now()), updated_at = now()
    where x.id = r.id returning * into r;
  return app_private.help_request_changed(r);
end;
$$;
comment on function app.claim_help_request(uuid) is 'requests claim: an advisor takes the request (request_claimed when another holds it; your own re-claim is a no-op; not when resolved).';

-- The claiming advisor only (organizers and, where the table says so, the team act too).
create function app_private.require_claimer(ctx app_private.event_ctx, r app.help_requests) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if ctx.role <> 'advisor' or r.claimed_by = ctx.user_id then
    return;
  end if;
  if r.claimed_by is not null then
    perform app_private.fail('request_claimed', format('%s claimed this help request; only they or an organizer may do this', app_private.author_name(r.claimed_by)),
      jsonb_build_object('requestId', r.id, 'claimedBy', app_private.author_name(r.claimed_by)));
  end if;
  perform app_private.fail('insufficient_event_role', 'Only the advisor who claimed this help request may do this; claim it first',
    jsonb_build_object('role', ctx.role, 'needed', jsonb_build_array('claiming advisor', 'organizer')));
end;
$$;

create function app.unclaim_help_request(p_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:write', array['advisor', 'organizer']);
  r app.help_requests := app_private.help_request_for(ctx, p_id, true);
begin
  if r.status = 'resolved' then
    perform app_private.fail('request_resolved', 'This help request is resolved; reopen it first', jsonb_build_object('requestId', r.id));
  end if;
  if r.claimed_by is null and r.status = 'open' then
    return app_private.help_request_json(r); -- nobody holds it: a no-op
  end if;
  perform app_private.require_claimer(ctx, r);
  update app.help_requests x set status = 'open', claimed_by = null, claimed_at = null, updated_at = now()
    where x.id = r.id returning * into r;
  return app_private.help_request_changed(r);
end;
$$;
comment on function app.unclaim_help_request(uuid) is 'requests unclaim: the claiming advisor or an organizer lets the request go (not when resolved).';

create function app.resolve_help_request(p_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:write', array['participant', 'advisor', 'organizer']);
  r app.help_requests := app_private.help_request_for(ctx, p_id, true);
begin
  perform app_private.require_claimer(ctx, r);
  if r.status = 'resolved' then
    return app_private.help_request_json(r);
  end if;
  update app.help_requests x set status = 'resolved', resolved_at = app_private.ms(app.now()), resolved_by = ctx.user_id, updated_at = now()
    where x.id = r.id returning * into r;
  return app_private.help_request_changed(r);
end;
$$;
comment on function app.resolve_help_request(uuid) is 'requests resolve: a team member, the claiming advisor or an organizer closes the request; its thread becomes read-only.';

create function app.reopen_help_request(p_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:write', array['participant', 'advisor', 'organizer']);
  r app.help_requests := app_private.help_request_for(ctx, p_id, true);
begin
  perform app_private.require_claimer(ctx, r);
  if r.status <> 'resolved' then
    return app_private.help_request_json(r);
  end if;
  update app.help_requests x set status = 'open', claimed_by = null, claimed_at = null, resolved_at = null, resolved_by = null, updated_at = now()
    where x.id = r.id returning * into r;
  return app_private.help_request_changed(r);
end;
$$;
comment on function app.reopen_help_request(uuid) is 'requests reopen: a team member, the claiming advisor or an organizer opens a resolved request again; the claim is cleared.';

grant execute on function app.list_help_requests(text, int, timestamptz, uuid), app.show_help_request(uuid),
  app.open_help_request(text, text), app.claim_help_request(uuid), app.unclaim_help_request(uuid),
  app.resolve_help_request(uuid), app.reopen_help_request(uuid) to podium_app;
