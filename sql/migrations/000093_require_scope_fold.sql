-- One helper per rule (sql/CONVENTIONS.md 14): the invitation functions of 000082 called a
-- two-scope wrapper, app_private.require_either_scope, kept while the folds landed; they now
-- call require_scope(a, b) like every other function, and the wrapper goes.
-- Also: the roster check said "an jury names no team"; it now says "the jury role names no team"
-- (the spec: organizer, jury and advisor "name no team").

create or replace function app_private.check_roster(p jsonb) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  x jsonb;
  n int := -1;
  k text;
  dup int;
begin
  if jsonb_typeof(p) is distinct from 'array' then
    perform app_private.fail('invalid_input', 'participants must be a list of roster entries', '{"field":"participants"}');
  end if;
  for x in select value from jsonb_array_elements(p) loop
    n := n + 1;
    if jsonb_typeof(x) <> 'object' then
      perform app_private.fail('invalid_input', format('participants.%s must be an object', n), jsonb_build_object('field', format('participants.%s', n)));
    end if;
    for k in select jsonb_object_keys(x) loop
      if k not in ('email', 'name', 'role', 'team') then
        perform app_private.fail('invalid_input', format('participants.%s.%s is not a known field', n, k), jsonb_build_object('field', format('participants.%s.%s', n, k)));
      end if;
      if jsonb_typeof(x -> k) not in ('string', 'null') then
        perform app_private.fail('invalid_input', format('participants.%s.%s must be a string', n, k), jsonb_build_object('field', format('participants.%s.%s', n, k)));
      end if;
    end loop;
    if not app_private.is_email(trim(x ->> 'email')) then
      perform app_private.fail('invalid_input', format('participants.%s.email must be an email address', n), jsonb_build_object('field', format('participants.%s.email', n)));
    end if;
    if length(trim(x ->> 'name')) > 200 or x ->> 'name' ~ '[[:cntrl:]]' then
      perform app_private.fail('invalid_input', format('participants.%s.name must be at most 200 characters on one line', n), jsonb_build_object('field', format('participants.%s.name', n)));
    end if;
    if coalesce(x ->> 'role', 'participant') not in ('participant', 'organizer', 'jury', 'advisor') then
      perform app_private.fail('invalid_input', format('participants.%s.role must be participant, organizer, jury or advisor', n), jsonb_build_object('field', format('participants.%s.role', n)));
    end if;
    if coalesce(x ->> 'role', 'participant') = 'participant' and nullif(trim(x ->> 'team'), '') is null then
      perform app_private.fail('invalid_input', format('participants.%s.team is required for a participant', n), jsonb_build_object('field', format('participants.%s.team', n)));
    end if;
    if coalesce(x ->> 'role', 'participant') <> 'participant' and nullif(trim(x ->> 'team'), '') is not null then
      perform app_private.fail('invalid_input', format('participants.%s.team: the %s role names no team', n, x ->> 'role'), jsonb_build_object('field', format('participants.%s.team', n)));
    end if;
    if length(trim(x ->> 'team')) > 100 or x ->> 'team' ~ '[[:cntrl:]]' then
      perform app_private.fail('invalid_input', format('participants.%s.team must be 1 to 100 characters on one line', n), jsonb_build_object('field', format('participants.%s.team', n)));
    end if;
  end loop;
  select min(r.n) into dup from (
    select r.n, row_number() over (partition by lower(r.email) order by r.n) as k from app_private.roster_rows(p) r) r
  where r.k > 1;
  if dup is not null then
    perform app_private.fail('invalid_input', format('participants.%s.email appears earlier in the roster', dup), jsonb_build_object('field', format('participants.%s.email', dup)));
  end if;
end;
$$;

create or replace function app.invite_member(p_email text, p_role text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  mine app.workspace_role;
begin
  perform app_private.require_scope('presentations:write', 'hackathon:write');
  perform app_private.require_owner_or_admin('invites people to the workspace');
  select m.role into mine from app.memberships m where m.workspace_id = app.current_workspace_id() and m.user_id = app.current_user_id();
  if p_role = 'owner' and mine <> 'owner' then
    perform app_private.fail('invitation_role_refused', 'Only an owner invites an owner', jsonb_build_object('role', p_role));
  end if;
  return app_private.invite(app.current_workspace_id(), p_email, p_role, 'invite', app.current_user_id(), true) - 'mailed';
end;
$$;

create or replace function app.list_invitations(p_limit integer, p_before_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.require_scope('presentations:read', 'hackathon:read');
  perform app_private.require_owner_or_admin('sees the invitations of the workspace');
  return (select coalesce(jsonb_agg(app_private.invitation_json(x) order by x.created_at desc, x.id desc), '[]')
    from (select * from app_private.invitations i
           where i.workspace_id = app.current_workspace_id() and i.kind = 'workspace' and i.accepted_at is null and i.revoked_at is null
             and (p_before_at is null or (i.created_at, i.id) < (p_before_at, p_before_id))
           order by i.created_at desc, i.id desc limit p_limit) x);
end;
$$;

create or replace function app.revoke_invitation(p_invitation uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  i app_private.invitations;
begin
  perform app_private.require_scope('presentations:write', 'hackathon:write');
  perform app_private.require_owner_or_admin('revokes invitations');
  update app_private.invitations x set revoked_at = app.now()
   where x.id = p_invitation and x.workspace_id = app.current_workspace_id() and x.kind = 'workspace'
     and x.accepted_at is null and x.revoked_at is null
  returning * into i;
  if i.id is null then
    perform app_private.fail('invitation_not_found', 'No pending invitation with that id in this workspace', jsonb_build_object('invitationId', p_invitation));
  end if;
  return app_private.invitation_json(i);
end;
$$;

drop function app_private.require_either_scope(text, text);
