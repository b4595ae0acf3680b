// Words and names every evidence reader shares: Markdown as plain text, a file's language by
// its name. A leaf module: the topic readers (facts.ts, purpose.ts) import it, never each other.
import { VENDORED_DIR } from './paths.ts';

/** Plain text from a line of Markdown: links to their text, emphasis and code marks removed. */
export function plain(md: string): string {
  return md
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[*_`]{1,3}([^*_`]+)[*_`]{1,3}/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

const LANGUAGES: [RegExp, string][] = [
  [/\.tsx?$/, 'TypeScript'], [/\.(m|c)?jsx?$/, 'JavaScript'], [/\.py$/, 'Python'], [/\.go$/, 'Go'], [/\.rs$/, 'Rust'],
  [/\.java$/, 'Java'], [/\.kts?$/, 'Kotlin'], [/\.rb$/, 'Ruby'], [/\.php$/, 'PHP'], [/\.cs$/, 'C#'], [/\.(cpp|cc|cxx|hpp)$/, 'C++'],
  [/\.[ch]$/, 'C'], [/\.swift$/, 'Swift'], [/\.dart$/, 'Dart'], [/\.vue$/, 'Vue'], [/\.svelte$/, 'Svelte'], [/\.html?$/, 'HTML'],
  [/\.(css|scss|sass|less)$/, 'CSS'], [/\.(sh|bash)$/, 'Shell'], [/\.sql$/, 'SQL'], [/\.(ex|exs)$/, 'Elixir'], [/\.scala$/, 'Scala'],
];
/** The language of a source file by its name; null for vendored folders, minified files and other files. */
export function languageOf(path: string): string | null {
  if (VENDORED_DIR.test(path) || /\.min\.(js|css)$/.test(path)) return null;
  for (const [re, name] of LANGUAGES) if (re.test(path)) return name;
  return null;
}
