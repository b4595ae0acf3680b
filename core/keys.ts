// API keys: `dk_` for the deck tool, `hck_` for the hackathon tool, 32 random bytes,
// stored only as sha256. The prefix tells a person (and a secret scanner) what it is.
import { randomToken, sha256 } from './crypto.ts';

export type Tool = 'deck' | 'hackathon';
export const KEY_PREFIX: Record<Tool, string> = { deck: 'dk_', hackathon: 'hck_' };
export const TOOL_SCOPES: Record<Tool, string[]> = {
  deck: ['presentations:read', 'presentations:write', 'data:export'],
  hackathon: ['hackathon:read', 'hackathon:write', 'data:export'],
};

export function mintKey(tool: Tool): { key: string; hash: Buffer } {
  const key = KEY_PREFIX[tool] + randomToken(32);
  return { key, hash: sha256(key) };
}

/** Only strings shaped like one of our keys are looked up at all. */
export function looksLikeKey(value: string): boolean {
  return /^(dk|hck)_[A-Za-z0-9_-]{43}$/.test(value);
}
