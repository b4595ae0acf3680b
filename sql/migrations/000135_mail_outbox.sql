-- The mail outbox: EMAIL_DRIVER=outbox (the default when EMAIL_DRIVER is unset) stores
-- every mail the product sends instead of handing it to a mail service, so a fresh install
-- can sign people in and invite them with no mail set up. Mails hold sign-in codes and
-- invitation links: the table is private (no grant to podium_app, nothing in GraphQL) and
-- read only by the operator: `podium mail list|show` (the database directly) and the
-- /operator/mail page (instance owners: owners of the first workspace). Mails are kept
-- 30 days; each store removes older ones.

create table app_private.mail_outbox (
  id bigint generated always as identity primary key,
  to_address text not null check (length(to_address) between 3 and 320),
  subject text not null check (length(subject) <= 1000),
  body text not null check (length(body) <= 200000),
  created_at timestamptz not null default now()
);
create index mail_outbox_created_idx on app_private.mail_outbox (created_at desc, id desc);
alter table app_private.mail_outbox enable row level security; -- no policy: the owning role only
comment on table app_private.mail_outbox is 'Mails kept for the operator under EMAIL_DRIVER=outbox (30 days). Holds sign-in codes: never exposed.';

create function app_private.mail_outbox_store(p_to text, p_subject text, p_body text) returns bigint
  language plpgsql volatile set search_path = '' as $$
declare
  new_id bigint;
begin
  delete from app_private.mail_outbox where created_at < now() - interval '30 days';
  insert into app_private.mail_outbox (to_address, subject, body) values (p_to, p_subject, p_body) returning id into new_id;
  return new_id;
end $$;
comment on function app_private.mail_outbox_store(text, text, text) is 'Stores one mail in the outbox (the outbox mail driver, on worker replicas); drops mails older than 30 days.';

-- Instance owners: the owners of the first workspace (the one `podium setup` or the setup
-- link made). They may read the outbox on the web; `podium mail` needs no account.
create function app_private.is_instance_owner(p_user uuid) returns boolean
  language sql stable set search_path = '' as $$
  select coalesce((
    select exists (select 1 from app.memberships m where m.workspace_id = w.id and m.user_id = p_user and m.role = 'owner')
      from app.workspaces w order by w.created_at, w.id limit 1), false)
$$;
comment on function app_private.is_instance_owner(uuid) is 'True for an owner of the first workspace: who reads the mail outbox on the web (/operator/mail).';
