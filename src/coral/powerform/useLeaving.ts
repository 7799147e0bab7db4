import {useEffect} from 'react';
import {sessionStore, writeSupporterHandoff, type SupporterHandoff} from '../daisychain/handoff';
import {TEXT_FIELDS, type PowerformState} from './machine';
import type {PowerformConfig} from './schema';

/**
 * After a signature with a redirect or daisychain configured, leaves for the
 * next page. A daisychain first hands the signer to it through session
 * storage; the URL never carries their details.
 */
export function useLeaving(config: PowerformConfig, state: PowerformState, navigate: (url: string) => void) {
  const {submission} = state;
  useEffect(() => {
    if (submission.status !== 'done' || config.success.type === 'inline') return;
    if (config.success.type === 'daisychain') {
      const {supporter} = submission.signup;
      // Without a first name there is no one to greet: page 2 then shows its ordinary ask.
      if (supporter.firstName) {
        const handoff: SupporterHandoff = {firstName: supporter.firstName, consent: supporter.consent, campaign: config.campaign};
        for (const field of TEXT_FIELDS) {
          const value = supporter[field];
          if (value) handoff[field] = value;
        }
        writeSupporterHandoff(sessionStore(), handoff);
      }
    }
    navigate(config.success.url);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the signature is recorded
  }, [submission]);
}
