/**
 * The supporter's page, drawn on the server: the form that asks for a link, the page a link opens, the supporter's
 * gifts, receipts, signatures and details, and the confirmation that forgets them. Plain forms that post here, no
 * script at all, and every value put in escaped as text.
 */
import {escapeHtml} from '../http';

/** No script of any kind; the page's own styles; forms post here, or on to Stripe's customer portal for a card. */
export const SUPPORTER_PAGE_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'self' https://billing.stripe.com",
  "frame-ancestors 'none'",
].join('; ');

// The forms' colours and radius (src/coral/shared/ui/ui.module.css), light and dark.
const STYLE = `
:root { color-scheme: light dark; --text: #1b1f23; --muted: #4a5560; --border: #6b7785; --accent: #0a6481; --on-accent: #fff;
  --soft: #e8f3f6; --error: #b42318; --error-bg: #fdecea; --focus: #c2410c; --surface: #fff; }
@media (prefers-color-scheme: dark) {
  :root { --text: #e8eef2; --muted: #b5c2cc; --border: #8a9aa6; --accent: #4fd1e0; --on-accent: #06263a; --soft: #22343c;
    --error: #ffb4a8; --error-bg: #3a1d1a; --focus: #fb923c; --surface: #1f2a30; }
}
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: var(--text); background: var(--surface); }
header, main, footer { max-width: 44rem; margin: 0 auto; padding: 1rem; }
header { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; justify-content: space-between; border-bottom: 1px solid var(--border); }
h1 { margin: 0; font-size: 1.5rem; }
h2 { margin: 2rem 0 0.5rem; font-size: 1.25rem; }
h3 { margin: 0 0 0.25rem; font-size: 1.05rem; }
a { color: var(--accent); }
p, li { overflow-wrap: anywhere; }
label { display: block; font-weight: 600; margin: 0.75rem 0 0.25rem; }
input, button { font: inherit; color: inherit; border-radius: 8px; }
input[type=text], input[type=email], input[type=tel], input[type=number] { width: 100%; max-width: 24rem; padding: 0.5rem 0.75rem;
  border: 1px solid var(--border); background: var(--surface); }
input[type=checkbox] { width: 1.25rem; height: 1.25rem; margin: 0 0.5rem 0 0; vertical-align: -0.2rem; }
.check { font-weight: 400; }
button { padding: 0.5rem 1rem; border: 2px solid var(--accent); background: var(--accent); color: var(--on-accent); font-weight: 600; cursor: pointer; }
button.quiet { background: transparent; color: var(--accent); }
button.danger { border-color: var(--error); background: transparent; color: var(--error); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.panel { background: var(--soft); border-radius: 8px; padding: 1rem; margin: 1rem 0; }
.alert { background: var(--error-bg); color: var(--error); border-radius: 8px; padding: 0.75rem 1rem; font-weight: 600; }
.muted { color: var(--muted); }
ul.cards { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.75rem; }
ul.cards > li { border: 1px solid var(--border); border-radius: 8px; padding: 0.75rem 1rem; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: end; margin-top: 0.75rem; }
.actions form { margin: 0; }
.actions label { margin-top: 0; }
.amount { display: flex; gap: 0.5rem; align-items: end; flex-wrap: wrap; }
.amount input { width: 8rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0.5rem 0; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
`;

export type PageLook = {basePath: string; organisation: string};

function document(look: PageLook, title: string, body: string, signedIn: boolean): string {
  const base = escapeHtml(look.basePath);
  const signOut = signedIn
    ? `<form method="post" action="${base}/me/sign-out"><button type="submit" class="quiet">Sign out</button></form>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · ${escapeHtml(look.organisation)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>${escapeHtml(title)}</h1>${signOut}</header>
<main>
${body}
</main>
</body>
</html>
`;
}

const alert = (message: string | null) => (message === null ? '' : `<p class="alert" role="alert">${escapeHtml(message)}</p>`);

/** The form that asks for a link, with what went wrong with the last try, if anything. */
export function askPage(look: PageLook, message: string | null = null, email = ''): string {
  return document(
    look,
    'Your gifts and details',
    `<p>See your gifts and signatures with ${escapeHtml(look.organisation)}, download your receipts, change or stop a regular gift,
and see, correct or erase what we hold about you.</p>
<p>Enter the email address you gave us. We will email you a link that opens your page: it works once, for 30 minutes.</p>
${alert(message)}
<form method="post" action="${escapeHtml(look.basePath)}/me/link">
<label for="email">Email address</label>
<input id="email" name="email" type="email" autocomplete="email" inputmode="email" maxlength="254" required value="${escapeHtml(email)}">
<p><button type="submit">Email me a link</button></p>
</form>`,
    false,
  );
}

/** The same answer whatever the records hold for the address. */
export function linkSentPage(look: PageLook): string {
  return document(
    look,
    'Check your email',
    `<div class="panel" role="status"><p>If we hold anything for that address, a link to your page is on its way to it now.
The link works once, for 30 minutes.</p></div>
<p>Nothing there after a few minutes? Check your spam folder, or <a href="${escapeHtml(look.basePath)}/me">ask again</a>
with the address you used when you gave or signed.</p>`,
    false,
  );
}

/** The page a link opens: a button, so a mail program that follows links to check them never spends the link. */
export function openPage(look: PageLook, token: string): string {
  return document(
    look,
    'Open your page',
    `<p>This link opens your page on this browser, for 8 hours.</p>
<form method="post" action="${escapeHtml(look.basePath)}/me/open">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<p><button type="submit">Open my page</button></p>
</form>`,
    false,
  );
}

/** A page that says one thing, with a way back. */
export function notePage(look: PageLook, title: string, words: string, signedIn = false): string {
  return document(
    look,
    title,
    `<p>${escapeHtml(words)}</p><p><a href="${escapeHtml(look.basePath)}/me">Back to your page</a></p>`,
    signedIn,
  );
}

export type RegularGiftView = {
  reference: string;
  campaign: string;
  /** "$25 AUD a month". */
  amount: string;
  /** The amount per payment as the field shows it: 25, 1000. */
  amountField: string;
  currency: string;
  /** "Started 1 January 2026 · 3 payments". */
  summary: string;
  active: boolean;
  status: string;
};

export type GiftView = {campaign: string; kind: string; amount: string; date: string; status: string};
export type DocumentView = {href: string; label: string; detail: string};
export type SignatureView = {campaign: string; date: string};
export type DetailsView = {firstName: string; lastName: string; email: string; phone: string; postcode: string; address: string};

export type SupporterView = {
  email: string;
  regular: RegularGiftView[];
  gifts: GiftView[];
  documents: DocumentView[];
  signatures: SignatureView[];
  details: DetailsView;
  /** Whether details may be corrected here (the page has somewhere to check them). */
  notice: string | null;
  problem: string | null;
};

const FIELD_LABELS: [keyof DetailsView, string, string, string][] = [
  ['firstName', 'First name', 'text', 'given-name'],
  ['lastName', 'Last name', 'text', 'family-name'],
  ['email', 'Email address', 'email', 'email'],
  ['phone', 'Mobile', 'tel', 'tel'],
  ['postcode', 'Postcode', 'text', 'postal-code'],
  ['address', 'Street address', 'text', 'street-address'],
];

function regularGift(base: string, gift: RegularGiftView): string {
  const action = `${base}/me/gifts/${encodeURIComponent(gift.reference)}`;
  const id = gift.reference.replace(/[^A-Za-z0-9_-]/g, '');
  const changes = gift.active
    ? `<div class="actions">
<form method="post" action="${escapeHtml(action)}" class="amount">
<input type="hidden" name="action" value="amount">
<div><label for="amount-${id}">New amount (${escapeHtml(gift.currency)})</label>
<input id="amount-${id}" name="amount" type="number" inputmode="decimal" min="1" step="any" required value="${escapeHtml(gift.amountField)}"></div>
<button type="submit">Change amount</button>
</form>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="action" value="card"><button type="submit" class="quiet">Change card</button></form>
</div>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="action" value="cancel">
<label class="check"><input type="checkbox" name="confirm" value="yes" required>I want to stop this gift</label>
<p><button type="submit" class="danger">Stop this gift</button></p>
</form>`
    : '';
  return `<li><h3>${escapeHtml(gift.amount)} to ${escapeHtml(gift.campaign)}</h3>
<p class="muted">${escapeHtml(gift.summary)} · ${escapeHtml(gift.status)}</p>
${changes}</li>`;
}

const list = (items: string[], empty: string) =>
  items.length === 0 ? `<p class="muted">${escapeHtml(empty)}</p>` : `<ul class="cards">${items.join('\n')}</ul>`;

/** The supporter's own page. */
export function supporterPage(look: PageLook, view: SupporterView): string {
  const base = escapeHtml(look.basePath);
  const notice = view.notice === null ? '' : `<div class="panel" role="status"><p>${escapeHtml(view.notice)}</p></div>`;
  const fields = FIELD_LABELS.map(
    ([name, label, type, autocomplete]) => `<label for="${name}">${label}</label>
<input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" value="${escapeHtml(view.details[name])}"${name === 'email' ? ' required' : ''}>`,
  ).join('\n');
  return document(
    look,
    'Your gifts and details',
    `<p class="muted">Signed in as ${escapeHtml(view.email)}.</p>
${notice}${alert(view.problem)}
<h2>Regular gifts</h2>
${list(
  view.regular.map((gift) => regularGift(look.basePath, gift)),
  'You have no regular gift with us.',
)}
<h2>Gifts</h2>
${list(
  view.gifts.map(
    (gift) =>
      `<li><h3>${escapeHtml(gift.kind)} of ${escapeHtml(gift.amount)} to ${escapeHtml(gift.campaign)}</h3><p class="muted">${escapeHtml(gift.date)} · ${escapeHtml(gift.status)}</p></li>`,
  ),
  'No gifts.',
)}
<h2>Receipts and statements</h2>
${list(
  view.documents.map(
    (document) =>
      `<li><a href="${escapeHtml(document.href)}" download>${escapeHtml(document.label)} (PDF)</a><br><span class="muted">${escapeHtml(document.detail)}</span></li>`,
  ),
  'No receipts yet.',
)}
<h2>Petitions you signed</h2>
${list(
  view.signatures.map(
    (signature) => `<li>${escapeHtml(signature.campaign)} <span class="muted">· ${escapeHtml(signature.date)}</span></li>`,
  ),
  'No signatures.',
)}
<h2>Your details</h2>
<form method="post" action="${base}/me/details">
${fields}
<p><button type="submit">Save my details</button></p>
</form>
<h2>What we hold about you</h2>
<p><a href="${base}/me/records.json" download>Download everything we hold about you</a> (JSON).</p>
<p><a href="${base}/me/forget">Forget me</a>: erase your details from our records.</p>`,
    true,
  );
}

/** What forgetting does, and the button that does it. */
export function forgetPage(look: PageLook, regularGifts: number): string {
  const cancel =
    regularGifts > 0
      ? `<label class="check"><input type="checkbox" name="cancelRegular" value="yes">Also stop my ${regularGifts === 1 ? 'regular gift' : `${regularGifts} regular gifts`}</label>
<p class="muted">Left unticked, a regular gift goes on, and your details stay with it: we need them to take each payment and send its receipt.</p>`
      : '';
  return document(
    look,
    'Forget me',
    `<p>We will erase your name, email, mobile, postcode, address and country from every gift and signature, and from your receipts.
The amounts and dates stay in our books, without your name; your signatures still count on their petitions.</p>
<p>Your link and this session stop working at once.</p>
<form method="post" action="${escapeHtml(look.basePath)}/me/forget">
${cancel}
<label class="check"><input type="checkbox" name="confirm" value="yes" required>Yes, erase my details</label>
<p><button type="submit" class="danger">Forget me</button></p>
</form>
<p><a href="${escapeHtml(look.basePath)}/me">Back to your page</a></p>`,
    true,
  );
}
