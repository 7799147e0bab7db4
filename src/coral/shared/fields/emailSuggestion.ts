/**
 * A gentle "did you mean …?" for common domain typos. A form fetches it once
 * an email is typed in (./useEmailSuggester.ts): the suggestion shows when the
 * field is left, and it is a courtesy, never a check.
 */
const COMMON_DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'outlook.com',
  'yahoo.com',
  'yahoo.com.au',
  'icloud.com',
  'live.com',
  'bigpond.com',
  'bigpond.net.au',
  'optusnet.com.au',
  'iinet.net.au',
  'tpg.com.au',
  'xtra.co.nz',
] as const;

function distance(a: string, b: string): number {
  const row = Array.from({length: b.length + 1}, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** The address with its domain corrected, when the domain is one or two keystrokes off a common one. */
export function suggestEmail(input: string): string | null {
  const email = input.trim();
  const at = email.lastIndexOf('@');
  if (at <= 0) return null;
  const domain = email.slice(at + 1).toLowerCase();
  if (domain === '' || (COMMON_DOMAINS as readonly string[]).includes(domain)) return null;
  let best: {domain: string; distance: number} | null = null;
  for (const candidate of COMMON_DOMAINS) {
    const d = distance(domain, candidate);
    if (d <= 2 && (!best || d < best.distance)) best = {domain: candidate, distance: d};
  }
  return best ? `${email.slice(0, at)}@${best.domain}` : null;
}
