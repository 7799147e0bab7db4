/** Maps `/x.html` and `/x/index.html` to the clean path `/x`; null when already clean. */
export function cleanPath(pathname: string, baseUrl: string): string | null {
  const clean = pathname.replace(/(?:\/index)?\.html$/, '');
  if (clean === pathname) {
    return null;
  }
  // The site root keeps its slash: `/gpap-coral/index.html` → `/gpap-coral/`.
  if (clean === '' || `${clean}/` === baseUrl) {
    return baseUrl;
  }
  return clean;
}
