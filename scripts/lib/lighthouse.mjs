/**
 * One Lighthouse run of a page in Debian's Chromium: the category scores and
 * the three figures the benchmark reports. Mobile uses Lighthouse's default
 * (a throttled mid-range phone); desktop its desktop preset.
 *
 * Lighthouse simulates the phone from what it sees on this machine, so its
 * scores follow the host's speed: `benchmarkIndex` is Lighthouse's own measure
 * of that speed, and `warnings` its word when it finds the host too slow or busy.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

/**
 * @param {string} pageUrl
 * @param {'mobile' | 'desktop'} mode
 * @param {{chromePath: string, flags: string[]}} chrome
 */
export async function lighthouseRun(pageUrl, mode, {chromePath, flags}) {
  const chrome = await chromeLauncher.launch({chromePath, chromeFlags: ['--headless=new', ...flags]});
  try {
    /** @type {import('lighthouse').Flags} */
    const options = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    };
    const result = await lighthouse(pageUrl, options, mode === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse gave no result for ${pageUrl}`);
    const {categories, audits, environment, runWarnings} = result.lhr;
    // A category or audit asked for and missing from the report would otherwise read as a score of 0.
    /** @param {string} id */
    const score = (id) => {
      const category = categories[id];
      if (!category) throw new Error(`Lighthouse did not score ${id} for ${pageUrl}`);
      return category.score ?? 0;
    };
    /** @param {string} id */
    const figure = (id) => {
      const audit = audits[id];
      if (!audit) throw new Error(`Lighthouse did not run the ${id} audit for ${pageUrl}`);
      return audit.numericValue ?? 0;
    };
    return {
      benchmarkIndex: environment.benchmarkIndex,
      warnings: runWarnings,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcp: figure('largest-contentful-paint'),
      tbt: figure('total-blocking-time'),
      cls: figure('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}
