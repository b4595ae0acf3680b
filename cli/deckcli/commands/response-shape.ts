// The form response as responses and response read it.

export interface LinkRef {
  id: string;
  name: string | null;
}
export interface Response {
  id: string;
  form: string;
  link: LinkRef | null;
  source: string;
  placement: string | null;
  answers: Record<string, unknown>;
  revisions: number;
  createdAt: string;
  editedAt: string | null;
  lastActivityAt: string;
}
export const linkLabel = (l: LinkRef | null) => (l ? l.name ?? l.id : '-');
