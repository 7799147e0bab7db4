/** `forms import` on every kind of database: each campaign's form published once, and what is already there left alone. */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import campaignsExample from '../campaigns.example.json';
import {parseCampaignsFile} from '../settings';
import {DATABASES, type TestDatabase} from '../testing/databases';
import {campaignForms, importForms} from './import';
import {readForm} from './store';

const AT = new Date('2026-03-02T09:30:00Z');

describe.each(DATABASES)('forms import on $name', ({create}) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await create();
  });
  afterEach(async () => {
    await test.drop();
  });

  it('publishes each form of the example campaigns file as written, and says why one of a campaign with two is left out', async () => {
    // The example is a file the endpoint starts with: the same check the endpoint makes passes first.
    expect(() => parseCampaignsFile(campaignsExample)).not.toThrow();
    expect(await importForms(test.db, campaignForms(campaignsExample), AT, null)).toEqual([
      'imported: save-the-reef (donate-form) as version 1',
      'imported: ban-deep-sea-mining (donate-form) as version 1',
      'not imported: the powerform of campaign ban-deep-sea-mining: form ban-deep-sea-mining is a donate-form; publish it under an id of its own',
    ]);
    expect(await readForm(test.db, 'save-the-reef', 1)).toEqual({
      form: 'save-the-reef',
      version: 1,
      component: 'donate-form',
      campaign: 'save-the-reef',
      config: campaignsExample.donateForms[0],
    });
  });

  it('leaves a form already there: the same config said to be there, another said to need a publish', async () => {
    const file = [{campaign: 'save-the-reef', frequencies: ['one-off']}];
    expect(await importForms(test.db, campaignForms(file), AT, 'Aroha Ngata')).toEqual([
      'imported: save-the-reef (donate-form) as version 1',
    ]);
    // The same config with its keys in another order is the same config.
    const reordered = [{frequencies: ['one-off'], campaign: 'save-the-reef'}];
    expect(await importForms(test.db, campaignForms(reordered), AT, null)).toEqual([
      'skipped: save-the-reef (donate-form) is already there with the same config',
    ]);
    const changed = [{campaign: 'save-the-reef', frequencies: ['one-off', 'monthly']}];
    expect(await importForms(test.db, campaignForms(changed), AT, null)).toEqual([
      'skipped: save-the-reef (donate-form) is already there, with another config in version 1; publish a change with forms publish',
    ]);
    expect(await readForm(test.db, 'save-the-reef')).toMatchObject({version: 1, config: file[0]});
  });
});
