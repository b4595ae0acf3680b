// Reading our Markdown docs in tests: markdown-it's tokens, not backtick pairing (a fenced
// block would throw that off).
import MarkdownIt from 'markdown-it';

/** Every inline code span of a Markdown text (fenced and indented blocks are not spans). */
export function codeSpans(markdown: string): string[] {
  const spans: string[] = [];
  for (const block of new MarkdownIt().parse(markdown, {})) {
    for (const tok of block.children ?? []) if (tok.type === 'code_inline') spans.push(tok.content);
  }
  return spans;
}

/** The contents of every fenced block of a Markdown text whose info string names `lang` (```graphql). */
export function fencedBlocks(markdown: string, lang: string): { content: string; line: number }[] {
  return new MarkdownIt()
    .parse(markdown, {})
    .filter((tok) => tok.type === 'fence' && tok.info.trim().split(/\s+/)[0] === lang)
    .map((tok) => ({ content: tok.content, line: (tok.map?.[0] ?? 0) + 1 }));
}
