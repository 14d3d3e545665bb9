/** @jest-environment jsdom */
import { whenParsed } from './earlyInput';

describe('once the document is parsed', () => {
  afterEach(() => jest.restoreAllMocks());

  it('runs at once in a parsed document', () => {
    const then = jest.fn();
    whenParsed(then);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('waits for DOMContentLoaded while the document is loading (a script at the body’s start)', () => {
    jest.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const then = jest.fn();
    whenParsed(then);
    expect(then).not.toHaveBeenCalled();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(then).toHaveBeenCalledTimes(1);
  });
});
