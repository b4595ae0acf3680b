// Who a request is (the answer of authentication): shared by the caller and the batcher.

export interface Identity {
  via: 'session' | 'api_key';
  user: { id: string; email: string; name: string | null };
  key: { id: string; name: string; tool: 'deck' | 'hackathon'; scopes: string[]; workspaceId: string | null; expiresAt: string | null } | null;
  sessionId: string | null;
  demoPassId: string | null; // a session opened by a demo pass: pinned to its workspace, never on credentials
  workspace: { id: string; name: string; organizationId: string | null; role: string } | null;
  workspaceError: { code: string; message: string } | null;
}
