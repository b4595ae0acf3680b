-- Raises email_confusable when one of the addresses has the confusable skeleton of another
-- identity among the workspace's members, pending invitations, roster rows or the other addresses
-- given; compares nothing of another workspace.

CREATE OR REPLACE FUNCTION app_private.refuse_look_alike(p_workspace uuid, p_emails text[])
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  hit record;
begin
  perform app_private.lock_workspace_doors(p_workspace);
  with incoming as (
    select x.email, x.n, app_private.normalize_email(x.email) as id, app_private.email_skeleton(x.email) as look
      from unnest(p_emails) with ordinality x(email, n)
  ), known as (
    select u.email, 'a member of this workspace' as what
      from app.memberships m join app.users u on u.id = m.user_id where m.workspace_id = p_workspace
    union all
    select i.email, 'invited to this workspace' from app_private.invitations i
     where i.workspace_id = p_workspace and i.kind = 'workspace' and i.accepted_at is null and i.revoked_at is null
    union all
    select r.email, format('on the roster of %s', e.name) from app.roster_entries r join app.events e on e.id = r.event_id
     where e.workspace_id = p_workspace
  ), looks as (
    -- An address given here is named as one of the list, even when a roster row holds it already.
    select k.email, k.what, app_private.normalize_email(k.email) as id, app_private.email_skeleton(k.email) as look from known k
     where not exists (select 1 from incoming i where i.id = app_private.normalize_email(k.email))
    union all
    select i.email, 'in the same list', i.id, i.look from incoming i
  )
  select i.email, o.email as other, o.what into hit
    from incoming i join looks o on o.look = i.look and o.id <> i.id
   order by i.n, o.email limit 1;
  if hit.email is not null then
    perform app_private.fail('email_confusable',
      format('%s looks like %s (%s): a look-alike address is refused, never a second person; check its spelling', hit.email, hit.other, hit.what),
      jsonb_build_object('field', 'email', 'email', hit.email, 'lookAlike', hit.other));
  end if;
end;
$function$;

comment on function app_private.refuse_look_alike(p_workspace uuid, p_emails text[]) is 'Raises email_confusable when one of the addresses has the confusable skeleton of another identity among the workspace''s members, pending invitations, roster rows or the other addresses given; compares nothing of another workspace.';
revoke all on function app_private.refuse_look_alike(p_workspace uuid, p_emails text[]) from public;
