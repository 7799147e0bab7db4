/** A script payload in every config string and typed field of every element, on pages built around the elements: it shows as text and never runs. */
import type {Locator, Page} from '@playwright/test';
import {DONATE_FORM_MESSAGES} from '../../src/coral/donate-form/core';
import {POWERFORM_MESSAGES} from '../../src/coral/powerform/core';
import {hostileMessages, SCRIPT_PAYLOADS, XSS_FLAG} from '../../src/coral/shared/hostile';
import {THANK_YOU_MESSAGES} from '../../src/coral/thank-you/core';
import {embedSnippet} from '../../src/embed/snippet';
import {EMBED_SCRIPT, elementTag, elementsRendered, servePage} from './embed';
import {test, expect, fillCard} from './fixtures';
import {BASE} from './routes';

test.describe('a script payload in any config string or typed field of any element shows as text and never runs', () => {
  /**
   * What a payload leaves behind if it is ever parsed as markup, in an element's shadow root or in the page: the
   * page's own scripts are the embed and the elements' configs.
   */
  const INJECTED =
    'script:not([type="application/json"]):not([src$="/coral/coral.js"]), img[onerror], img[src="x"], svg[onload], iframe, ' +
    '[onload], [onerror], [onmouseover], a[href^="javascript:" i]';

  /** Opens a page and keeps every dialog it opens. */
  async function openWatched(page: Page, address: string): Promise<string[]> {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(address);
    await elementsRendered(page);
    return dialogs;
  }

  /** The payload never ran, opened no dialog, and made no element, in the page or any element's shadow root. */
  async function expectInert(page: Page, dialogs: readonly string[]): Promise<void> {
    expect(
      await page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], XSS_FLAG),
      'the payload ran',
    ).toBeUndefined();
    expect(dialogs, 'dialogs opened').toEqual([]);
    const injected = await page.evaluate((selector) => {
      const elements = [...document.querySelectorAll('coral-donate-form, coral-powerform, coral-thankyou')];
      const roots: ParentNode[] = [document, ...elements.map((element) => element.shadowRoot!)];
      return roots.flatMap((root) => [...root.querySelectorAll(selector)].map((found) => found.outerHTML));
    }, INJECTED);
    expect(injected, 'elements a payload made').toEqual([]);
  }

  /** Fills a gift's details and card by the fields' autocomplete names, since their labels may be anything. */
  async function fillByPurpose(form: Locator): Promise<void> {
    const values: Record<string, string> = {
      'given-name': 'Mere',
      'family-name': 'Tane',
      email: 'mere@example.org',
      'postal-code': '2000',
      'cc-number': '4242 4242 4242 4242',
      'cc-exp': '12/34',
      'cc-csc': '123',
    };
    for (const [purpose, value] of Object.entries(values)) {
      const field = form.locator(`input[autocomplete="${purpose}"]`);
      if ((await field.count()) > 0) await field.fill(value);
    }
  }

  /** Checks a part of an element is on screen and holds the text, character for character. */
  async function shows(where: Locator, text: string): Promise<void> {
    await expect(where).toBeVisible();
    await expect(where).toContainText(text);
  }

  /** A payload in a test's title, its invisible and non-ASCII characters written as escapes. */
  const titled = (payload: string) => payload.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

  const GIFT = '?amount=60&frequency=one-off&ref=CRL-HOSTILE';

  for (const [i, payload] of SCRIPT_PAYLOADS.entries()) {
    test(`payload ${i + 1}, ${titled(payload)}, in every message and config string`, async ({page}) => {
      // Handle labels hold at most 40 characters and source codes 40: longer payloads leave those out.
      const upTo40 = payload.length <= 40 ? payload : undefined;
      const handle = {label: upTo40, impact: payload};
      const donate = {
        campaign: 'save-the-reef',
        sourceCode: upTo40,
        size: 'large',
        frequencies: ['one-off', 'monthly'],
        amounts: {
          'one-off': {
            handles: [
              {amount: 35, ...handle, image: {src: `${BASE}/img/impact/reef.svg`, alt: payload}},
              {amount: 60, ...handle},
            ],
            defaultAmount: 35,
            impactTemplate: `${payload} {amount} {count}`,
          },
          monthly: {handles: [{amount: 25, ...handle}]},
        },
        coverFees: {enabled: true},
        rgUpgrade: {enabled: true},
        fields: {address: 'optional'},
        gateway: {type: 'sandbox', delayMs: 0},
        analytics: true,
        messages: hostileMessages(DONATE_FORM_MESSAGES, [payload]),
      };
      const powerform = {
        campaign: 'ban-deep-sea-mining',
        sourceCode: upTo40,
        question: {type: 'choice', id: 'coastline', label: payload, options: [payload, `${payload} (2)`]},
        counter: {count: 48_317, goal: 75_000},
        gateway: {type: 'sandbox', delayMs: 0},
        analytics: true,
        messages: hostileMessages(POWERFORM_MESSAGES, [payload]),
      };
      const srcset = [480, 960, 1600].map((width) => ({src: `${BASE}/img/thankyou/reef-${width}.svg`, width}));
      const thanks = {
        campaign: 'save-the-reef',
        variant: 'photography',
        photo: {src: srcset[1]!.src, srcset, width: 1600, height: 900, alt: payload, caption: payload, credit: payload},
        share: {url: 'https://www.greenpeace.org.au/', title: payload, text: payload, native: false},
        upgrade: {sourceCode: upTo40},
        urlParams: true,
        gateway: {type: 'sandbox', delayMs: 0},
        analytics: true,
        messages: hostileMessages(THANK_YOU_MESSAGES, [payload]),
      };
      // Each element as the docs' Embed tab gives it, so the configs sit in <script> elements as campaigners paste them.
      const origin = new URL(test.info().project.use.baseURL!).origin;
      const body = [
        embedSnippet({tag: 'coral-donate-form', config: donate, id: 'donate', origin, basePath: `${BASE}/`}),
        embedSnippet({tag: 'coral-powerform', config: powerform, id: 'petition', origin, basePath: `${BASE}/`}),
        embedSnippet({tag: 'coral-thankyou', config: thanks, id: 'thanks', origin, basePath: `${BASE}/`}),
      ].join('\n');
      const dialogs = await openWatched(page, (await servePage(page, '/campaign/hostile.html', body)) + GIFT);
      const giving = page.locator('coral-donate-form');
      const signing = page.locator('coral-powerform');
      const thanking = page.locator('coral-thankyou');

      // Each config string, where a supporter reads it.
      await shows(giving.getByRole('heading', {level: 2}), payload);
      await shows(giving.locator('[part="handle"]').first(), payload);
      await expect(giving.locator('[part="handle"]').getByRole('img', {name: payload})).toBeVisible();
      await expect(giving.locator('[part="card-marks"]')).toHaveAccessibleName(payload);
      await shows(signing.getByRole('heading', {level: 2}), payload);
      await shows(signing.locator('[part="question"] legend'), payload);
      await shows(signing.locator('[part="question"]'), `${payload} (2)`);
      await shows(thanking.getByRole('heading', {level: 2}).first(), payload);
      await shows(thanking.locator('[part="caption"]'), `${payload} ${payload}`);
      await expect(thanking.getByRole('img', {name: payload})).toBeVisible();
      const mail = new URL((await thanking.locator('[part="share"] a[href^="mailto:"]').getAttribute('href'))!);
      expect(mail.searchParams.get('subject')).toBe(payload);
      expect(mail.searchParams.get('body')).toContain(payload);
      await expectInert(page, dialogs);

      // The messages of every later state: errors, the upgrade asks, the thank-yous.
      await giving.locator('button[type="submit"]').click();
      await expect(giving.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectInert(page, dialogs);
      await fillByPurpose(giving);
      await giving.locator('button[type="submit"]').click();
      await shows(giving.locator('[part="upsell"]'), payload);
      await giving.locator('[part="upsell"] button').nth(1).click();
      await shows(giving.locator('[part="thank-you"]'), `${payload} Mere`);
      await expectInert(page, dialogs);

      await signing.locator('button[type="submit"]').click();
      await expect(signing.locator('[aria-invalid="true"]').first()).toBeVisible();
      await fillByPurpose(signing);
      await signing.locator('button[type="submit"]').click();
      await shows(signing.locator('[part="thank-you"]'), `${payload} Mere`);
      await expectInert(page, dialogs);

      await thanking.locator('[part="upgrade"] button').first().click();
      const monthly = thanking.locator('[part="monthly-form"]');
      await shows(monthly.getByRole('heading', {level: 3}).first(), payload);
      await fillByPurpose(monthly);
      await monthly.locator('button[type="submit"]').click();
      await expect(monthly.locator('[part="thank-you"]')).toBeVisible();
      await expectInert(page, dialogs);
    });

    test(`payload ${i + 1}, ${titled(payload)}, typed into every field of every form`, async ({page}) => {
      const sandbox = {type: 'sandbox', delayMs: 0};
      const address = await servePage(
        page,
        '/campaign/typed.html',
        EMBED_SCRIPT +
          elementTag('coral-donate-form', 'donate', {campaign: 'save-the-reef', fields: {address: 'optional'}, gateway: sandbox}) +
          elementTag('coral-donate-form', 'debit', {
            campaign: 'save-the-reef',
            frequencies: ['monthly'],
            directDebit: true,
            gateway: sandbox,
          }) +
          elementTag('coral-powerform', 'petition', {
            campaign: 'ban-deep-sea-mining',
            question: {type: 'text', id: 'why', label: 'Why does it matter to you?'},
            gateway: sandbox,
          }) +
          elementTag('coral-thankyou', 'thanks', {campaign: 'save-the-reef', urlParams: true, gateway: sandbox}),
      );
      const dialogs = await openWatched(page, address + GIFT);

      /**
       * Types the payload into every text field and sends the form, which refuses it; then puts right only what
       * cannot hold it (amount, email, postcode, mobile, card, and a field too short for it, which keeps it all
       * and says so), sends again, and returns the name as typed, which the thank-you then shows.
       */
      async function typeAndSend(form: Locator, submit: RegExp, correct: () => Promise<void>): Promise<string> {
        const fields = await form.getByRole('textbox').all();
        expect(fields.length).toBeGreaterThanOrEqual(3);
        for (const field of fields) await field.fill(payload);
        await form.getByRole('button', {name: submit}).click();
        await expect(form.getByRole('group', {name: /^There (is a problem|are \d+ problems)$/})).toBeVisible();
        await expectInert(page, dialogs);
        await correct();
        // A name longer than a name may be is kept whole and told so; the supporter then shortens it.
        for (const label of [/^First name/, /^Last name/]) {
          const name = form.getByLabel(label);
          if ((await name.count()) > 0 && (await name.inputValue()).length > 50) {
            await expect(name).toHaveAttribute('aria-invalid', 'true');
            await name.fill(payload.slice(0, 50));
          }
        }
        const mobile = form.getByLabel(/^Mobile/);
        if ((await mobile.count()) > 0) await mobile.fill('');
        const name = await form.getByLabel('First name', {exact: true}).inputValue();
        expect(payload.startsWith(name) && name.length > 0).toBe(true);
        await form.getByRole('button', {name: submit}).click();
        return name;
      }

      const giving = page.locator('coral-donate-form#donate');
      const donate = giving.getByRole('form');
      const donor = await typeAndSend(donate, /^Give\b/, async () => {
        await donate.getByRole('radio', {name: '$60'}).check();
        await donate.getByLabel('Email', {exact: true}).fill('mere@example.org');
        await donate.getByLabel('Postcode', {exact: true}).fill('2000');
        await fillCard(donate);
      });
      await shows(giving.getByRole('heading', {name: `Thank you, ${donor}!`}), `Thank you, ${donor}!`);
      await expectInert(page, dialogs);

      // Direct debit's own fields: BSB, account number and account name.
      const debiting = page.locator('coral-donate-form#debit');
      const debit = debiting.getByRole('form');
      await debit.getByRole('radio', {name: 'Direct debit'}).check();
      const debtor = await typeAndSend(debit, /^Give\b/, async () => {
        await debit.getByRole('radio', {name: '$25'}).check();
        await debit.getByLabel('Email', {exact: true}).fill('mere@example.org');
        await debit.getByLabel('Postcode', {exact: true}).fill('2000');
        await debit.getByLabel('BSB', {exact: true}).fill('062-000');
        await debit.getByLabel('Account number', {exact: true}).fill('12345678');
        // A bank takes 32 characters of an account's name: a longer payload is kept, and told so.
        const holder = debit.getByLabel('Account name', {exact: true});
        if ((await holder.inputValue()).length > 32) {
          await expect(holder).toHaveAttribute('aria-invalid', 'true');
          await holder.fill('Mere Tui');
        }
        await debit.getByLabel(/direct debit request service agreement/).check();
      });
      await shows(debiting.getByRole('heading', {name: `Thank you, ${debtor}!`}), `Thank you, ${debtor}!`);
      await expectInert(page, dialogs);

      const petition = page.locator('coral-powerform').getByRole('form');
      const signer = await typeAndSend(petition, /^Sign now$/, async () => {
        await petition.getByLabel('Email', {exact: true}).fill('mere@example.org');
        await petition.getByLabel('Postcode', {exact: true}).fill('2000');
      });
      await shows(page.locator('coral-powerform').getByRole('heading', {name: `Thank you, ${signer}!`}), `Thank you, ${signer}!`);
      await expectInert(page, dialogs);

      const thanking = page.locator('coral-thankyou');
      await thanking.getByRole('button', {name: 'Yes, give $20 monthly'}).click();
      const monthly = thanking.getByRole('form', {name: 'Your monthly gift'});
      const giver = await typeAndSend(monthly, /^Give\b/, async () => {
        await monthly.getByRole('radio', {name: '$20'}).check();
        await monthly.getByLabel('Email', {exact: true}).fill('mere@example.org');
        await fillCard(monthly);
      });
      await shows(monthly.getByRole('heading', {name: `Thank you, ${giver}!`}), `Thank you, ${giver}!`);
      await expectInert(page, dialogs);
    });
  }
});
