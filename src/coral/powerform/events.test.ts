import {describe, expect, it} from 'vitest';
import {loadMobileChecks} from '../shared/fields';
import {dataLayerFor, eventFor} from './events';
import {reduce} from './machine';
import {initialState, type Action, type Checks, type Notice} from './state';
import {type PowerformConfigInput} from './schema';
import {parsePowerformConfig} from './parse';

const {normaliseMobile} = await loadMobileChecks();

const checks: Checks = {mobile: (v) => normaliseMobile(v)};

function flow(input: Partial<PowerformConfigInput>, extra: Action[] = []) {
  const parsed = parsePowerformConfig({campaign: 'reef', analytics: true, ...input});
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const config = parsed.config;
  const actions: Action[] = [
    {type: 'submit', checks, key: 'k0'},
    {type: 'field', field: 'firstName', value: 'Mere'},
    {type: 'field', field: 'email', value: 'mere.tane@example.org'},
    {type: 'field', field: 'postcode', value: '2000'},
    ...extra,
    {type: 'consent', value: true},
    {type: 'submit', checks, key: 'k1'},
    {type: 'answered', key: 'k1', result: {status: 'error', outcome: 'unknown', retryable: false, detail: 'no answer within 15 s'}},
    {type: 'submit', checks, key: 'k2'},
    {type: 'answered', key: 'k1', result: {status: 'accepted', reference: 'CRL-42'}},
  ];
  const end = actions.reduce((s, a) => reduce(config, s, a), initialState(config));
  return {config, notices: end.outbox.map((o) => o.notice) as Notice[]};
}

describe('powerform events', () => {
  it('reports a blocked submit, the send, an honest error and the success', () => {
    const {config, notices} = flow({sourceCode: 'PF-REEF', counter: {count: 99, goal: 500}});
    const events = notices.map((n) => eventFor(config, n));
    expect(events.map((e) => e.name)).toEqual(['coral:invalid', 'coral:submit', 'coral:error', 'coral:submit', 'coral:success']);
    const base = {campaign: 'reef', variant: 'petition', sourceCode: 'PF-REEF'};
    expect(events[0]!.detail).toEqual({...base, fields: ['firstName', 'email', 'postcode']});
    expect(events[1]!.detail).toEqual({...base, fields: ['firstName', 'email', 'postcode'], consent: true, answered: false});
    expect(events[2]!.detail).toEqual({...base, kind: 'error', reason: 'no answer within 15 s', saved: 'unknown', retryable: false});
    expect(events[4]!.detail).toEqual({...base, reference: 'CRL-42', count: 100, goal: 500, consent: true});
  });

  it('pushes sign_up for a petition and generate_lead for the leads form, with campaign and source code', () => {
    const petition = flow({sourceCode: 'PF-REEF'});
    expect(petition.notices.map((n) => dataLayerFor(petition.config, n)).filter(Boolean)).toEqual([
      {event: 'sign_up', method: 'petition', campaign: 'reef', source_code: 'PF-REEF'},
    ]);
    const leads = flow({variant: 'leads', sourceCode: 'LD-REEF', fields: {lastName: 'hidden', phone: 'hidden'}});
    expect(leads.notices.map((n) => dataLayerFor(leads.config, n)).filter(Boolean)).toEqual([
      {event: 'generate_lead', lead_source: 'LD-REEF', campaign: 'reef', source_code: 'LD-REEF'},
    ]);
    const unnamed = flow({variant: 'leads', fields: {lastName: 'hidden', phone: 'hidden'}});
    expect(unnamed.notices.map((n) => dataLayerFor(unnamed.config, n)).filter(Boolean)).toEqual([
      {event: 'generate_lead', lead_source: 'reef', campaign: 'reef'},
    ]);
  });

  it('never lets personal data into an event or a push', () => {
    const {config, notices} = flow({question: {type: 'text', id: 'why', label: 'Why?'}}, [
      {type: 'field', field: 'lastName', value: 'Tane'},
      {type: 'field', field: 'phone', value: '0412 345 678'},
      {type: 'answer', value: 'Kaimoana'},
    ]);
    expect(eventFor(config, notices[1]!).detail).toMatchObject({answered: true});
    const everything = JSON.stringify([notices.map((n) => eventFor(config, n)), notices.map((n) => dataLayerFor(config, n))]);
    for (const personal of ['Mere', 'Tane', 'mere.tane', '0412', '+61412345678', '2000"', 'Kaimoana']) {
      expect(everything).not.toContain(personal);
    }
  });
});
