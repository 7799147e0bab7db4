// @vitest-environment jsdom
/** A form left on the sandbox says so: to the supporter by its fields and its give button, and once to the page's developer. */
import {render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {describe, expect, it, vi} from 'vitest';
import {expectNoAxeViolations} from '../shared/testing';
import {DonateForm} from '.';
import {base, cleanPageEachTest, fillCard, fillDetails} from './DonateForm.testing';

cleanPageEachTest();

const NOTICE = 'Test mode: no money is taken.';

describe('a donate form on the sandbox gateway', () => {
  // First in the file: the console is told once per page, and this file is one page.
  it('tells the console once, however many forms, which config key takes real payments', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(
      <>
        <DonateForm config={base} id="first" />
        <DonateForm config={base} id="second" />
      </>,
    );
    expect(await screen.findAllByLabelText('Card number')).toHaveLength(2);
    const sandboxLines = () => warn.mock.calls.filter(([line]) => String(line).includes('sandbox'));
    // preact runs effects after the frame is drawn: both forms' have run once a frame has passed.
    await waitFor(() => expect(sandboxLines()).not.toHaveLength(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sandboxLines()).toHaveLength(1);
    expect(sandboxLines()[0]![0]).toMatch(/takes no money.*gateway: \{type: 'stripe', publishableKey, endpoint\}/);
  });

  it('says by its payment fields and by its give button that it is a test, and never that the payment is secure', async () => {
    const {container} = render(<DonateForm config={base} />);
    const payment = screen.getByRole('group', {name: 'Payment'});
    await within(payment).findByLabelText('Card number');
    expect(within(payment).getByText(NOTICE)).toBeVisible();
    const byButton = screen.getByText(NOTICE, {selector: 'li'});
    expect(screen.getByRole('button', {name: 'Give $60'}).compareDocumentPosition(byButton)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.queryByText('Your payment is secure and encrypted.')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('says it with reassurance.secure off too, and a form on a real gateway says nothing of a test', () => {
    const {unmount} = render(<DonateForm config={{...base, reassurance: {secure: false}}} />);
    expect(screen.getByText(NOTICE, {selector: 'li'})).toBeInTheDocument();
    unmount();
    render(<DonateForm config={{...base, gateway: {type: 'http', endpoint: 'https://pay.example.org'}}} />);
    expect(screen.getByText('Your payment is secure and encrypted.')).toBeInTheDocument();
    expect(screen.queryByText(/Test mode/)).not.toBeInTheDocument();
  });

  it('thanks the supporter without promising a receipt that nothing sends', async () => {
    const user = userEvent.setup();
    render(<DonateForm config={base} />);
    await fillDetails(user);
    await fillCard(user);
    await user.click(screen.getByRole('button', {name: 'Give $60'}));
    const thanks = (await screen.findByRole('heading', {name: 'Thank you, Mere!'})).parentElement!;
    expect(thanks).toHaveTextContent('Your gift is on its way to the campaign.');
    expect(thanks).not.toHaveTextContent(/receipt will follow|by email/i);
  });
});
