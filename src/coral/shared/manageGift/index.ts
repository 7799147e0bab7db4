/** The words for how a regular giver changes or cancels a gift, which every component that thanks them says (the line itself is in ui/). */
export {MANAGE_GIFT_MESSAGES} from './messages';
export type {ManageGiftMessages} from './messages';
