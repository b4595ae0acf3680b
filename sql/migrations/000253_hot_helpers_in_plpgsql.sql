-- Hot helpers in PL/pgSQL instead of SQL (issue 30, item 8: intake). A SQL-language function
-- that PostgreSQL cannot inline (each of these has `SET search_path`, rule 7) has its body
-- parsed and planned again on every call from a new statement: in a trigger or a PL/pgSQL
-- statement that is every call. PL/pgSQL keeps each statement's plan for the session. One
-- delivery calls these about twenty times (its verdict, the clock, the activity post's text
-- and JSON, the live publish), and they were half of its time in PostgreSQL: a group of 32
-- deliveries took 2.2 ms each with them in SQL and 1.2 ms in PL/pgSQL (the same run, the same
-- rows; docs/PERFORMANCE.md). Same signatures, volatility, security and search_path; each
-- body returns the value its select did (`return <expression>`, or `return (<the select>)`
-- where the select reads a table: none of them can answer more than one row). sql/CONVENTIONS.md rule 6 says when to write which.

create or replace function app_private.one_line(p text, p_max integer) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  return nullif(left(btrim(regexp_replace(split_part(coalesce(p, ''), E'\n', 1), '[\x01-\x1f\x7f-\x9f]', ' ', 'g')), p_max), '');
end;
$$;

create or replace function app_private.iso(t timestamp with time zone) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  return to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
end;
$$;

create or replace function app_private.ms(t timestamp with time zone) RETURNS timestamp with time zone
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  return date_trunc('milliseconds', t);
end;
$$;

create or replace function app.now() RETURNS timestamp with time zone
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return pg_catalog.now() + pg_catalog.make_interval(secs => (select offset_seconds from app_private.clock));
end;
$$;

create or replace function app_private.is_frozen(e app.events) RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  return app.now() >= e.freeze_at;
end;
$$;

create or replace function app_private.delivery_verdict(e app.events, p_kind text, p jsonb, p_project uuid) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
begin
  return case
      -- the delivery comes from another account than the organizer's organization
      when lower(coalesce(p #>> '{organization,login}', p #>> '{repository,owner,login}', p #>> '{repository,owner,name}', ''))
           <> lower(coalesce(e.github_organization, '')) then 'installation_mismatch'
      -- the organization is another event's (a name alone proves nothing)
      when app_private.organization_held_elsewhere(e.id, e.github_organization) then 'installation_mismatch'
      -- a GitHub App delivery names its installation: it must be one this event holds
      when jsonb_typeof(p -> 'installation') = 'object' and (case when (p #>> '{installation,id}') ~ '^[0-9]{1,18}$'
             then exists (select 1 from app_private.github_installations i
                           where i.installation_id = (p #>> '{installation,id}')::bigint and i.event_id = e.id)
             else false end) is not true then 'installation_mismatch'
      when p_project is null then 'unknown_repository'
      when p_kind <> 'push' then null
      when coalesce(p ->> 'ref', '') <> 'refs/heads/' || e.github_branch then 'wrong_branch'
      when coalesce((p ->> 'deleted')::boolean, false) or p ->> 'after' = repeat('0', 40) then 'deleted'
      when coalesce(p ->> 'after', '') !~ '^[0-9a-f]{40}$' then 'unresolvable_revision'
    end;
end;
$_$;

create or replace function app_private.organization_held_elsewhere(p_event uuid, p_login text) RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  return exists (select 1 from app_private.local_organizations o
                    where o.login_key = lower(p_login) and o.event_id is distinct from p_event)
        or exists (select 1 from app_private.github_installations i
                    where lower(i.login) = lower(p_login) and i.event_id <> p_event);
end;
$$;

create or replace function app_private.chat_reactions_json(p_post uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return (
  select coalesce(jsonb_agg(jsonb_build_object('emoji', x.emoji, 'count', x.n) order by x.n desc, x.emoji), '[]')
    from (select r.emoji, count(*)::int as n from app.chat_reactions r where r.post_id = p_post group by r.emoji) x
  );
end;
$$;

create or replace function app_private.chat_post_json(p app.chat_posts, p_organizer boolean) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

create or replace function app_private.author_name(p_user uuid) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return coalesce(
      (select case when u.erased_at is not null then '(erased account)' else coalesce(u.name, u.email) end
         from app.users u where u.id = p_user),
      '(erased account)');
end;
$$;

create or replace function app_private.chat_publish(c app.chat_channels, p_kind text, p_payload jsonb, p_roles text[] DEFAULT ARRAY['participant'::text, 'advisor'::text, 'organizer'::text]) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  perform app_private.live_publish(c.event_id, p_kind, p_roles, c.team_id, p_payload);
end;
$$;
