/**
 * How a regular giver changes or cancels their gift: a link to manageGiftUrl,
 * or else the email address or phone number from contact. The donate form's
 * reassurance and the thank-you page's receipt both say it.
 */
import {Fragment, type ReactNode} from 'react';
import type {Contact} from '../config';
import ui from './ui.module.css';
import type {ManageGiftMessages} from '../manageGift';

/** The number a `tel:` link dials: the digits, after a + when the number starts with one. */
export const telHref = (phone: string): string => `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;

/** A message with elements for its {placeholders}: the words stay text, and a placeholder given no element stays as written. */
function fillWith(template: string, values: Readonly<Record<string, ReactNode>>): ReactNode {
  const parts = template.split(/\{(\w+)\}/).map((part, i) => {
    if (i % 2 === 0) return part;
    return Object.prototype.hasOwnProperty.call(values, part) ? <Fragment key={i}>{values[part]}</Fragment> : `{${part}}`;
  });
  return <>{parts}</>;
}

export type ManageGiftOptions = {manageGiftUrl?: string | undefined; contact?: Contact | undefined};

/**
 * The line's words and links, or null when the config gives no way to change
 * a gift: "at any time" is promised only with somewhere to do it. With
 * `newTab` (its words for screen readers), the link opens in a new tab, so a
 * form's typing is not lost to it.
 */
export function manageGiftLine({manageGiftUrl, contact}: ManageGiftOptions, messages: ManageGiftMessages, newTab?: string): ReactNode {
  if (manageGiftUrl) {
    const link = (words: string) => (
      <a href={manageGiftUrl} {...(newTab ? {target: '_blank', rel: 'noopener noreferrer'} : {})}>
        {words}
        {newTab && (
          <>
            {' '}
            <span className={ui.visuallyHidden}>{newTab}</span>
          </>
        )}
      </a>
    );
    // A sentence reworded without {link} is a link as a whole.
    const sentence = messages.cancelAnyTime;
    return sentence.includes('{link}') ? fillWith(sentence, {link: link(messages.manageGiftLink)}) : link(sentence);
  }
  const email = contact?.email && <a href={`mailto:${contact.email}`}>{contact.email}</a>;
  const phone = contact?.phone && <a href={telHref(contact.phone)}>{contact.phone}</a>;
  if (email && phone) return fillWith(messages.manageGiftByEmailOrPhone, {email, phone});
  if (email) return fillWith(messages.manageGiftByEmail, {email});
  if (phone) return fillWith(messages.manageGiftByPhone, {phone});
  return null;
}
