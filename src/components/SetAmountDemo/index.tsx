import {useRef, type ReactNode} from 'react';
import {DonateForm, type DonateFormConfigInput, type DonateFormHandle} from '@site/src/coral/donate-form';
import EventLog from '../EventLog';
import styles from './styles.module.css';

const config = {
  campaign: 'reef-rescue',
  frequencies: ['one-off', 'monthly'],
  // Its own heading, so it is not a second "Make a donation" form on the page.
  messages: {heading: 'Donate: set by the buttons above'},
} satisfies DonateFormConfigInput;

const presets = [
  {amount: 50, frequency: 'one-off', text: 'setAmount(50)'},
  {amount: 25, frequency: 'monthly', text: "setAmount(25, 'monthly')"},
  {amount: 137.5, frequency: 'one-off', text: 'setAmount(137.5)'},
] as const;

/** The page drives a form through its ref, and listens to what it reports. */
export default function SetAmountDemo(): ReactNode {
  const form = useRef<DonateFormHandle>(null);
  return (
    <div className={styles.demo}>
      <div className={styles.controls} role="group" aria-label="Call the form's API">
        {presets.map((preset) => (
          <button
            key={preset.text}
            type="button"
            className="button button--outline button--primary button--sm"
            onClick={() => form.current?.setAmount(preset.amount, preset.frequency)}
          >
            <code>{preset.text}</code>
          </button>
        ))}
      </div>
      <DonateForm ref={form} config={config} id="api-donate" headingLevel={3} />
      <EventLog headingLevel={3} />
    </div>
  );
}
