// @vitest-environment jsdom
import {readFileSync} from 'node:fs';
import {cleanup, render, screen, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {useState} from 'react';
import {afterEach, describe, expect, it, vi} from 'vitest';
import * as zod from 'zod/mini';
import {donateFormSchema} from '../../coral/donate-form/core';
import {medium} from '../../coral/donate-form/examples/medium';
import {DONATE_FORM_OPTIONS} from '../../coral/donate-form/docs';
import {expectNoAxeViolations} from '../../coral/shared/testing';
import {optionTree} from '../../coral/shared/docs';
import {Option} from './Option';
import {Editor} from './Editor';

afterEach(cleanup);

const tree = optionTree(donateFormSchema, DONATE_FORM_OPTIONS);

/**
 * The control a label names, found by the label's text: a role or label query over the whole editor reads every
 * element's accessible name, which takes tens of seconds in jsdom on a loaded machine. The test checks the name too.
 */
const control = (title: string): HTMLElement => {
  const found = document.getElementById(screen.getByText(title, {selector: 'label'}).getAttribute('for')!)!;
  expect(found).toHaveAccessibleName(title);
  return found;
};

const editor = (onChange = vi.fn()) => {
  render(<Editor tag="coral-donate-form" tree={tree} own={medium} config={medium} onChange={onChange} />);
  return onChange;
};

// The whole editor is a large tree to render in jsdom; on a loaded 2-core machine that alone can take most of the default 20 s.
describe('Editor', {timeout: 60_000}, () => {
  it('names each option for a reader, with the key the config writes beside the name but not in it', async () => {
    const user = userEvent.setup();
    const top = (key: string) => tree.find((node) => node.key === key)!;
    const {container} = render(
      <>
        {['sourceCode', 'defaultFrequency', 'layout', 'urlParams', 'rgUpgrade', 'gateway'].map((key) => (
          <Option key={key} node={top(key)} path={[key]} value={undefined} label={top(key).title} onChange={vi.fn()} />
        ))}
      </>,
    );
    const source = screen.getByRole('textbox', {name: 'Source code'});
    expect(source.closest('div')!.querySelector('code')).toHaveTextContent(/^sourceCode$/);
    expect(screen.getByRole('combobox', {name: 'Default frequency'})).toBeInTheDocument();
    expect(screen.getByRole('switch', {name: 'URL parameters'}).closest('div')).toHaveTextContent(/^URL parameters urlParams/);
    const layout = screen.getByRole('group', {name: 'Layout'});
    expect(within(layout).getByText('layout', {selector: 'code'})).toBeVisible();

    // A group, named by its title, with its key beside it in the summary.
    const ask = screen.getByText('Monthly upgrade ask').closest('summary')!;
    expect(ask).toHaveTextContent(/^Monthly upgrade ask rgUpgrade$/);
    await user.click(ask);
    expect(within(screen.getByRole('group', {name: 'Monthly upgrade ask'})).getByRole('spinbutton', {name: 'Round to'})).toBeVisible();
    expect(screen.getByRole('combobox', {name: 'Type'})).toHaveValue('sandbox');
    expect(screen.getByRole('spinbutton', {name: 'Delay in milliseconds'})).toBeInTheDocument();
    expect(screen.queryByRole('textbox', {name: 'sourceCode'})).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('gives each valid change, trimmed to what differs from the defaults', async () => {
    const user = userEvent.setup();
    const onChange = editor();
    // The group by its legend's text, then checked as a reader finds it, as `control` does.
    const layout = screen.getByText('Layout', {selector: 'legend > span'}).closest('fieldset')!;
    expect(layout).toHaveAccessibleName('Layout');
    expect(within(layout).getByText(/Default:/)).toHaveTextContent('Default: single.');
    await user.click(within(layout).getByRole('radio', {name: 'wizard'}));
    const last = onChange.mock.lastCall![0] as Record<string, unknown>;
    expect(last).not.toHaveProperty('fields');
    expect(last).toMatchObject({layout: 'wizard', urlParams: true});

    expect(control('Currency')).toHaveAttribute('placeholder', 'AUD');
    // A switch's label wraps it.
    const directDebit = screen.getByText('Direct debit', {selector: 'label > span'}).closest('label')!.querySelector('input')!;
    expect(directDebit).toHaveAttribute('role', 'switch');
    expect(directDebit).toHaveAccessibleName('Direct debit');
    await user.click(directDebit);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({directDebit: true}));
  });

  it('labels the top-level options of the whole editor by their titles', () => {
    editor();
    expect(control('Source code')).toHaveAccessibleName('Source code');
    expect(control('Source code')).toHaveAttribute('type', 'text');
    expect(control('Days a daily gift runs')).toHaveAccessibleName('Days a daily gift runs');
    expect(control('Days a daily gift runs')).toHaveAttribute('type', 'number');
    expect(screen.getByText('rgUpgrade', {selector: 'summary code'})).toBeVisible();
    expect(screen.queryByText('sourceCode', {selector: 'label'})).not.toBeInTheDocument();
  });

  it('shows the schema’s message beside the control and gives nothing while the config is wrong', async () => {
    const user = userEvent.setup();
    const onChange = editor();
    await user.click(screen.getByText('Amounts'));
    const amounts = screen.getByRole('group', {name: 'Amounts'});
    await user.click(within(amounts).getByText('Monthly'));
    const monthly = within(amounts).getByRole('group', {name: 'Monthly'});
    const min = within(monthly).getByRole('spinbutton', {name: 'Minimum'});
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
    // A closed group still counts what is wrong inside it, in words.
    await user.click(within(amounts).getByText('Monthly'));
    expect(within(amounts).getByText('Monthly').closest('summary')).toHaveTextContent(/^Monthly monthly \(1 problem\)$/);
  });

  it('adds, reorders and removes list items, within the schema’s limits', async () => {
    const user = userEvent.setup();
    const onChange = editor();
    const frequencies = screen.getByRole('group', {name: 'Frequencies'});
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
    const schema = zod.strictObject({
      intro: zod.optional(zod.string().check(zod.minLength(0), zod.maxLength(80))),
      heading: zod._default(zod.string().check(zod.minLength(1), zod.maxLength(80)), 'Add your name'),
    });
    const [intro, heading] = optionTree(schema, {intro: 'The line above the form. "" for none.', heading: 'The heading.'});
    const Harness = () => {
      const [config, setConfig] = useState<Record<string, unknown>>({});
      return (
        <>
          <Option
            node={intro!}
            path={['intro']}
            value={config.intro}
            label={intro!.title}
            onChange={(intro) => setConfig((c) => ({...c, intro}))}
          />
          <Option
            node={heading!}
            path={['heading']}
            value={config.heading}
            label={heading!.title}
            onChange={(heading) => setConfig((c) => ({...c, heading}))}
          />
          <output>{JSON.stringify(config)}</output>
        </>
      );
    };
    render(<Harness />);
    const shown = () => screen.getByRole('status').textContent;
    const box = screen.getByRole('textbox', {name: 'Intro'});
    expect(screen.queryByRole('button', {name: 'Use the default for intro'})).not.toBeInTheDocument();
    await user.type(box, 'x');
    await user.clear(box);
    expect(shown()).toBe('{"intro":""}');
    await user.click(screen.getByRole('button', {name: 'Use the default for intro'}));
    expect(shown()).toBe('{}');
    expect(screen.queryByRole('button', {name: 'Use the default for intro'})).not.toBeInTheDocument();

    // A text that must not be empty goes back to its default when emptied, and shows that default meanwhile.
    const other = screen.getByRole('textbox', {name: 'Heading'});
    await user.type(other, 'Sign');
    await user.clear(other);
    expect(shown()).toBe('{}');
    expect(other).toHaveAttribute('placeholder', 'Add your name');
    expect(screen.queryByRole('button', {name: 'Use the default for heading'})).not.toBeInTheDocument();
  });

  it('draws a control for an option it has never seen, from its schema alone', async () => {
    const user = userEvent.setup();
    const schema = zod.strictObject({
      confetti: zod._default(zod.enum(['none', 'some', 'lots']), 'some'),
      bursts: zod._default(zod.int().check(zod.minimum(1), zod.maximum(9)), 3),
      signOff: zod.optional(zod.string().check(zod.maxLength(1))),
    });
    const [confetti, bursts, signOff] = optionTree(schema, {
      confetti: 'How much confetti to throw.',
      bursts: 'How many bursts.',
      signOff: 'One letter to sign with.',
    });
    const onChange = vi.fn();
    render(
      <>
        <Option node={confetti!} path={['confetti']} value={undefined} label={confetti!.title} onChange={onChange} />
        <Option node={bursts!} path={['bursts']} value={undefined} label={bursts!.title} onChange={onChange} />
        <Option node={signOff!} path={['signOff']} value={undefined} label={signOff!.title} onChange={onChange} />
      </>,
    );
    const group = screen.getByRole('group', {name: 'Confetti'});
    expect(group).toHaveAccessibleDescription('How much confetti to throw. Default: some.');
    expect(within(group).getByRole('radio', {name: 'some'})).toBeChecked();
    await user.click(within(group).getByRole('radio', {name: 'lots'}));
    expect(onChange).toHaveBeenLastCalledWith('lots');
    const number = screen.getByRole('spinbutton', {name: 'Bursts'});
    expect(number).toHaveAttribute('min', '1');
    expect(number).toHaveAttribute('max', '9');
    expect(number).toHaveAccessibleDescription('How many bursts. A whole number from 1 to 9. Default: 3.');
    // A limit of one is "1 character", not "1 characters".
    expect(screen.getByRole('textbox', {name: 'Sign off'})).toHaveAccessibleDescription('One letter to sign with. Up to 1 character.');
  });

  it('loads a pasted published form: its config to the form, its experiment and visitor setting kept to publish with it', async () => {
    const page = readFileSync('docs/results-and-experiments.mdx', 'utf8');
    const example = /```json title="save-the-reef-2026\.json"\n([\s\S]*?)```/.exec(page)![1]!;
    const site = {origin: 'https://greenpeace.github.io', basePath: '/gpap-coral/', release: null};
    const Harness = () => {
      const [config, setConfig] = useState<unknown>(medium);
      return (
        <>
          <Editor tag="coral-donate-form" tree={tree} own={medium} config={config} onChange={setConfig} site={site} />
          <output aria-label="Live config">{JSON.stringify(config)}</output>
        </>
      );
    };
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByText('Paste a config'));
    const box = screen.getByRole('textbox', {name: 'Pasted config'});
    await user.click(box);
    await user.paste(example.replace('"donate-form"', '"powerform"'));
    await user.click(screen.getByRole('button', {name: 'Check and load'}));
    expect(screen.getByText('component: got "powerform"; this is a donate-form demo: paste it on a powerform demo')).toBeVisible();

    await user.clear(box);
    await user.paste(example);
    await user.click(screen.getByRole('button', {name: 'Check and load'}));
    expect(screen.getByText('Loaded: the form and the options above show it.')).toBeVisible();
    expect(
      screen.getByText(
        'Kept beside the options: the experiment “higher-asks-eofy” with variants control and higher-asks; the visitor id kept in the browser’s storage. Publish to your endpoint sends them with the config. The form shows the control, “control”.',
      ),
    ).toBeVisible();
    // The form shows the control: the config without the experiment, which the component never reads (its handles are the defaults).
    expect(JSON.parse(screen.getByRole('status', {name: 'Live config'}).textContent!)).toEqual({campaign: 'save-the-reef-2026'});
    // The form's id follows the pasted campaign; the publish step says what goes with the config.
    expect(control('Form id')).toHaveValue('save-the-reef-2026');
    expect(screen.getByText(/^Published with it, from Paste a config: the experiment “higher-asks-eofy”/)).toBeInTheDocument();

    // Reset leaves the experiment behind with the pasted config.
    await user.click(screen.getByRole('button', {name: 'Reset'}));
    expect(screen.queryByText(/^Published with it, from Paste a config/)).not.toBeInTheDocument();
    expect(control('Form id')).toHaveValue(medium.campaign);
  });

  it('offers to publish the config where the page says where the site is, beside the link to copy', () => {
    const site = {origin: 'https://greenpeace.github.io', basePath: '/gpap-coral/', release: null};
    const {rerender} = render(<Editor tag="coral-donate-form" tree={tree} own={medium} config={medium} onChange={vi.fn()} />);
    expect(screen.queryByText('Publish to your endpoint')).not.toBeInTheDocument();
    rerender(<Editor tag="coral-donate-form" tree={tree} own={medium} config={medium} onChange={vi.fn()} site={site} />);
    expect(screen.getByText('Publish to your endpoint').closest('summary')).toBeInTheDocument();
    expect(control('Form id')).toHaveValue(medium.campaign);
  });
});
