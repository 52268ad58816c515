import { describe, expect, it } from 'vitest';
import { applyArticleOverride, applySeoOverride, plainTextToHtml } from './pageOverride.ts';

const PAGE = `<!doctype html><html><head><title>Old title | Roamly</title>
<meta name="description" content="Old description"><meta property="og:title" content="Old title">
</head><body><h1 class="x">Old heading</h1><p class="lead" data-article-lead>Old summary</p>
<div data-article-body><div class="prose astro-abc" lang="en"><p>Old <b>text</b></p><div>nested</div></div><span data-article-body-end hidden></span></div>
<h1>second</h1></body></html>`;

describe('page overrides', () => {
  it('replaces title, description and the first heading, escaped, and keeps what has no override', () => {
    const out = applySeoOverride(PAGE, { title: 'Bus <Bangkok> & "more"', description: null, heading: 'New heading' });
    expect(out).toContain('<title>Bus &lt;Bangkok&gt; &amp; &quot;more&quot;</title>');
    expect(out).toContain('<meta property="og:title" content="Bus &lt;Bangkok&gt; &amp; &quot;more&quot;">');
    expect(out).toContain('content="Old description"');
    expect(out).toContain('<h1 class="x">New heading</h1>');
    expect(out).toContain('<h1>second</h1>');
  });

  it('puts an article’s text inside the page’s own prose block, as escaped paragraphs', () => {
    const out = applyArticleOverride(PAGE, {
      title: 'Charged twice?',
      summary: 'What to do',
      body: 'First <script>x</script>\n\nSecond\nline',
    });
    expect(out).toContain('<h1 class="x">Charged twice?</h1>');
    expect(out).toContain('<p class="lead" data-article-lead>What to do</p>');
    expect(out).toContain(
      '<div class="prose astro-abc" lang="en"><p>First &lt;script&gt;x&lt;/script&gt;</p><p>Second<br>line</p></div><span data-article-body-end',
    );
    expect(out).not.toContain('Old <b>text</b>');
    expect(out).not.toContain('nested');
  });

  it('makes paragraphs from plain text and drops empty ones', () => {
    expect(plainTextToHtml('\n\na\r\n\r\n\r\nb & c\n\n')).toBe('<p>a</p><p>b &amp; c</p>');
  });
});
