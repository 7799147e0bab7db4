/**
 * How a regular giver changes or cancels their gift, said alike by the donate
 * form and the thank-you page: {link} is a link to manageGiftUrl whose words
 * are manageGiftLink; without it, {email} and {phone} are links from contact.
 */
export const MANAGE_GIFT_MESSAGES = {
  cancelAnyTime: 'You can {link} at any time.',
  manageGiftLink: 'change or cancel your regular gift',
  manageGiftByEmail: 'To change or cancel your regular gift, email {email}.',
  manageGiftByPhone: 'To change or cancel your regular gift, call {phone}.',
  manageGiftByEmailOrPhone: 'To change or cancel your regular gift, email {email} or call {phone}.',
} as const;

export type ManageGiftMessages = Record<keyof typeof MANAGE_GIFT_MESSAGES, string>;
