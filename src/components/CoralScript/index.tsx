import {useEffect} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';

/** Loads the embed script once, on a page of this site that shows Coral's custom elements. */
export default function CoralScript(): null {
  const src = useBaseUrl('/coral/coral.js');
  useEffect(() => {
    if (document.querySelector(`script[src="${src}"]`)) return;
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    document.head.append(script);
  }, [src]);
  return null;
}
