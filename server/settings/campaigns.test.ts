/** parseCampaignsFile: donate forms and powerforms from one campaigns file, each bad entry named. */
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {parseCampaigns, parseCampaignsFile} from './campaigns';

const reef = {campaign: 'save-the-reef', frequencies: ['one-off', 'monthly']};
const petition = {campaign: 'ban-deep-sea-mining', counter: {count: 10, goal: 100}};

describe('parseCampaignsFile', () => {
  it('reads the first format, a list of donate form configs, as donate forms alone', () => {
    const {donateForms, powerforms} = parseCampaignsFile([reef]);
    expect([...donateForms.keys()]).toEqual(['save-the-reef']);
    expect(donateForms.get('save-the-reef')?.frequencies).toEqual(['one-off', 'monthly']);
    expect(powerforms.size).toBe(0);
  });

  it('reads both lists, parsed by each component’s own schema, and one campaign id in each', () => {
    const {donateForms, powerforms} = parseCampaignsFile({
      donateForms: [reef, {campaign: 'ban-deep-sea-mining'}],
      powerforms: [petition],
    });
    expect([...donateForms.keys()]).toEqual(['save-the-reef', 'ban-deep-sea-mining']);
    expect(powerforms.get('ban-deep-sea-mining')).toMatchObject({
      variant: 'petition',
      counter: {count: 10, goal: 100},
      fields: {email: 'required'},
    });
  });

  it.each([
    ['no powerforms', {donateForms: [reef]}, 1, 0],
    ['no donate forms', {powerforms: [petition]}, 0, 1],
    ['nothing', {}, 0, 0],
  ])('takes a file with %s', (_, input, gifts, signatures) => {
    const {donateForms, powerforms} = parseCampaignsFile(input);
    expect([donateForms.size, powerforms.size]).toEqual([gifts, signatures]);
  });

  it('names every bad entry, in both lists, with each of its bad keys', () => {
    const input = {
      donateForms: [{campaign: 'save-the-reef', frequencies: ['fortnightly']}, reef],
      powerforms: [petition, petition, {campaign: 'plastic-free-july', variant: 'signup', consentRequired: 'yes'}],
    };
    expect(() => parseCampaignsFile(input)).toThrow(
      [
        'donateForms[0]: frequencies.0: got "fortnightly"; expected one of one-off, weekly, monthly, daily',
        'powerforms[1]: campaign "ban-deep-sea-mining" is listed twice',
        'powerforms[2]: variant: got "signup"; expected one of petition, leads; consentRequired: got "yes"; expected a boolean',
      ].join(' | '),
    );
  });

  it.each([
    [
      'a key it does not know',
      {donateForms: [], petitions: []},
      'campaigns.petitions: not a list a campaigns file has: expected donateForms or powerforms',
    ],
    ['a list that is not a list', {powerforms: petition}, 'powerforms: expected a list of configs'],
    [
      'neither a list nor an object',
      'save-the-reef',
      'campaigns: expected {"donateForms": [...], "powerforms": [...]} or a list of donate form configs',
    ],
    ['null', null, 'campaigns: expected {"donateForms": [...], "powerforms": [...]} or a list of donate form configs'],
  ])('refuses %s', (_, input, message) => {
    expect(() => parseCampaignsFile(input)).toThrow(message);
  });

  it('reads server/campaigns.example.json: donate forms, and the deep-sea petition beside its donate form', () => {
    const {donateForms, powerforms} = parseCampaignsFile(JSON.parse(readFileSync('server/campaigns.example.json', 'utf8')));
    expect([...donateForms.keys()]).toEqual(['save-the-reef', 'ban-deep-sea-mining']);
    expect(powerforms.get('ban-deep-sea-mining')).toMatchObject({variant: 'petition', counter: {enabled: true, goal: 75000}});
  });
});

describe('parseCampaigns', () => {
  it('still reads a list of donate form configs, naming a bad one as campaigns[i]', () => {
    expect(parseCampaigns([reef]).get('save-the-reef')?.campaign).toBe('save-the-reef');
    expect(() => parseCampaigns([reef, reef])).toThrow('campaigns[1]: campaign "save-the-reef" is listed twice');
  });
});
