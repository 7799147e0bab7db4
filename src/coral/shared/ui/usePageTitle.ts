import {useLayoutEffect} from 'react';
import {fill} from '../basics';

/**
 * Gives the page a title built from its own: `template` with `{title}` for
 * the page's title as it stands, or null to leave it alone. The page's own
 * title comes back when the template changes or the form goes, unless the
 * page has since set another one of its own.
 */
export function usePageTitle(template: string | null): void {
  useLayoutEffect(() => {
    if (template === null) return undefined;
    const own = document.title;
    const mine = fill(template, {title: own});
    document.title = mine;
    return () => {
      if (document.title === mine) document.title = own;
    };
  }, [template]);
}
