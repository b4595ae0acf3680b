// The optional second generator: the prose is written by a model behind an OpenAI-compatible
// chat-completions endpoint (GENERATOR_URL, GENERATOR_MODEL, GENERATOR_API_KEY; never
// required). The model is handed the template and the claims the evidence reader found, each
// with its citation, and asked for screens as JSON that reuse those citations. Its answer is
// untrusted: it is parsed into the deck shape (anything else fails the attempt) and then
// checked against the archive by validate.ts like every deck, so an invented citation becomes
// an `invalid_citation` finding on the deck, never a silent claim.
import type { Facts, FactTopic } from './facts.ts';
import type { AbsenceSubject, Citation, Claim, GenerateInput, GeneratedDeck, Screen } from './types.ts';

const ABSENCE_SUBJECTS: AbsenceSubject[] = ['readme', 'description', 'does', 'source', 'run', 'tests', 'next', 'test_files'];

export interface ChatSettings {
  url: string;
  model: string;
  apiKey: string | null;
}

export const CHAT_TIMEOUT_MS = 60_000;

export class ChatError extends Error {}

function endpoint(url: string): string {
  const u = url.replace(/\/+$/, '');
  return /\/chat\/completions$/.test(u) ? u : `${u}/chat/completions`;
}

const SYSTEM = [
  'You write the screens of a short presentation about one hackathon project, only from the evidence given.',
  'Every claim must reuse, unchanged, the citation of the evidence item it comes from; a claim you cannot tie to an item must say "unverified": true and carry no citation.',
  'Never invent a file, a line range or a commit. Keep each claim under the given character limit.',
  'An evidence item that carries "quote" is a code snippet: copy its text, citation and "quote" unchanged.',
  'An evidence item that carries "absent" says something is missing: copy its text, citation and "absent" object unchanged, and never write that something is missing otherwise.',
  'Answer with JSON only: {"screens":[{"heading":"...","claims":[{"text":"...","cite":{"path":"...","start":1,"end":2}}]}]}; a commit citation is {"commit":"<sha>"}, a push receipt citation {"receipt":<sequence>}.',
].join(' ');

function cleanCite(c: unknown): Citation | null {
  if (!c || typeof c !== 'object') return null;
  const x = c as Record<string, unknown>;
  if (typeof x.commit === 'string') return { commit: x.commit.slice(0, 64) };
  if (Number.isSafeInteger(x.receipt)) return { receipt: x.receipt as number };
  if (x.showcase === 'product' || x.showcase === 'tagline' || x.showcase === 'description') return { showcase: x.showcase };
  if (typeof x.path === 'string' && Number.isInteger(x.start) && Number.isInteger(x.end ?? x.start)) {
    return { path: x.path.slice(0, 1024), start: x.start as number, end: (x.end ?? x.start) as number };
  }
  return null;
}

/** The model's answer as screens; throws ChatError when it is not the asked shape. */
export function parseChatDeck(content: string): Screen[] {
  const text = content.trim().replace(/^```(?:json)?\s*/i, '').replace(/```\s*$/, '');
  let v: any;
  try {
    v = JSON.parse(text);
  } catch {
    throw new ChatError('The generator endpoint did not answer JSON');
  }
  if (!Array.isArray(v?.screens) || v.screens.length > 20) throw new ChatError('The generator endpoint answered no screens');
  return v.screens.map((s: any): Screen => {
    if (typeof s?.heading !== 'string' || !Array.isArray(s.claims) || s.claims.length > 20) throw new ChatError('The generator endpoint answered a malformed screen');
    return {
      heading: s.heading.slice(0, 500),
      claims: s.claims.map((c: any): Claim => {
        if (typeof c?.text !== 'string') throw new ChatError('The generator endpoint answered a claim without text');
        const cite = cleanCite(c.cite);
        const claim: Claim = cite ? { text: c.text.slice(0, 2000), cite } : { text: c.text.slice(0, 2000), unverified: c.unverified === true };
        // a code screen's snippet is kept as given: the validator checks it is at the cited lines
        if (typeof c.quote === 'string' && cite && 'path' in cite) claim.quote = c.quote.slice(0, 2000);
        const subject = c.absent?.subject;
        if (typeof subject === 'string' && ABSENCE_SUBJECTS.includes(subject as AbsenceSubject)) {
          claim.absent = { subject: subject as AbsenceSubject, checked: Array.isArray(c.absent.checked) ? c.absent.checked.filter((x: unknown) => typeof x === 'string').slice(0, 20) : [] };
        }
        return claim;
      }),
    };
  });
}

export async function generateWithChat(input: GenerateInput, facts: Facts, s: ChatSettings, fetchImpl: typeof fetch = fetch): Promise<GeneratedDeck> {
  const t = input.template;
  const evidence = (Object.keys(facts.topics) as FactTopic[]).flatMap((topic) =>
    (facts.topics[topic].length ? facts.topics[topic] : [facts.absent[topic]]).map((c) => ({ topic, text: c.text, cite: c.cite ?? null, ...(c.absent ? { absent: c.absent } : {}), ...(c.quote !== undefined ? { quote: c.quote } : {}) })));
  const user = JSON.stringify({
    team: input.team,
    deck: { kind: t.kind, description: t.description, screens: t.screens, headings: t.headings, maxClaimChars: t.maxClaimChars, maxClaimsPerScreen: t.maxClaimsPerScreen },
    evidence,
  });
  let res: Response;
  try {
    res = await fetchImpl(endpoint(s.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(s.apiKey ? { authorization: `Bearer ${s.apiKey}` } : {}) },
      body: JSON.stringify({ model: s.model, temperature: 0, response_format: { type: 'json_object' }, messages: [{ role: 'system', content: SYSTEM }, { role: 'user', content: user }] }),
      signal: AbortSignal.timeout(CHAT_TIMEOUT_MS),
    });
  } catch (err) {
    throw new ChatError(`The generator endpoint did not answer: ${(err as Error).message}`);
  }
  const body = await res.text();
  if (!res.ok) throw new ChatError(`The generator endpoint answered ${res.status}`);
  let content: unknown;
  try {
    content = JSON.parse(body)?.choices?.[0]?.message?.content;
  } catch {
    content = undefined;
  }
  if (typeof content !== 'string') throw new ChatError('The generator endpoint answered no chat completion');
  // a negative claim the model copied keeps its structure (the validator checks it against the archive)
  const negatives = new Map(Object.values(facts.absent).filter((c) => c.absent).map((c) => [c.text, c.absent!]));
  const screens = parseChatDeck(content).map((sc) => ({ ...sc, claims: sc.claims.map((c) => (!c.absent && negatives.has(c.text) ? { ...c, absent: negatives.get(c.text)! } : c)) }));
  return { generator: `chat/${s.model}`.slice(0, 200), screens };
}
