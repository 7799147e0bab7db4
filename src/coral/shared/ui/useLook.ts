import {useEffect, useState, type RefObject} from 'react';
import type {FieldsLook} from '../gateways';

const LIGHT: FieldsLook = {
  dark: false,
  accent: '#0a6481',
  surface: '#ffffff',
  text: '#1b1f23',
  muted: '#4a5560',
  error: '#b42318',
  radius: '8px',
  font: 'system-ui, sans-serif',
};

/** The look an element shows now: Coral's theme properties as they resolve there, light or dark. */
export function lookOf(element: Element): FieldsLook {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    dark: style.getPropertyValue('color-scheme').includes('dark'),
    accent: token('--_accent', LIGHT.accent),
    surface: token('--_surface', LIGHT.surface),
    text: token('--_text', LIGHT.text),
    muted: token('--_muted', LIGHT.muted),
    error: token('--_error', LIGHT.error),
    radius: token('--_radius', LIGHT.radius),
    font: style.fontFamily || LIGHT.font,
  };
}

/**
 * The look of the element `ref` holds, read again whenever the page's colour
 * mode changes (its `data-theme` or the system setting), so fields drawn by
 * someone else can follow it.
 */
export function useLook(ref: RefObject<Element | null>): FieldsLook {
  const [look, setLook] = useState<FieldsLook>(LIGHT);
  useEffect(() => {
    const read = () => {
      if (!ref.current) return;
      const next = lookOf(ref.current);
      setLook((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
    };
    read();
    const modes = new MutationObserver(read);
    modes.observe(document.documentElement, {attributes: true, attributeFilter: ['data-theme']});
    const system = window.matchMedia?.('(prefers-color-scheme: dark)');
    system?.addEventListener?.('change', read);
    return () => {
      modes.disconnect();
      system?.removeEventListener?.('change', read);
    };
  }, [ref]);
  return look;
}
