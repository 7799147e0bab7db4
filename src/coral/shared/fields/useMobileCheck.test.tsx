// @vitest-environment jsdom
import {act, cleanup, fireEvent, render, renderHook, screen, waitFor} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import * as DONATE_FORM_EXAMPLES from '../../donate-form/examples';
import * as POWERFORM_EXAMPLES from '../../powerform/examples';
import {MOBILE_MESSAGES} from '../basics';
import {useMobileCheck, type MobileCheck} from './useMobileCheck';

const phone = {loads: 0};

/**
 * The components from a fresh module registry, in which the phone module
 * counts each time it is loaded: a registry loads a module once, so each test
 * starts with one where it has not been.
 */
async function components() {
  vi.resetModules();
  phone.loads = 0;
  vi.doMock('./phone', async (importOriginal) => {
    phone.loads += 1;
    return importOriginal();
  });
  const [{DonateForm}, {Powerform}] = await Promise.all([import('../../donate-form'), import('../../powerform')]);
  return {DonateForm, Powerform};
}

/** Lets every pending import and effect settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

const donateForm = {...DONATE_FORM_EXAMPLES.sandbox, fields: {phone: 'optional'}};

beforeEach(() => {
  window.dataLayer = [];
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  vi.doUnmock('./phone');
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('the phone check', () => {
  it('is not loaded with a donate form that shows a phone field, nor by using its other fields', async () => {
    const {DonateForm} = await components();
    const user = userEvent.setup();
    render(<DonateForm config={donateForm} />);
    await user.type(screen.getByLabelText('Email'), 'mere@example.org');
    await settle();
    expect(phone.loads).toBe(0);
  });

  it('loads when the donate form’s phone field is first focused, and checks it from then on', async () => {
    const {DonateForm} = await components();
    const user = userEvent.setup();
    render(<DonateForm config={donateForm} />);
    const mobile = screen.getByLabelText('Mobile (optional)');
    await user.click(mobile);
    await waitFor(() => expect(phone.loads).toBe(1));
    await user.type(mobile, '0412');
    await user.tab();
    await waitFor(() => expect(mobile).toHaveAttribute('aria-invalid', 'true'));
  });

  it('loads when a number arrives in the powerform’s phone field without a focus, as a browser’s autofill does', async () => {
    const {Powerform} = await components();
    render(<Powerform config={POWERFORM_EXAMPLES.sandbox} />);
    await settle();
    expect(phone.loads).toBe(0);
    fireEvent.input(screen.getByLabelText('Mobile (optional)'), {target: {value: '0412 345 678'}});
    await waitFor(() => expect(phone.loads).toBe(1));
  });

  it('is awaited by a submit when a number was set but the check never loaded', async () => {
    const {Powerform} = await components();
    render(<Powerform config={POWERFORM_EXAMPLES.sandbox} />);
    const mobile = screen.getByLabelText('Mobile (optional)');
    // The number reaches the field's own handler but never the form's: a value the form was not told was used.
    mobile.addEventListener('input', (event) => event.stopPropagation());
    fireEvent.input(mobile, {target: {value: '0412'}});
    fireEvent.change(mobile, {target: {value: '0412'}});
    await waitFor(() => expect(mobile).toHaveValue('0412'));
    await settle();
    expect(phone.loads).toBe(0);
    fireEvent.submit(mobile.closest('form')!);
    await waitFor(() => expect(mobile).toHaveAttribute('aria-invalid', 'true'));
    expect(phone.loads).toBe(1);
  });

  it('answers a change of country with the new country’s check, not the one loaded before it', async () => {
    const {result, rerender} = renderHook(({own}) => useMobileCheck([own], own, 'en-AU', MOBILE_MESSAGES), {
      initialProps: {own: 'AU'},
    });
    await act(() => result.current[1]());
    // 021 123 4567 is a New Zealand mobile: an Australian form takes it as one, in E.164.
    expect(result.current[0]?.('021 123 4567')).toEqual({ok: true, value: '+64211234567'});
    rerender({own: 'NZ'});
    expect(result.current[0]).toBeNull();
    await act(() => result.current[1]());
    expect(result.current[0]?.('0412 345 678')).toEqual({ok: true, value: '+61412345678'});
    expect(result.current[0]?.('1')).toMatchObject({ok: false, reason: expect.stringContaining('021 123 4567')});
  });

  it('fetches the mobiles of a Pacific form’s countries, and reads a national number as the chosen country’s', async () => {
    const {result, rerender} = renderHook(({own}) => useMobileCheck(['AU', 'FJ', 'PG'], own, 'en-AU', MOBILE_MESSAGES), {
      initialProps: {own: 'AU'},
    });
    await act(() => result.current[1]());
    expect(result.current[0]?.('+679 701 2345')).toEqual({ok: true, value: '+6797012345'});
    expect(result.current[0]?.('+675 7012 3456')).toEqual({ok: true, value: '+67570123456'});
    expect(result.current[0]?.('701 2345')).toEqual({
      ok: false,
      reason: 'If this is a mobile in Fiji, start with +679, like +679 701 2345.',
    });
    rerender({own: 'FJ'});
    await act(() => result.current[1]());
    expect(result.current[0]?.('701 2345')).toEqual({ok: true, value: '+6797012345'});
    expect(result.current[0]?.('1')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Enter a mobile number from Australia, Fiji, Papua New Guinea or New Zealand, like 701 2345.'),
    });
  });

  it('holds a number back with a message when its code cannot load, keeps the powerform answering, and tries again next time', async () => {
    vi.resetModules();
    vi.doMock('./phone', () => {
      throw new Error('the connection dropped');
    });
    const {Powerform} = await import('../../powerform');
    render(<Powerform config={POWERFORM_EXAMPLES.sandbox} />);
    const mobile = screen.getByLabelText('Mobile (optional)');
    await userEvent.setup().type(mobile, '0412 345 678');
    fireEvent.submit(mobile.closest('form')!);
    await waitFor(() => expect(mobile).toHaveAttribute('aria-invalid', 'true'));
    expect(document.body.textContent).toContain(MOBILE_MESSAGES.mobileUnchecked);

    const {result} = renderHook(() => useMobileCheck(['AU'], 'AU', 'en-AU', MOBILE_MESSAGES));
    let unchecked: MobileCheck | undefined;
    await act(async () => {
      unchecked = await result.current[1]();
    });
    expect(unchecked?.('0412 345 678')).toEqual({ok: false, reason: MOBILE_MESSAGES.mobileUnchecked});
    expect(result.current[0]?.('0412 345 678')).toEqual({ok: false, reason: MOBILE_MESSAGES.mobileUnchecked});
    // The connection is back: the same form's next ask loads the check.
    vi.doUnmock('./phone');
    vi.resetModules();
    let check: MobileCheck | undefined;
    await act(async () => {
      check = await result.current[1]();
    });
    expect(check?.('0412 345 678')).toEqual({ok: true, value: '+61412345678'});
  });
});
