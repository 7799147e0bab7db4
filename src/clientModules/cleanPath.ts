/** Maps `/x.html`, `/x/index.html` and `/x/` to the clean path `/x`; null when already clean. */
export function cleanPath(pathname: string, baseUrl: string): string | null {
  const clean = pathname.replace(/(?:\/index)?\.html$/, '').replace(/(.)\/$/, '$1');
  // The site root keeps its slash: `/gpap-coral/index.html` → `/gpap-coral/`.
  const target = clean === '' || `${clean}/` === baseUrl ? baseUrl : clean;
  return target === pathname ? null : target;
}
