-- Two look-alikes let in at once by two transactions would each see the workspace without
-- the other: the check locks the workspace's doors first (to the end of the transaction), and,
-- volatile, then reads what the one before committed.

CREATE OR REPLACE FUNCTION app_private.lock_workspace_doors(p_workspace uuid)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$ select pg_catalog.pg_advisory_xact_lock(7432039, pg_catalog.hashtext(p_workspace::text)) $function$;

comment on function app_private.lock_workspace_doors(p_workspace uuid) is 'Serialises the addresses entering one workspace (invitations, roster imports, acceptances, member add) to the end of the transaction: taken before any row those doors lock.';
revoke all on function app_private.lock_workspace_doors(p_workspace uuid) from public;
