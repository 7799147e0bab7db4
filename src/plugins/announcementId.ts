/**
 * Docusaurus hides a dismissed announcement bar before hydration with an inline
 * script that reads only the dismissal flag, so a new announcement stays hidden
 * on the first page a returning reader opens. This script runs right after it
 * and shows the bar again when the stored announcement id is not the current one.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';

export function announcementIdScript(id: string): string {
  return `(function(){try{if(localStorage.getItem('docusaurus.announcement.id')!==${JSON.stringify(id)}){document.documentElement.setAttribute('data-announcement-bar-initially-dismissed','false')}}catch(e){}})();`;
}

export default function announcementIdPlugin(_context: LoadContext, options: {id: string}): Plugin {
  return {
    name: 'coral-announcement-id',
    injectHtmlTags() {
      return {preBodyTags: [{tagName: 'script', innerHTML: announcementIdScript(options.id)}]};
    },
  };
}
