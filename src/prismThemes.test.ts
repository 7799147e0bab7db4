import {describe, expect, it} from 'vitest';
import {coralDark, coralLight} from './prismThemes';
import {contrastRatio} from './lib/contrast';

describe.each([
  ['light', coralLight],
  ['dark', coralDark],
])('the %s code theme', (_name, theme) => {
  const background = theme.plain.backgroundColor!;
  const colours = [theme.plain.color!, ...theme.styles.map((style) => style.style.color!)];

  it.each(colours)('keeps %s at AA contrast or better', (colour) => {
    expect(contrastRatio(colour, background)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('refuses a colour it cannot read', () => {
    expect(() => contrastRatio('red', '#ffffff')).toThrow(/#rrggbb/);
  });
});
