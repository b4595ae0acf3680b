-- The instance operator (issue 39, F1): reading other people's mail is a power over the whole
-- instance, given on purpose and visible, never a side effect of owning a workspace. Until
-- now every owner of the first workspace read the whole mail outbox on the web
-- (app_private.is_instance_owner), sign-in codes of every tenant included, and any such
-- owner could make more owners.
--
-- * app_private.instance_operators: the accounts given the power, by `podium setup` (the
--   first owner, said so) or `podium operator add <email>` (the operator CLI, which already
--   holds the database). No workspace role grants it; nothing in `app` touches it.
-- * The outbox is read on the web by row security: podium_app may select the list's columns
--   (never the body) of the rows app_private.is_instance_operator() lets through, which is
--   true only for an operator's own browser session (not a key, not a demo pass). A mail's
--   text is read only through app_private.operator_mail_open, which records the read.
-- * app_private.mail_reads: every read of a mail's text (web or `podium mail show`): who,
--   when, which mail. `podium mail audit` lists it.
-- * Subjects never carry a code: the list shows subjects, so the sign-in mails' subjects no
--   longer hold the code (core/mail/templates.ts), and the mails already kept lose it here.

create table app_private.instance_operators (
  user_id uuid primary key references app.users (id) on delete cascade,
  added_at timestamptz not null default now(),
  added_by text not null check (length(added_by) between 1 and 200)
);
alter table app_private.instance_operators enable row level security; -- no policy: the owning role only
comment on table app_private.instance_operators is 'Instance operators: read the mail outbox on the web (/operator). Given by podium setup or podium operator add, never by a workspace role.';

create table app_private.mail_reads (
  id bigint generated always as identity primary key,
  mail_id bigint not null, -- no foreign key: the record outlives the mail (kept 30 days)
  mail_to text not null,
  reader_user_id uuid references app.users (id) on delete set null,
  reader text not null check (length(reader) between 1 and 400),
  via text not null check (via in ('web', 'cli')),
  read_at timestamptz not null default now()
);
create index mail_reads_read_at_idx on app_private.mail_reads (read_at desc, id desc);
create index mail_reads_reader_idx on app_private.mail_reads (reader_user_id);
alter table app_private.mail_reads enable row level security; -- no policy: the owning role only
comment on table app_private.mail_reads is 'Every read of a mail''s text in the outbox (web or podium mail show): who, when, which mail. Listed by podium mail audit.';

-- Older sign-in mails carried their code in the subject: the list must never show one.
update app_private.mail_outbox set subject = regexp_replace(subject, ': [0-9]{6}$', '')
 where subject ~ '^Your Podium (hub )?sign-in code: [0-9]{6}$';

create function app_private.is_instance_operator() returns boolean
  language sql stable security definer set search_path = '' as $$
  select exists (
    select 1
      from app_private.instance_operators o
      join app_private.sessions s on s.user_id = o.user_id
     where o.user_id = app.current_user_id()
       and s.id = nullif(pg_catalog.current_setting('app.session_id', true), '')::uuid
       and s.demo_pass_id is null
       and s.expires_at > pg_catalog.now())
$$;
comment on function app_private.is_instance_operator() is 'True when the caller is an instance operator in a browser session of their own (not a key, not a demo pass): who reads the outbox on the web.';
grant execute on function app_private.is_instance_operator() to podium_app;

-- The web reads the list through row security, column by column: never the body.
grant select (id, to_address, subject, created_at) on app_private.mail_outbox to podium_app;
create policy operator_reads_list on app_private.mail_outbox for select to podium_app
  using ((select app_private.is_instance_operator()));

-- One mail with its text, and the record of that read: the one way to a body, web or CLI.
create function app_private.mail_read(p_id bigint, p_reader_user uuid, p_reader text, p_via text) returns jsonb
  language plpgsql volatile set search_path = '' as $$
declare
  m app_private.mail_outbox;
begin
  select * into m from app_private.mail_outbox where id = p_id;
  if not found then
    return null;
  end if;
  insert into app_private.mail_reads (mail_id, mail_to, reader_user_id, reader, via) values (m.id, m.to_address, p_reader_user, p_reader, p_via);
  return jsonb_build_object('id', m.id::text, 'to', m.to_address, 'subject', m.subject, 'text', m.body,
    'createdAt', to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
end $$;
comment on function app_private.mail_read(bigint, uuid, text, text) is 'One mail of the outbox with its text, recording the read in mail_reads (who, how). Null for an unknown id. Owner only: its callers check who may read.';

create function app_private.operator_mail_open(p_id bigint) returns jsonb
  language plpgsql volatile security definer set search_path = '' as $$
begin
  if app_private.is_instance_operator() is not true then
    perform app_private.fail('operator_only', 'Only an instance operator reads the mail outbox (podium operator add <email> gives the power)');
  end if;
  return app_private.mail_read(p_id, app.current_user_id(), (select u.email from app.users u where u.id = app.current_user_id()), 'web');
end $$;
comment on function app_private.operator_mail_open(bigint) is 'One mail of the outbox with its text, for an operator''s browser session; records the read in mail_reads. Null for an unknown id.';
grant execute on function app_private.operator_mail_open(bigint) to podium_app;

create function app_private.operator_add(p_email text, p_added_by text) returns jsonb
  language plpgsql volatile set search_path = '' as $$
declare
  u app.users;
  added boolean;
begin
  select * into u from app.users where email = app_private.normalize_email(p_email) and erased_at is null;
  if not found then
    perform app_private.fail('account_not_found', format('No account %s on this instance: the operator must be an account (podium member add, or an accepted invitation) before it is given the power', app_private.normalize_email(p_email)));
  end if;
  insert into app_private.instance_operators (user_id, added_by) values (u.id, p_added_by) on conflict (user_id) do nothing;
  get diagnostics added = row_count;
  return jsonb_build_object('email', u.email, 'added', added);
end $$;
comment on function app_private.operator_add(text, text) is 'podium operator add: gives an account the instance-operator power (reads the mail outbox on the web). Idempotent; added says whether it was new.';

create function app_private.operator_remove(p_email text) returns jsonb
  language sql volatile set search_path = '' as $$
  with gone as (
    delete from app_private.instance_operators o using app.users u
     where u.id = o.user_id and u.email = app_private.normalize_email(p_email)
    returning u.email
  )
  select jsonb_build_object('email', app_private.normalize_email(p_email), 'removed', exists (select 1 from gone))
$$;
comment on function app_private.operator_remove(text) is 'podium operator remove: takes the instance-operator power away. Idempotent; removed says whether the account held it.';

create function app_private.operator_list() returns jsonb
  language sql stable set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('email', u.email, 'name', u.name, 'addedAt', to_char(o.added_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'addedBy', o.added_by)
    order by o.added_at, u.email), '[]'::jsonb)
    from app_private.instance_operators o join app.users u on u.id = o.user_id
$$;
comment on function app_private.operator_list() is 'podium operator list: the instance operators, oldest first.';

create function app_private.mail_audit(p_limit integer) returns jsonb
  language sql stable set search_path = '' as $$
  select coalesce(jsonb_agg(x.r order by x.n desc), '[]'::jsonb) from (
    select a.id as n, jsonb_build_object('id', a.id::text, 'mailId', a.mail_id::text, 'to', a.mail_to, 'reader', a.reader, 'via', a.via,
      'readAt', to_char(a.read_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) as r
      from app_private.mail_reads a order by a.read_at desc, a.id desc limit p_limit) x
$$;
comment on function app_private.mail_audit(integer) is 'podium mail audit: the newest reads of mails in the outbox (who, when, which mail, web or cli).';

-- The first owner made by setup (the CLI's or the setup link's) is the first operator.
create or replace function app_private.setup(p_workspace text, p_email text, p_name text, p_password_hash text) returns jsonb
  language plpgsql set search_path = '' as $$
declare
  ws jsonb;
  member jsonb;
begin
  lock table app.workspaces in exclusive mode;
  if exists (select 1 from app.workspaces) then
    perform app_private.fail('already_set_up', 'This instance is already set up; add workspaces and members with podium workspace create and podium member add');
  end if;
  ws := app_private.create_workspace(p_workspace);
  member := app_private.add_member(ws ->> 'id', p_email, 'owner', p_name);
  if p_password_hash is not null then
    insert into app_private.user_secrets (user_id, password_hash) values ((member ->> 'userId')::uuid, p_password_hash)
      on conflict (user_id) do update set password_hash = excluded.password_hash;
  end if;
  insert into app_private.instance_operators (user_id, added_by) values ((member ->> 'userId')::uuid, 'setup')
    on conflict (user_id) do nothing;
  update app_private.setup_tokens set used_at = now() where used_at is null;
  return jsonb_build_object('workspace', ws, 'owner', jsonb_build_object('id', member -> 'userId', 'email', member -> 'email', 'name', nullif(trim(p_name), '')),
    'operator', true);
end;
$$;

drop function app_private.is_instance_owner(uuid);
