import { escapeHtml, SHOWN_TEXT_INCLUDE, withShownText } from './notFoundText';

describe('the text a not-found page shows', () => {
  it('is escaped for an element or a quoted attribute', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
    expect(escapeHtml('/products/hoi-an')).toBe('/products/hoi-an');
  });

  it('goes in every place the renderer marked, escaped, and nowhere else', () => {
    const page = `<h1>Not found</h1><p>${SHOWN_TEXT_INCLUDE}</p><code>${SHOWN_TEXT_INCLUDE}</code>`;
    expect(withShownText(page, '/<script>alert(1)</script>')).toBe(
      '<h1>Not found</h1><p>/&lt;script&gt;alert(1)&lt;/script&gt;</p><code>/&lt;script&gt;alert(1)&lt;/script&gt;</code>',
    );
    expect(withShownText('<p>no marker</p>', '<b>')).toBe('<p>no marker</p>');
  });
});
