import {describe, expect, it} from 'vitest';
import {cleanPath} from './cleanPath';

const base = '/gpap-coral/';

describe('cleanPath', () => {
  it.each([
    ['/gpap-coral/docs/intro.html', '/gpap-coral/docs/intro'],
    ['/gpap-coral/docs/index.html', '/gpap-coral/docs'],
    ['/gpap-coral/index.html', '/gpap-coral/'],
    ['/gpap-coral/blog/tags/react.html', '/gpap-coral/blog/tags/react'],
    ['/gpap-coral/blog/', '/gpap-coral/blog'],
    ['/gpap-coral/blog/launch/', '/gpap-coral/blog/launch'],
    ['/gpap-coral', '/gpap-coral/'],
  ])('cleans %s to %s', (input, expected) => {
    expect(cleanPath(input, base)).toBe(expected);
  });

  it.each(['/gpap-coral/', '/gpap-coral/docs/intro', '/gpap-coral/html', '/gpap-coral/docs/page.htmlx'])('leaves %s alone', (input) => {
    expect(cleanPath(input, base)).toBeNull();
  });

  it('keeps the root slash when the site is served at /', () => {
    expect(cleanPath('/index.html', '/')).toBe('/');
  });
});
