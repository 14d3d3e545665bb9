import { inlineScript, inlineStyle, MOST_INLINE_STYLE_BYTES } from './inlineCode';

describe('what a page carries inline', () => {
  it('carries a stylesheet as built, with its source map read from where the file is', () => {
    expect(inlineStyle('.a{color:red}\n/*# sourceMappingURL=styles.1.css.map*/', '/styles.1.css')).toBe(
      '.a{color:red}\n/*# sourceMappingURL=/styles.1.css.map*/',
    );
    expect(inlineStyle('.a{b:c}/*# sourceMappingURL=page.css.map*/', 'http://localhost:3001/css/page.css')).toBe(
      '.a{b:c}/*# sourceMappingURL=http://localhost:3001/css/page.css.map*/',
    );
    expect(inlineStyle('.a{b:c}', 'https://cdn.example.com/x.css')).toBe('.a{b:c}');
  });

  it('links a stylesheet whose addresses would resolve against the page, one that could end its element, and a large one', () => {
    expect(inlineStyle('.a{background:url(a.svg)}', '/s.css')).toBeUndefined();
    expect(inlineStyle('.a{background:URL("/a.svg")}', '/s.css')).toBeUndefined();
    expect(inlineStyle('@import "b.css";.a{}', '/s.css')).toBeUndefined();
    expect(inlineStyle('.a{content:"</STYLE>"}', '/s.css')).toBeUndefined();
    expect(inlineStyle(`.a{content:"${'x'.repeat(MOST_INLINE_STYLE_BYTES)}"}`, '/s.css')).toBeUndefined();
    expect(inlineStyle(`.a{content:"${'x'.repeat(MOST_INLINE_STYLE_BYTES - 20)}"}`, '/s.css')).toBeDefined();
  });

  it('refuses a script that would end its element or open a comment in it', () => {
    expect(inlineScript('a()')).toBe('a()');
    expect(() => inlineScript('a("</Script>")')).toThrow();
    expect(() => inlineScript('a("<!--")')).toThrow();
  });
});
