/**
 * Docusaurus's inline colour-mode script copies whatever `theme` holds in
 * local storage onto <html data-theme>, so a stored value that is neither
 * light nor dark leaves the page in no mode at all. This script runs in the
 * head, before that one, and forgets such a value, so the reader gets the
 * default mode instead.
 */
import type {Plugin} from '@docusaurus/types';

export const COLOR_MODE_GUARD_SCRIPT =
  "(function(){try{var t=localStorage.getItem('theme');if(t!==null&&t!=='light'&&t!=='dark'){localStorage.removeItem('theme')}}catch(e){}})();";

export default function colorModeGuardPlugin(): Plugin {
  return {
    name: 'coral-color-mode-guard',
    injectHtmlTags() {
      return {headTags: [{tagName: 'script', innerHTML: COLOR_MODE_GUARD_SCRIPT}]};
    },
  };
}
