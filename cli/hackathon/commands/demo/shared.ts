// The demo pass as the demo commands read it.

export interface Pass {
  id: string;
  email: string;
  expiresAt: string;
  revokedAt: string | null;
  uses: number;
  links?: string[];
}
