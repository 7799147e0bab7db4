// @vitest-environment jsdom
import {cleanup, render, screen, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {useState} from 'react';
import {afterEach, describe, expect, it, vi} from 'vitest';
import * as z from 'zod/mini';
import {donateFormSchema} from '../../coral/donate-form';
import {medium} from '../../coral/donate-form/examples/medium';
import {describe as described} from '../../coral/shared/schemaParts';
import {optionTree} from '../../coral/shared/schemaTree';
import {Option} from './Option';
import {Editor} from './Editor';

afterEach(cleanup);

const tree = optionTree(donateFormSchema);

const editor = (onChange = vi.fn()) => {
  render(<Editor tag="coral-donate-form" tree={tree} own={medium} config={medium} onChange={onChange} />);
  return onChange;
};

describe('Editor', () => {
  it('gives each valid change, trimmed to what differs from the defaults', async () => {
    const user = userEvent.setup();
    const onChange = editor();
    const layout = screen.getByRole('group', {name: 'layout'});
    expect(within(layout).getByText(/Default:/)).toHaveTextContent('Default: single.');
    await user.click(within(layout).getByRole('radio', {name: 'wizard'}));
    const last = onChange.mock.lastCall![0] as Record<string, unknown>;
    expect(last).not.toHaveProperty('fields');
    expect(last).toMatchObject({layout: 'wizard', urlParams: true});

    expect(screen.getByRole('textbox', {name: 'currency'})).toHaveAttribute('placeholder', 'AUD');
    await user.click(screen.getByRole('switch', {name: 'directDebit'}));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({directDebit: true}));
  });

  it('shows the schema’s message beside the control and gives nothing while the config is wrong', async () => {
    const user = userEvent.setup();
    const onChange = editor();
    await user.click(screen.getByText('amounts'));
    const amounts = screen.getByRole('group', {name: 'amounts'});
    await user.click(within(amounts).getByText('monthly'));
    const monthly = within(amounts).getByRole('group', {name: 'monthly'});
    const min = within(monthly).getByRole('spinbutton', {name: 'min'});
    await user.clear(min);
    await user.type(min, '5000');
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(min).toHaveAccessibleDescription(expect.stringContaining('expected min to be no more than max (2000)'));
    // On the way to 5000, every value above the smallest handle was wrong too: the last valid config is the untouched one.
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({amounts: {'one-off': {defaultAmount: 60}, monthly: {defaultAmount: 25}}}),
    );
    expect(onChange).not.toHaveBeenCalledWith(
      expect.objectContaining({amounts: expect.objectContaining({monthly: expect.objectContaining({min: 5000})})}),
    );
    expect(screen.getByText(/amounts\.monthly\.min: got 5000/)).toBeInTheDocument();
  });

  it('adds, reorders and removes list items, within the schema’s limits', async () => {
    const user = userEvent.setup();
    const onChange = editor();
    const frequencies = screen.getByRole('group', {name: 'frequencies'});
    await user.selectOptions(within(frequencies).getByLabelText('Add to frequencies'), 'daily');
    await user.click(within(frequencies).getByRole('button', {name: 'Add'}));
    await user.click(within(frequencies).getByRole('button', {name: 'Move daily up'}));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({frequencies: ['one-off', 'daily', 'monthly']}));
    await user.click(within(frequencies).getByRole('button', {name: 'Remove one-off'}));
    await user.click(within(frequencies).getByRole('button', {name: 'Remove monthly'}));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({frequencies: ['daily']}));
    expect(within(frequencies).getByRole('button', {name: 'Remove daily'})).toBeDisabled();
  });

  it('keeps an emptied text as "" where the schema takes "" for none, with a way back to the default', async () => {
    const user = userEvent.setup();
    const schema = z.strictObject({
      intro: described(z.optional(z.string().check(z.minLength(0), z.maxLength(80))), 'The line above the form. "" for none.'),
      heading: described(z._default(z.string().check(z.minLength(1), z.maxLength(80)), 'Add your name'), 'The heading.'),
    });
    const [intro, heading] = optionTree(schema);
    const Harness = () => {
      const [config, setConfig] = useState<Record<string, unknown>>({});
      return (
        <>
          <Option
            node={intro!}
            path={['intro']}
            value={config.intro}
            label="intro"
            onChange={(intro) => setConfig((c) => ({...c, intro}))}
          />
          <Option
            node={heading!}
            path={['heading']}
            value={config.heading}
            label="heading"
            onChange={(heading) => setConfig((c) => ({...c, heading}))}
          />
          <output>{JSON.stringify(config)}</output>
        </>
      );
    };
    render(<Harness />);
    const shown = () => screen.getByRole('status').textContent;
    const box = screen.getByRole('textbox', {name: 'intro'});
    expect(screen.queryByRole('button', {name: 'Use the default for intro'})).not.toBeInTheDocument();
    await user.type(box, 'x');
    await user.clear(box);
    expect(shown()).toBe('{"intro":""}');
    await user.click(screen.getByRole('button', {name: 'Use the default for intro'}));
    expect(shown()).toBe('{}');
    expect(screen.queryByRole('button', {name: 'Use the default for intro'})).not.toBeInTheDocument();

    // A text that must not be empty goes back to its default when emptied, and shows that default meanwhile.
    const other = screen.getByRole('textbox', {name: 'heading'});
    await user.type(other, 'Sign');
    await user.clear(other);
    expect(shown()).toBe('{}');
    expect(other).toHaveAttribute('placeholder', 'Add your name');
    expect(screen.queryByRole('button', {name: 'Use the default for heading'})).not.toBeInTheDocument();
  });

  it('draws a control for an option it has never seen, from its schema alone', async () => {
    const user = userEvent.setup();
    const schema = z.strictObject({
      confetti: described(z._default(z.enum(['none', 'some', 'lots']), 'some'), 'How much confetti to throw.'),
      bursts: described(z._default(z.int().check(z.minimum(1), z.maximum(9)), 3), 'How many bursts.'),
    });
    const [confetti, bursts] = optionTree(schema);
    const onChange = vi.fn();
    render(
      <>
        <Option node={confetti!} path={['confetti']} value={undefined} label="confetti" onChange={onChange} />
        <Option node={bursts!} path={['bursts']} value={undefined} label="bursts" onChange={onChange} />
      </>,
    );
    const group = screen.getByRole('group', {name: 'confetti'});
    expect(group).toHaveAccessibleDescription('How much confetti to throw. Default: some.');
    expect(within(group).getByRole('radio', {name: 'some'})).toBeChecked();
    await user.click(within(group).getByRole('radio', {name: 'lots'}));
    expect(onChange).toHaveBeenLastCalledWith('lots');
    const number = screen.getByRole('spinbutton', {name: 'bursts'});
    expect(number).toHaveAttribute('min', '1');
    expect(number).toHaveAttribute('max', '9');
    expect(number).toHaveAccessibleDescription('How many bursts. A whole number from 1 to 9. Default: 3.');
  });
});
