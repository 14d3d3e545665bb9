/** Lighthouse 12, mobile preset, performance only, intro already seen; offline against Debian's Chromium. */
// Why: docs/decisions/build-and-render.md#lighthouse-throttling
import { launch } from 'puppeteer-core';
import lighthouse from 'lighthouse';
import { PAGE_LOAD_CHROMIUM_ARGS } from '../chromium-args.mjs';

async function lighthouseOnce(url, executablePath, throttlingMethod) {
  const browser = await launch({ executablePath, headless: true, args: PAGE_LOAD_CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.evaluateOnNewDocument(() => sessionStorage.setItem('hasVisited', 'true'));
    const { lhr } = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttlingMethod },
      undefined,
      page,
    );
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    return {
      score: Math.round(lhr.categories.performance.score * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
    };
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run; a run Lighthouse itself reports as broken (NO_NAVSTART and the like) is run again, up to 3 times. */
export async function lighthouseRun(url, executablePath, { throttlingMethod = 'simulate', attempts = 3 } = {}) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, executablePath, throttlingMethod);
    } catch (error) {
      if (attempt >= attempts || !String(error?.message).startsWith('Lighthouse:')) throw error;
      process.stderr.write(`\n[bench] ${url}: ${error.message}; running it again\n`);
    }
  }
}
