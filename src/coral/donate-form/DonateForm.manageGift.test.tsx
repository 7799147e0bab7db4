// @vitest-environment jsdom
/** The donate form tells a regular giver how to change or cancel the gift. */
import {render, screen, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {describe, expect, it} from 'vitest';
import {expectNoAxeViolations} from '../shared/testing';
import {DonateForm} from '.';
import {base, cleanPageEachTest} from './DonateForm.testing';

cleanPageEachTest();

describe('DonateForm', () => {
  describe('how a regular giver changes or cancels the gift', () => {
    const lineOf = () => screen.queryByText((_, element) => element?.tagName === 'LI' && /regular gift/.test(element.textContent ?? ''));

    it('links "change or cancel your regular gift" to manageGiftUrl, in a new tab, for a weekly or monthly gift only', async () => {
      const user = userEvent.setup();
      const config = {
        ...base,
        frequencies: ['one-off', 'weekly', 'monthly'],
        manageGiftUrl: 'https://billing.stripe.com/p/login/test_28o5lq',
        contact: {email: 'supporter.care@example.org'},
      };
      const {container} = render(<DonateForm config={config} />);
      expect(lineOf()).not.toBeInTheDocument();
      await user.click(screen.getByRole('radio', {name: 'Weekly'}));
      expect(lineOf()).toHaveTextContent(/^You can change or cancel your regular gift \(opens in a new tab\) at any time\.$/);
      await user.click(screen.getByRole('radio', {name: 'Monthly'}));
      const link = within(lineOf()!).getByRole('link', {name: 'change or cancel your regular gift (opens in a new tab)'});
      expect(link).toHaveAttribute('href', 'https://billing.stripe.com/p/login/test_28o5lq');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      // The link is the way: the contact is not offered beside it.
      expect(within(lineOf()!).getAllByRole('link')).toHaveLength(1);
      await expectNoAxeViolations(container);
    });

    it('keeps the link in a reworded sentence, as text around it, or makes the whole sentence the link when it has no {link}', () => {
      const config = {...base, frequencies: ['monthly'], manageGiftUrl: '/manage-my-gift'};
      const {container, unmount} = render(
        <DonateForm
          config={{...config, messages: {cancelAnyTime: '<b>Need a change?</b> {link}, any time.', manageGiftLink: 'Manage your gift'}}}
        />,
      );
      expect(
        screen.getByText(
          (_, el) => el?.tagName === 'LI' && el.textContent === '<b>Need a change?</b> Manage your gift (opens in a new tab), any time.',
        ),
      ).toBeInTheDocument();
      expect(container.querySelector('b')).toBeNull();
      unmount();
      render(<DonateForm config={{...config, messages: {cancelAnyTime: 'Change or stop your gift whenever you like.'}}} />);
      expect(screen.getByRole('link', {name: 'Change or stop your gift whenever you like. (opens in a new tab)'})).toHaveAttribute(
        'href',
        '/manage-my-gift',
      );
    });

    it.each([
      [
        {email: 'supporter.care@example.org'},
        'To change or cancel your regular gift, email supporter.care@example.org.',
        [['supporter.care@example.org', 'mailto:supporter.care@example.org']],
      ],
      [
        {phone: '+61 2 5550 1234'},
        'To change or cancel your regular gift, call +61 2 5550 1234.',
        [['+61 2 5550 1234', 'tel:+61255501234']],
      ],
      [
        {email: 'supporter.care@example.org', phone: '(02) 5550 1234'},
        'To change or cancel your regular gift, email supporter.care@example.org or call (02) 5550 1234.',
        [
          ['supporter.care@example.org', 'mailto:supporter.care@example.org'],
          ['(02) 5550 1234', 'tel:0255501234'],
        ],
      ],
    ])('without manageGiftUrl, says how to reach you from contact %j', async (contact, sentence, links) => {
      const {container} = render(<DonateForm config={{...base, frequencies: ['monthly'], contact}} />);
      expect(lineOf()).toHaveTextContent(sentence);
      expect(
        within(lineOf()!)
          .getAllByRole('link')
          .map((link) => [link.textContent, link.getAttribute('href')]),
      ).toEqual(links);
      for (const link of within(lineOf()!).getAllByRole('link')) expect(link).not.toHaveAttribute('target');
      await expectNoAxeViolations(container);
    });

    it('promises nothing without manageGiftUrl or contact, or with cancelAnyTime off', () => {
      const {unmount} = render(<DonateForm config={{...base, frequencies: ['monthly'], reassurance: {cancelAnyTime: true}}} />);
      expect(screen.getByText('Test mode: no money is taken.', {selector: 'li'})).toBeInTheDocument();
      expect(screen.queryByText(/cancel/)).not.toBeInTheDocument();
      unmount();
      render(
        <DonateForm
          config={{
            ...base,
            frequencies: ['monthly'],
            reassurance: {cancelAnyTime: false},
            manageGiftUrl: '/manage',
            contact: {phone: '1800 975 707'},
          }}
        />,
      );
      expect(screen.queryByText(/cancel/)).not.toBeInTheDocument();
      expect(screen.queryByRole('link', {name: /change or cancel|1800/})).not.toBeInTheDocument();
    });
  });
});
