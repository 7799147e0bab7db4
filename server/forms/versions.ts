/**
 * The config a gift or signature is checked against: the version of the published form it names (`form`), which is
 * what its page showed, so a page open while a newer version is published still works (for CORAL_OLD_VERSION_HOURS
 * after it, standing.ts); or, when it names none, the campaigns file's config for its campaign. A version's config
 * never changes, so each is read and parsed once per instance; its standing is read again after STANDING_MS.
 */
import {componentConfig, publishedForm, variantConfig, type FormComponent, type PublishedForm} from '../../src/coral/contract';
import {
  describeError,
  parseDonateFormConfig,
  parsePowerformConfig,
  refuse,
  type Check,
  type DonateFormConfig,
  type ParseResult,
  type PowerformConfig,
} from '../../src/coral/contract/library';
import type {Queryable} from '../db';
import {campaignRefusal, versionRefusal, type VersionRules, type VersionStanding} from './standing';
import {readForm, readStanding} from './store';

/** Reads a published version's config for one component, or says why a request naming it is refused. */
export type VersionReader<C> = (form: PublishedForm) => Promise<Check<C>>;

export type PublishedConfigs = {donateForm: VersionReader<DonateFormConfig>; powerform: VersionReader<PowerformConfig>};

/** Versions kept parsed: more than the forms an organisation runs at once; past it they are read again. */
const VERSIONS_KEPT = 256;

/** How long a version's standing is kept: a withdrawal, or a newer version's publish, is heeded within it. */
export const STANDING_MS = 60_000;

/**
 * The readers for an endpoint's records; `db` null where it keeps none, and a request naming a form is refused.
 * `rules`: how long an older version is still taken, and the campaigns listed; `now` the endpoint's clock.
 */
export function publishedConfigs(db: Queryable | null, rules: VersionRules, now: () => number): PublishedConfigs {
  const parsed = new Map<string, unknown>();
  const standings = new Map<string, {at: number; standing: Promise<VersionStanding | null>}>();

  /** The version's standing, read at most once a STANDING_MS per version; a failed read is not kept. */
  function standingOf(records: Queryable, id: string, version: number): Promise<VersionStanding | null> {
    const key = `${id}\n${version}`;
    const found = standings.get(key);
    if (found !== undefined && now() - found.at < STANDING_MS) return found.standing;
    const standing = readStanding(records, id, version);
    standing.catch(() => standings.delete(key));
    if (standings.size >= VERSIONS_KEPT) standings.clear();
    standings.set(key, {at: now(), standing});
    return standing;
  }

  function reader<C extends {campaign: string}>(component: FormComponent, parse: (config: unknown) => ParseResult<C>): VersionReader<C> {
    /** The version's config, read and parsed once. */
    async function configOf(records: Queryable, {id, version, variant}: PublishedForm): Promise<Check<C>> {
      const key = `${id}\n${version}\n${variant ?? ''}`;
      const kept = parsed.get(key) as C | undefined;
      if (kept !== undefined) return {ok: true, value: kept};
      const form = await readForm(records, id, version);
      if (form === null || form.version !== version) return refuse(`form: form "${id}" has no version ${version} on this endpoint`);
      if (form.component !== component) return refuse(`form: form "${id}" is a ${form.component}, not a ${component}`);
      // A variant's config is its changes laid over the rest; a request naming none is checked against the rest.
      const given = variant === undefined ? componentConfig(form.config) : variantConfig(form.config, variant);
      if (given === null) return refuse(`form: version ${version} of form "${id}" has no variant "${variant}"`);
      const config = parse(given);
      // Checked when it was published; a version a later release of Coral reads otherwise says so rather than guessing.
      if (!config.ok)
        return refuse(`form: version ${version} of form "${id}" no longer reads: ${config.errors.map(describeError).join('; ')}`);
      if (parsed.size >= VERSIONS_KEPT) parsed.clear();
      parsed.set(key, config.config);
      return {ok: true, value: config.config};
    }
    return async (form) => {
      if (db === null) return refuse('form: this endpoint keeps no published forms');
      const config = await configOf(db, form);
      if (!config.ok) return config;
      const unlisted = campaignRefusal(config.value.campaign, rules.listed);
      if (unlisted !== null) return refuse(unlisted);
      const standing = await standingOf(db, form.id, form.version);
      const ended = standing === null ? null : versionRefusal(standing, now(), rules.oldVersionMs);
      if (ended !== null)
        return refuse(`form: version ${form.version} of form "${form.id}" ${ended}: reload the page for the form as it is now`);
      return config;
    };
  }
  return {donateForm: reader('donate-form', parseDonateFormConfig), powerform: reader('powerform', parsePowerformConfig)};
}

/** How long a campaign's newest published powerform is kept for the count: a publish shows in the count within it. */
export const NEWEST_POWERFORM_MS = 60_000;

/**
 * The newest powerform published for a campaign, for its count's starting figure (`counter.count`): read once a
 * minute per campaign, so a busy petition's count costs no more than it did. `db` null: there is none.
 */
export function newestPowerforms(db: Queryable | null, now: () => number): (campaign: string) => Promise<PowerformConfig | null> {
  const kept = new Map<string, {at: number; config: Promise<PowerformConfig | null>}>();
  return (campaign) => {
    if (db === null) return Promise.resolve(null);
    const found = kept.get(campaign);
    if (found !== undefined && now() - found.at < NEWEST_POWERFORM_MS) return found.config;
    const config = db
      .query<{config: unknown}>(
        `select v.config from forms f join form_versions v on v.form = f.id
         where f.campaign = $1 and f.component = 'powerform' and v.withdrawn_at is null order by v.published_at desc, v.version desc limit 1`,
        [campaign],
      )
      .then(([row]) => {
        const parsed = row === undefined ? null : parsePowerformConfig(componentConfig(row.config as Record<string, unknown>));
        return parsed?.ok ? parsed.config : null;
      });
    // A failed read is not kept: the next request tries again.
    config.catch(() => kept.delete(campaign));
    if (kept.size >= VERSIONS_KEPT) kept.clear();
    kept.set(campaign, {at: now(), config});
    return config;
  };
}

/** What a request is checked against: the campaigns by id (one, its version's, for a published form), and that form. */
export type CheckedAgainst<C> = {configs: ReadonlyMap<string, C>; form: PublishedForm | null};

/**
 * The configs to check `body` against. A `form` that is not one (a bad id, say) is left for the request's own parse,
 * which names what is wrong with it; a form's version must be of the request's campaign.
 */
export async function checkedAgainst<C extends {campaign: string}>(
  body: unknown,
  file: ReadonlyMap<string, C>,
  read: VersionReader<C>,
): Promise<Check<CheckedAgainst<C>>> {
  const given = typeof body === 'object' && body !== null ? (body as {form?: unknown; campaign?: unknown}) : {};
  const form = publishedForm.safeParse(given.form);
  if (!form.success || form.data === undefined) return {ok: true, value: {configs: file, form: null}};
  const config = await read(form.data);
  if (!config.ok) return config;
  const {campaign} = config.value;
  if (given.campaign !== campaign) {
    return refuse(`campaign: expected "${campaign}", the campaign of version ${form.data.version} of form "${form.data.id}"`);
  }
  return {ok: true, value: {configs: new Map([[campaign, config.value]]), form: form.data}};
}
