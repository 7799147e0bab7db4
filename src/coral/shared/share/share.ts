/**
 * Sharing a campaign after a gift or a signature: the channels, the links
 * they open, the address shared, what the buttons say, and the config option
 * that chooses them. The thank-you page and the powerform's thanks use it.
 */
import * as zod from 'zod/mini';
import {safeUrl, text} from '../config';

export const SHARE_CHANNELS = ['email', 'whatsapp', 'facebook', 'x', 'copy'] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];
export type LinkChannel = Exclude<ShareChannel, 'copy'>;
export type ShareContent = {url: string; title: string; text: string};

export type ShareMethod = ShareChannel | 'native';
/** opened: a share link was followed; shared or cancelled: the share sheet's answer; copied or failed: the copy button's. */
export type ShareOutcome = 'opened' | 'shared' | 'cancelled' | 'copied' | 'failed';

/** What the share actions say; each form's message table includes them, so `messages` overrides them. */
export const SHARE_MESSAGES = {
  shareHeading: 'Ask a friend to join you',
  shareNative: 'Share',
  'share.email': 'Share by email',
  'share.whatsapp': 'Share on WhatsApp',
  'share.facebook': 'Share on Facebook',
  'share.x': 'Share on X',
  newTab: '(opens in a new tab)',
  copyLink: 'Copy link',
  copied: 'Link copied.',
  copyFailed: 'Could not copy the link. Select it here to copy it: {url}',
} as const;
export type ShareMessages = Record<keyof typeof SHARE_MESSAGES, string>;

const boolean = (fallback: boolean) => zod._default(zod.boolean(), fallback);

/** The `share` option, with the message a component shares by default. */
export const shareOption = (defaultText: string) =>
  zod.prefault(
    zod.strictObject({
      enabled: boolean(true),
      url: zod.optional(safeUrl),
      title: zod._default(text(1, 120), 'Join me'),
      text: zod._default(text(1, 280), defaultText),
      channels: zod._default(
        zod.array(zod.enum(SHARE_CHANNELS)).check(
          zod.minLength(1),
          zod.refine((list) => new Set(list).size === list.length, {message: 'expected each channel once'}),
        ),
        [...SHARE_CHANNELS],
      ),
      native: boolean(true),
    }),
    {},
  );
export type ShareConfig = zod.output<ReturnType<typeof shareOption>>;

/**
 * The address to share, absolute. Without one configured it is this page
 * stripped of its query and fragment, where a gift's amount and reference live.
 */
export function shareUrlOf(configured: string | undefined, pageHref: string): string {
  const url = new URL(configured ?? pageHref, pageHref);
  if (configured === undefined) {
    url.search = '';
    url.hash = '';
  }
  return url.toString();
}

// encodeURIComponent throws on a lone surrogate; one in pasted text should not break the page.
const wellFormed = (text: string) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
const encode = (text: string) => encodeURIComponent(wellFormed(text));

/** A share link for one channel, every value percent-encoded so nothing in it can end or add a parameter. */
export function shareLink(channel: LinkChannel, {url, title, text}: ShareContent): string {
  switch (channel) {
    case 'email':
      return `mailto:?subject=${encode(title)}&body=${encode(`${text}\n\n${url}`)}`;
    case 'whatsapp':
      return `https://wa.me/?text=${encode(`${text} ${url}`)}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${encode(url)}`;
    case 'x':
      return `https://x.com/intent/tweet?text=${encode(text)}&url=${encode(url)}`;
  }
}
