/**
 * Room in the page's own DOM for fields a processor draws. A processor's
 * frames may refuse to live in a shadow root, so an embedded component asks
 * its element for a light-DOM child and shows it through a named slot; on
 * this site, with no shadow root, the fields go straight into the form.
 */
import {createContext} from 'react';

export type LightRoom = {
  /** The element's light-DOM child for `name`, made on first use and shown through `<slot name={name}>`. */
  open: (name: string) => HTMLElement;
  close: (name: string) => void;
};

export const LightRoomContext = createContext<LightRoom | null>(null);
