/**
 * The campaigns an endpoint serves (CORAL_CAMPAIGNS): donate forms it takes
 * gifts for and powerforms it takes signatures for, each checked against its
 * component's own config schema.
 */
import {
  describeError,
  parseDonateFormConfig,
  parsePowerformConfig,
  type DonateFormConfig,
  type ParseResult,
  type PowerformConfig,
} from '../../src/coral/contract/library';

export type Campaigns = {donateForms: Map<string, DonateFormConfig>; powerforms: Map<string, PowerformConfig>};

const LISTS = ['donateForms', 'powerforms'] as const;

type Parsed<T> = {found: Map<string, T>; problems: string[]};

/** One list of configs, by campaign id, and a line for every bad entry (`powerforms[2]: …`) naming each of its bad keys. */
function parseList<T extends {campaign: string}>(input: unknown, name: string, parse: (item: unknown) => ParseResult<T>): Parsed<T> {
  const found = new Map<string, T>();
  if (!Array.isArray(input)) return {found, problems: [`${name}: expected a list of configs`]};
  const problems: string[] = [];
  input.forEach((item, i) => {
    const parsed = parse(item);
    if (!parsed.ok) problems.push(`${name}[${i}]: ${parsed.errors.map(describeError).join('; ')}`);
    else if (found.has(parsed.config.campaign)) problems.push(`${name}[${i}]: campaign "${parsed.config.campaign}" is listed twice`);
    else found.set(parsed.config.campaign, parsed.config);
  });
  return {found, problems};
}

function throwIfAny(problems: readonly string[]): void {
  if (problems.length > 0) throw new Error(problems.join(' | '));
}

/** The donate form campaigns, by id, from a list of donate form configs (the campaigns file's first format). Throws, naming each bad entry. */
export function parseCampaigns(input: unknown): Map<string, DonateFormConfig> {
  const {found, problems} = parseList(input, 'campaigns', parseDonateFormConfig);
  throwIfAny(problems);
  return found;
}

/**
 * A campaigns file: `{"donateForms": [...], "powerforms": [...]}` (either list
 * may be left out), or a list of donate form configs alone. A campaign id may
 * appear once in each list: a petition and a donate form of one campaign.
 * Throws, naming each bad entry and each of its bad keys.
 */
export function parseCampaignsFile(input: unknown): Campaigns {
  if (Array.isArray(input)) return {donateForms: parseCampaigns(input), powerforms: new Map()};
  if (typeof input !== 'object' || input === null) {
    throw new Error('campaigns: expected {"donateForms": [...], "powerforms": [...]} or a list of donate form configs');
  }
  const unknown = Object.keys(input).filter((key) => !(LISTS as readonly string[]).includes(key));
  throwIfAny(unknown.map((key) => `campaigns.${key}: not a list a campaigns file has: expected donateForms or powerforms`));
  const {donateForms = [], powerforms = []} = input as Partial<Record<(typeof LISTS)[number], unknown>>;
  const gifts = parseList(donateForms, 'donateForms', parseDonateFormConfig);
  const petitions = parseList(powerforms, 'powerforms', parsePowerformConfig);
  throwIfAny([...gifts.problems, ...petitions.problems]);
  return {donateForms: gifts.found, powerforms: petitions.found};
}
