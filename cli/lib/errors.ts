// Typed CLI errors carry their exit code (the same table for every Podium CLI):
// 0 ok, 1 usage or wire error, 2 input rejected before any request, 3 access refused,
// 4 environment, 5 conflict.
export const EXIT = { ok: 0, usage: 1, wire: 1, rejected: 2, access: 3, environment: 4, conflict: 5 } as const;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}
