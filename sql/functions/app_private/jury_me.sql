-- The caller's juror key: the normalised address of the signed-in account.
create or replace function app_private.jury_me(p_user uuid) returns text
  language sql stable
  set search_path = ''
as $$
  select app_private.normalize_email(u.email) from app.users u where u.id = p_user
$$;
comment on function app_private.jury_me(uuid) is 'The juror key of an account: its normalised address.';
revoke all on function app_private.jury_me(uuid) from public;
