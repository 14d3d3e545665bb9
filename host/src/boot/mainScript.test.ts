/** @jest-environment jsdom */
import { afterFirstPaint, startMain, UNPAINTED_START_AFTER_MS } from './mainScript';
import { handMadeFrames, noPaintReports, paintReports } from '@test/paintTiming';

describe('main.js', () => {
  it('is added to the head; should it fail to load, the page gives up waiting for it', () => {
    const giveUp = jest.fn();
    startMain('/main.0123456789.js', giveUp);
    const main = document.head.querySelector<HTMLScriptElement>('script[src="/main.0123456789.js"]')!;
    expect(main).not.toBeNull();
    main.dispatchEvent(new Event('error'));
    expect(giveUp).toHaveBeenCalledTimes(1);
  });
});

describe('when main.js runs', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    document.body.innerHTML = '<div id="root" data-rendered><h1>Products</h1></div>';
    document.documentElement.removeAttribute('data-intro');
    noPaintReports();
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('after the first frame has been painted: the callbacks of the frame after it, once', () => {
    const frames = handMadeFrames();
    const run = jest.fn();
    afterFirstPaint(run);
    frames.next(); // before the first frame is painted
    jest.advanceTimersByTime(1);
    expect(run).not.toHaveBeenCalled();
    frames.next(); // after it
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(UNPAINTED_START_AFTER_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('at the first contentful paint, if the browser reports it before the frames say so', () => {
    handMadeFrames();
    const reports = paintReports(['paint', 'largest-contentful-paint']);
    const run = jest.fn();
    afterFirstPaint(run);
    reports.report('paint', [{ name: 'first-paint' }]);
    jest.advanceTimersByTime(1);
    expect(run).not.toHaveBeenCalled();
    reports.report('paint', [{ name: 'first-contentful-paint' }]);
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('under the intro, by frames only: nothing of the page is on screen until the scripts draw it', () => {
    document.documentElement.setAttribute('data-intro', 'pending');
    handMadeFrames();
    const reports = paintReports(['paint', 'largest-contentful-paint']);
    afterFirstPaint(jest.fn());
    expect(reports.observed('paint')).toBe(false);
  });

  it('in a tab that never paints (opened in the background), after 3 s', () => {
    handMadeFrames();
    const run = jest.fn();
    afterFirstPaint(run);
    jest.advanceTimersByTime(UNPAINTED_START_AFTER_MS - 1);
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(2);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('once the main pictures have been painted too, however late they come', () => {
    document.body.innerHTML = '<div id="root" data-rendered><img fetchpriority="high" src="/images/lake.svg" alt=""></div>';
    const frames = handMadeFrames();
    const reports = paintReports(['paint', 'largest-contentful-paint']);
    const run = jest.fn();
    afterFirstPaint(run);
    reports.report('paint', [{ name: 'first-contentful-paint' }]);
    frames.next();
    frames.next();
    jest.advanceTimersByTime(2000);
    expect(run).not.toHaveBeenCalled();
    const picture = document.querySelector('img')!;
    picture.dispatchEvent(new Event('load'));
    reports.report('largest-contentful-paint', [{ element: picture }]);
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
