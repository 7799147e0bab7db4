/**
 * The results page's HTML, drawn on the server: the sign-in form, or the shell the page's script (./app.ts) fills
 * with the chosen form's results. No inline script, and every value put in is escaped as text.
 */
import {escapeHtml} from '../http';

/**
 * Scripts only from this endpoint and none inline; styles inline too (the page's own, and those Plot puts in each
 * chart); reads from this endpoint only; never framed; forms post only here.
 */
export const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const STYLE = `
:root { color-scheme: light dark; --fg: #1c1e21; --bg: #fff; --muted: #55595f; --line: #d0d4d9; --accent: #0b5cad; --warn: #8a3b00; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e3e3e3; --bg: #18191a; --muted: #b4b8bd; --line: #444950; --accent: #8cc4ff; --warn: #ffb37a; }
}
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
header, main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
header { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; justify-content: space-between; border-bottom: 1px solid var(--line); }
h1 { margin: 0; font-size: 1.5rem; }
h2 { margin-top: 2rem; font-size: 1.25rem; }
a { color: var(--accent); }
label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
input, select, button { font: inherit; color: inherit; background: var(--bg); border: 1px solid var(--muted); border-radius: 4px; padding: 0.4rem 0.6rem; max-width: 100%; }
button { cursor: pointer; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.alert { color: var(--warn); font-weight: 600; }
.note { border-left: 4px solid var(--accent); padding: 0.25rem 0.75rem; }
.verdict { font-weight: 600; }
.empty { color: var(--muted); font-style: italic; }
.pair .empty { margin: 0; }
h3 { margin-top: 2rem; font-size: 1.1rem; border-top: 1px solid var(--line); padding-top: 1rem; }
section, .pair, .tablebox { margin-block: 1rem; }
.pair { display: grid; gap: 1rem; grid-template-columns: minmax(0, 1fr); align-items: start; }
.pair[data-layout="beside"] { display: flex; }
.pair[data-layout="beside"] > .chart { flex: 1 1 0; min-width: 0; }
.pair[data-layout="beside"] > .tablebox { flex: none; margin-block: 0; }
.chart svg { display: block; max-width: 100%; height: auto; }
.hint { margin: 0 0 0.25rem; color: var(--muted); font-size: 0.875rem; }
.table { overflow-x: auto; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding-bottom: 0.25rem; position: sticky; left: 0; }
th, td { padding: 0.25rem 0.5rem; border-bottom: 1px solid var(--line); text-align: right; vertical-align: top; }
thead th { vertical-align: bottom; }
th[scope="row"], thead th:first-child, .words { text-align: left; overflow-wrap: break-word; }
tbody th[scope="row"] { position: sticky; left: 0; background: var(--bg); }
.detail, .role { display: block; color: var(--muted); font-size: 0.875rem; font-weight: 400; }
.valued { color: var(--muted); font-size: 0.875rem; }
.role { white-space: nowrap; }
@media (max-width: 30rem) {
  header, main { padding: 0.75rem; }
  table { font-size: 0.875rem; }
  th, td { padding: 0.25rem; }
}
`;

function document(title: string, body: string, script: string | null): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
${script === null ? '' : `<script type="module" src="${escapeHtml(script)}"></script>`}
</head>
<body>
${body}
</body>
</html>
`;
}

/** The sign-in form, with what went wrong with the last attempt, if anything. */
export function signInPage(basePath: string, message: string | null, form: string | null = null): string {
  const alert = message === null ? '' : `<p class="alert" role="alert">${escapeHtml(message)}</p>`;
  return document(
    'Sign in · Coral results',
    `<header><h1>Coral results</h1></header>
<main>
<h2>Sign in</h2>
<p>Sign in with the endpoint’s admin token (CORAL_ADMIN_TOKEN). The page keeps you signed in for 8 hours on this browser.</p>
${alert}
<form method="post" action="${escapeHtml(basePath)}/results">
${form === null ? '' : `<input type="hidden" name="form" value="${escapeHtml(form)}">\n`}<label for="token">Admin token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required>
<p><button type="submit">Sign in</button></p>
</form>
</main>`,
    null,
  );
}

/** The results' shell: the script reads the endpoint's base path from `data-base` and fills `#report`. */
export function resultsShell(basePath: string): string {
  const base = escapeHtml(basePath);
  return document(
    'Coral results',
    `<header><h1>Coral results</h1>
<form method="post" action="${base}/results/sign-out"><button type="submit">Sign out</button></form></header>
<main id="results" data-base="${base}">
<label for="form">Form</label>
<select id="form" disabled></select>
<p id="status" role="status">Loading the forms…</p>
<noscript><p>The results need JavaScript.</p></noscript>
<div id="report"></div>
</main>`,
    `${basePath}/results/app.js`,
  );
}
