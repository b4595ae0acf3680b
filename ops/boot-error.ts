// A replica that cannot boot for a reason the operator fixes (exit 4, environment). Apart from
// ops/service.ts so the operator binary can recognise it without loading the server.
export class BootError extends Error {}
