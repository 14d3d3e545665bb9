/** @jest-environment jsdom */
import { NOT_LARGEST_PAINTED_AFTER_MS, waitForMainPictures } from './mainScript';
import { handMadeFrames, noPaintReports, paintReports } from '@test/paintTiming';

function page(pictures: string) {
  document.body.innerHTML = `<div id="root" data-rendered>${pictures}<img src="/images/strip.svg" alt=""></div>`;
  return [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
}
const arrive = (picture: HTMLImageElement) => picture.dispatchEvent(new Event('load'));
const HIGH = '<img fetchpriority="high" src="/images/a.svg" alt=""><img fetchpriority="high" src="/images/b.svg" alt="">';

describe('the first view’s main pictures (fetchpriority=high)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    document.documentElement.removeAttribute('data-intro');
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('are none to wait for on a page without them, and none under the intro', () => {
    paintReports(['largest-contentful-paint']);
    page('');
    expect(waitForMainPictures(jest.fn())).toBe(0);
    page(HIGH);
    document.documentElement.setAttribute('data-intro', 'pending');
    expect(waitForMainPictures(jest.fn())).toBe(0);
  });

  it('are painted when reported as the largest paint, or 0.5 s after arriving when not the largest', () => {
    const reports = paintReports(['largest-contentful-paint']);
    const [largest, other] = page(HIGH) as [HTMLImageElement, HTMLImageElement];
    const done = jest.fn();
    expect(waitForMainPictures(done)).toBe(2);
    arrive(largest);
    reports.report('largest-contentful-paint', [{ element: largest }]);
    expect(done).toHaveBeenCalledTimes(1);
    arrive(other);
    jest.advanceTimersByTime(NOT_LARGEST_PAINTED_AFTER_MS - 1);
    expect(done).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledTimes(2);
    // Once each: the largest's timer, and later reports, count for nothing more.
    reports.report('largest-contentful-paint', [{ element: other }]);
    jest.advanceTimersByTime(NOT_LARGEST_PAINTED_AFTER_MS);
    expect(done).toHaveBeenCalledTimes(2);
  });

  it('count as painted when they fail to load', () => {
    paintReports(['largest-contentful-paint']);
    const pictures = page(HIGH);
    const done = jest.fn();
    waitForMainPictures(done);
    for (const picture of pictures) picture.dispatchEvent(new Event('error'));
    expect(done).toHaveBeenCalledTimes(2);
  });

  it('without the largest paint reported: two frames after each was decoded', async () => {
    noPaintReports();
    const frames = handMadeFrames();
    const [picture] = page('<img fetchpriority="high" src="/images/a.svg" alt="">') as [HTMLImageElement];
    picture.decode = () => Promise.resolve();
    const done = jest.fn();
    expect(waitForMainPictures(done)).toBe(1);
    arrive(picture);
    await Promise.resolve();
    frames.next();
    expect(done).not.toHaveBeenCalled();
    frames.next();
    expect(done).toHaveBeenCalledTimes(1);
  });
});
