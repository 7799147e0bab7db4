/** DOM events every Coral component sends: `coral:` names, bubbling out of shadow roots too. */

export const emit = <D>(target: EventTarget, name: `coral:${string}`, detail: D): void => {
  target.dispatchEvent(new CustomEvent<D>(name, {detail, bubbles: true, composed: true}));
};
