import {describe, expect, it} from 'vitest';
import {describeError} from '../shared/configErrors';
import {parseThankYouConfig} from './parse';

const errorsOf = (input: unknown): string[] => {
  const result = parseThankYouConfig(input);
  return result.ok ? [] : result.errors.map(describeError);
};

const photo = {
  src: '/img/thankyou/reef-960.webp',
  srcset: [
    {src: '/img/thankyou/reef-480.webp', width: 480},
    {src: '/img/thankyou/reef-960.webp', width: 960},
  ],
  width: 960,
  height: 540,
  alt: 'A reef at low tide',
  credit: 'Illustration: Coral',
};

describe('thank-you config', () => {
  it('fills every default from a campaign id alone', () => {
    const result = parseThankYouConfig({campaign: 'save-the-reef'});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config).toMatchObject({
      currency: 'AUD',
      locale: 'en-AU',
      variant: 'standard',
      share: {enabled: true, native: true, channels: ['email', 'whatsapp', 'facebook', 'x', 'copy']},
      upgrade: {enabled: true, divisor: 3, roundTo: 5, minMonthly: 5, maxMonthly: 2000, directDebit: false},
      urlParams: false,
      gateway: {type: 'sandbox'},
      analytics: false,
      theme: 'auto',
    });
    expect(result.config.photo).toBeUndefined();
  });

  it('requires the photo with the photography variant, naming the key', () => {
    expect(errorsOf({campaign: 'reef', variant: 'photography'})).toEqual([
      'photo: got (missing); required with variant "photography": {src, srcset, width, height, alt, credit}',
    ]);
    expect(errorsOf({campaign: 'reef', variant: 'photography', theme: 'sepia'}).map((line) => line.split(':')[0])).toEqual([
      'theme',
      'photo',
    ]);
    const ok = parseThankYouConfig({campaign: 'reef', variant: 'photography', photo});
    expect(ok.ok && ok.config.photo?.sizes).toBe('100vw');
  });

  it('refuses a photo without the photography variant', () => {
    expect(errorsOf({campaign: 'reef', photo})[0]).toMatch(/^photo: got \{.*; only used with variant "photography"/);
  });

  it('names each bad key of the photo, share and upgrade blocks', () => {
    const errors = errorsOf({
      campaign: 'reef',
      variant: 'photography',
      photo: {
        ...photo,
        src: 'javascript:alert(1)',
        srcset: [
          {src: '/a.webp', width: 480},
          {src: '/b.webp', width: 480},
        ],
        credit: '',
      },
      share: {channels: ['email', 'myspace'], url: 'data:text/html,hi'},
      upgrade: {divisor: 0, minMonthly: 'five'},
      currency: 'aud',
    });
    const keys = errors.map((line) => line.split(':')[0]);
    expect(keys).toEqual(
      expect.arrayContaining([
        'photo.src',
        'photo.srcset',
        'photo.credit',
        'share.channels.1',
        'share.url',
        'upgrade.divisor',
        'upgrade.minMonthly',
        'currency',
      ]),
    );
    expect(errors.find((line) => line.startsWith('share.channels.1'))).toContain('email, whatsapp, facebook, x, copy');
  });

  it.each(['/\\evil.example/reef.webp', '/\t/evil.example', ' //evil.example', '\\\\evil.example', 'https:/\\evil.example'])(
    'refuses %j, a path a browser would take to another host, in every address of the page',
    (offSite) => {
      expect(
        errorsOf({
          campaign: 'reef',
          variant: 'photography',
          photo: {...photo, src: offSite, srcset: [{src: offSite, width: 480}]},
          share: {url: offSite},
          manageGiftUrl: offSite,
          gateway: {type: 'http', endpoint: offSite},
        }),
      ).toEqual(
        ['photo.src', 'photo.srcset.0.src', 'share.url', 'gateway.endpoint', 'manageGiftUrl'].map(
          (path) =>
            `${path}: got ${JSON.stringify(offSite)}; expected an https:// address (http:// only for localhost) or a path on this site starting with a single /`,
        ),
      );
    },
  );

  it('refuses unknown keys and a minimum above the maximum', () => {
    expect(errorsOf({campaign: 'reef', colour: 'red'})).toEqual([
      'colour: got "red"; not an option here: check the spelling against the config reference',
    ]);
    expect(errorsOf({campaign: 'reef', upgrade: {minMonthly: 50, maxMonthly: 20}})).toEqual([
      'upgrade.minMonthly: got 50; expected minMonthly to be no more than maxMonthly (20)',
    ]);
  });

  it('takes the donate form’s ways to change or cancel a regular gift, checked the same way', () => {
    const result = parseThankYouConfig({
      campaign: 'reef',
      manageGiftUrl: 'https://billing.stripe.com/p/login/test_28o5lq',
      contact: {email: 'supporter.care@example.org', phone: '1800 975 707'},
    });
    expect(result.ok && [result.config.manageGiftUrl, result.config.contact]).toEqual([
      'https://billing.stripe.com/p/login/test_28o5lq',
      {email: 'supporter.care@example.org', phone: '1800 975 707'},
    ]);
    expect(
      errorsOf({campaign: 'reef', manageGiftUrl: 'javascript:alert(1)', contact: {email: 'care@example', phone: 'call us'}}).map(
        (line) => line.split(':')[0],
      ),
    ).toEqual(['manageGiftUrl', 'contact.email', 'contact.phone']);
    expect(errorsOf({campaign: 'reef', manageGiftUrl: 'http://www.example.org/manage'})).toHaveLength(1);
  });

  it('takes message overrides only for keys the table has', () => {
    expect(parseThankYouConfig({campaign: 'reef', messages: {upgradeAsk: 'Monthly? {amount}'}}).ok).toBe(true);
    expect(errorsOf({campaign: 'reef', messages: {upgradeAks: 'x'}})[0]).toMatch(/^messages.upgradeAks: got "x"; not an option/);
  });
});
