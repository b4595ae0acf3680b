-- An erased account keeps its row (decks, posts and receipts still point at it) but not its
-- person: `podium account erase` removes the name, the email (replaced by a tombstone that
-- can never sign in), sign-in, keys and sessions, and sets erased_at. Every surface that
-- names an author shows `(erased account)` when erased_at is set.
alter table app.users add column erased_at timestamptz;
comment on column app.users.erased_at is
  'When the account was erased (podium account erase); its author name is shown as (erased account) everywhere.';
