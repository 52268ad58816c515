/**
 * Admin's page overrides (issue 22, SPEC §7 `admin/seo` and `admin/article`) applied to a page's
 * HTML, built or rendered: the search-engine title, description and heading, and a support
 * article's title, summary and text published without a deploy. Pure: the server middleware
 * (src/server/admin/middleware.ts) hands in the page and the override.
 *
 * Only markup our own components write is touched: `<title>`, the description and og/twitter
 * meta tags, the first `<h1>`, and for articles the `data-article-lead` paragraph and the
 * `data-article-body` block (closed by its `data-article-body-end` marker). Every text is escaped.
 */

export interface SeoTexts {
  title: string | null;
  description: string | null;
  heading: string | null;
}

export interface ArticleTexts {
  title: string;
  summary: string;
  /** Plain text, paragraphs separated by blank lines. */
  body: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Plain text as paragraphs: a blank line starts a new one, a single newline is a line break. */
export function plainTextToHtml(body: string): string {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

function replaceTitle(html: string, title: string): string {
  const text = escapeHtml(title);
  return html
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${text}</title>`)
    .replace(/(<meta (?:property="og:title"|name="twitter:title") content=")[^"]*(")/g, `$1${text}$2`);
}

function replaceDescription(html: string, description: string): string {
  const text = escapeHtml(description);
  return html.replace(
    /(<meta (?:name="description"|property="og:description"|name="twitter:description") content=")[^"]*(")/g,
    `$1${text}$2`,
  );
}

function replaceHeading(html: string, heading: string): string {
  return html.replace(/(<h1\b[^>]*>)[\s\S]*?(<\/h1>)/, `$1${escapeHtml(heading)}$2`);
}

export function applySeoOverride(html: string, seo: SeoTexts): string {
  let out = html;
  if (seo.title) out = replaceTitle(out, seo.title);
  if (seo.description) out = replaceDescription(out, seo.description);
  if (seo.heading) out = replaceHeading(out, seo.heading);
  return out;
}

export function applyArticleOverride(html: string, article: ArticleTexts): string {
  let out = replaceTitle(html, article.title);
  out = replaceDescription(out, article.summary);
  out = replaceHeading(out, article.title);
  out = out.replace(/(<p\b[^>]*\bdata-article-lead\b[^>]*>)[\s\S]*?(<\/p>)/, `$1${escapeHtml(article.summary)}$2`);
  // The text goes inside the page's own prose block, which keeps its styles.
  out = out.replace(
    /(<div\b[^>]*\bdata-article-body\b[^>]*>\s*<div\b[^>]*>)[\s\S]*?(<\/div>\s*<span\b[^>]*\bdata-article-body-end\b[^>]*><\/span>)/,
    `$1${plainTextToHtml(article.body)}$2`,
  );
  return out;
}
