/** Lighthouse 12, mobile preset, performance only, intro already seen; offline against Debian's Chromium. */
// Why: docs/decisions/build-and-render.md#lighthouse-throttling
import { launch } from 'puppeteer-core';
import lighthouse from 'lighthouse';
import { PAGE_LOAD_CHROMIUM_ARGS } from '../chromium-args.mjs';

/** One Lighthouse run; a run Lighthouse itself reports as broken (NO_NAVSTART and the like) is run again, up to 3 times. */
export async function lighthouseRun(url, executablePath) {
  for (let attempt = 1; ; attempt += 1) {
    const browser = await launch({ executablePath, headless: true, args: PAGE_LOAD_CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      await page.evaluateOnNewDocument(() => sessionStorage.setItem('hasVisited', 'true'));
      const options = { output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttlingMethod: 'simulate' };
      const { lhr } = await lighthouse(url, options, undefined, page);
      if (!lhr.runtimeError)
        return {
          score: Math.round(lhr.categories.performance.score * 100),
          lcp: lhr.audits['largest-contentful-paint'].numericValue,
          tbt: lhr.audits['total-blocking-time'].numericValue,
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
        };
      if (attempt >= 3) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      process.stderr.write(`\n[bench] ${url}: Lighthouse: ${lhr.runtimeError.message}; running it again\n`);
    } finally {
      await browser.close();
    }
  }
}
