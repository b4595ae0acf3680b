-- The hub account of this request (set by the hub's routes from the presented hub login).

CREATE OR REPLACE FUNCTION hub.current_account_id()
 RETURNS uuid
 LANGUAGE sql
 STABLE
AS $function$ select nullif(current_setting('hub.account_id', true), '')::uuid $function$;

comment on function hub.current_account_id() is 'The hub account of this request (set by the hub''s routes from the presented hub login).';
revoke all on function hub.current_account_id() from public;
grant execute on function hub.current_account_id() to podium_hub;
