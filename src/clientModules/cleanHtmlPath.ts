/**
 * GitHub Pages serves `/docs/intro.html`, `/docs/intro/index.html` (written by
 * `src/plugins/pathForms.ts`) and `/docs/intro/` as well as the clean paths.
 * The router only knows the clean ones, so left alone it renders the not-found
 * page over the server HTML of the real page, and React reports a hydration
 * mismatch (#418). Rewriting the address before hydration fixes both.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import siteConfig from '@generated/docusaurus.config';
import {cleanPath} from './cleanPath';

if (ExecutionEnvironment.canUseDOM) {
  const target = cleanPath(window.location.pathname, siteConfig.baseUrl);
  if (target !== null) {
    window.history.replaceState(window.history.state, '', target + window.location.search + window.location.hash);
  }
}
