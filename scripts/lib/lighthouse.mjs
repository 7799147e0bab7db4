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

export async function lighthouseRun(pageUrl, mode, {chromePath, flags}) {
  const chrome = await chromeLauncher.launch({chromePath, chromeFlags: ['--headless=new', ...flags]});
  try {
    const options = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    };
    const result = await lighthouse(pageUrl, options, mode === 'desktop' ? desktopConfig : undefined);
    const {categories, audits, environment, runWarnings} = result.lhr;
    return {
      benchmarkIndex: environment.benchmarkIndex,
      warnings: runWarnings,
      performance: categories.performance.score ?? 0,
      accessibility: categories.accessibility.score ?? 0,
      bestPractices: categories['best-practices'].score ?? 0,
      lcp: audits['largest-contentful-paint'].numericValue ?? 0,
      tbt: audits['total-blocking-time'].numericValue ?? 0,
      cls: audits['cumulative-layout-shift'].numericValue ?? 0,
    };
  } finally {
    await chrome.kill();
  }
}
