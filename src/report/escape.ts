/**
 * Escaping for every value of the report (file, contract and function names, revert messages,
 * arguments, and numbers too) before it enters markdown. Contract code is attacker-controlled on a
 * fork PR, so a revert string must not be able to post HTML, links, images, mentions or break a
 * table; and `mode: report` renders a report a fork's workflow wrote, where a field declared a number
 * may hold anything the schema check missed.
 */
import { printable } from '../logger.js';

/**
 * ASCII punctuation that starts or ends a markdown or HTML construct. CommonMark (and GitHub's
 * renderer) turns `\x` into a literal `x` for any of these, in paragraphs, list items, table cells
 * (`\|` included) and link text alike.
 */
const MARKDOWN_PUNCTUATION = /[\\`*_{}[\]()<>#+\-.!|~&]/g;

/**
 * Inline markdown text on one line. Line breaks become spaces (no new blocks, headings or list
 * items), punctuation is backslash-escaped, and `@` gets a zero-width space after it: GitHub links
 * mentions after rendering, so a backslash alone would still notify `@someone` (Dependabot and
 * Renovate break mentions the same way).
 */
export function escapeMarkdown(value: string | number): string {
  return printable(String(value).replace(/\r\n|\r|\n/g, ' '))
    .replace(MARKDOWN_PUNCTUATION, '\\$&')
    .replace(/@/g, '@&#8203;');
}

/** Text inside raw HTML (`<summary>`), where markdown escapes do not apply. */
export function escapeHtml(text: string): string {
  return (
    printable(text.replace(/\r\n|\r|\n/g, ' '))
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // GitHub still renders emphasis and code spans in some HTML blocks: these become entities too.
      .replace(/[_*`]/g, (c) => `&#${c.charCodeAt(0)};`)
      .replace(/@/g, '@&#8203;')
  );
}

/**
 * A fenced code block whose fence is longer than any backtick run in `text`, so the content cannot
 * close it; nothing inside a code block renders as markdown, HTML or a mention.
 */
export function codeBlock(text: string, language = ''): string {
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${fence}${language}\n${printable(text)}\n${fence}`;
}

/**
 * A repository path as URL path segments. encodeURIComponent leaves `()'!*` alone; `)` would end
 * a markdown link destination early, so those are encoded too.
 */
export function encodePath(file: string): string {
  return file
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}

/** A link to one line of a file at a commit, or undefined when the repository URL is unknown. */
export function lineUrl(place: { repoUrl?: string; headSha?: string }, file: string, line: number | null): string | undefined {
  if (!place.repoUrl || !place.headSha) return undefined;
  const anchor = line === null ? '' : `#L${encodeURIComponent(line)}`;
  return `${place.repoUrl.replace(/\/+$/, '')}/blob/${encodeURIComponent(place.headSha)}/${encodePath(file)}${anchor}`;
}

/**
 * Inline code that is safe in a table cell: one line, a backtick run longer than any inside, and `|`
 * escaped (GitHub splits cells on `|` before it reads code spans, and drops the backslash inside them).
 */
export function codeSpan(text: string): string {
  const clean = printable(text.replace(/\r\n|\r|\n/g, ' '));
  const longestRun = Math.max(0, ...(clean.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const padded = clean.startsWith('`') || clean.endsWith('`') ? ` ${clean} ` : clean;
  return `${fence}${padded.replace(/\|/g, '\\|')}${fence}`;
}
