/**
 * Forms and their versions in the records (migration 0008_forms.sql): publishing a version, reading one, and the list.
 * A version is never changed; "form X, version N" is one call, `readForm(db, X, N)`, for whatever checks against it.
 */
import type {FormAnswer, FormComponent, FormList} from '../../src/coral/contract';
import type {Database, Queryable} from '../db';
import type {CheckedForm} from './check';
import type {VersionStanding} from './standing';

/**
 * The most versions one form keeps: years of a form republished every day. A form's results read each version, so
 * past this a form is published under a new id.
 */
export const VERSIONS_PER_FORM = 1000;

export type Published =
  {ok: true; version: number} | {ok: false; component: FormComponent} | {ok: false; lookAlike: string} | {ok: false; full: true};

/** Why a publish was refused, in one sentence naming the form, for the route's 409 and the commands alike. */
export function refusal(id: string, published: Exclude<Published, {ok: true}>, component: FormComponent): string {
  if ('lookAlike' in published)
    return `form "${id}" differs from the form "${published.lookAlike}" only in case: publish to that id, or choose another`;
  if ('full' in published) return `form "${id}" has ${VERSIONS_PER_FORM} versions, the most a form keeps: publish it under a new id`;
  return `form "${id}" is a ${published.component}: publish a ${component} under another id`;
}

/**
 * Keeps `checked` as the form's next version. The form's row is locked first, so two publishes at once take
 * numbers one after the other; a form made as another component is left alone, and its component answered. An id
 * that differs from another form's only in case is refused, as is a form's version past `VERSIONS_PER_FORM`.
 */
export async function publishForm(db: Database, id: string, checked: CheckedForm, by: string | null, at: Date): Promise<Published> {
  return db.transaction(async (tx: Queryable) => {
    // Two publishes of look-alike ids at once take turns, so one of them finds the other.
    await tx.query('select pg_advisory_xact_lock(hashtext(lower($1)))', [id]);
    const [lookAlike] = await tx.query<{id: string}>('select id from forms where lower(id) = lower($1) and id <> $1 limit 1', [id]);
    if (lookAlike !== undefined) return {ok: false, lookAlike: lookAlike.id};
    await tx.query('insert into forms (id, component, campaign, created_at) values ($1, $2, $3, $4) on conflict (id) do nothing', [
      id,
      checked.component,
      checked.campaign,
      at,
    ]);
    const [form] = await tx.query<{component: FormComponent}>('select component from forms where id = $1 for update', [id]);
    if (form!.component !== checked.component) return {ok: false, component: form!.component};
    const [{versions} = {versions: 0}] = await tx.query<{versions: number}>(
      'select count(*)::integer as versions from form_versions where form = $1',
      [id],
    );
    if (versions >= VERSIONS_PER_FORM) return {ok: false, full: true};
    await tx.query('update forms set campaign = $2 where id = $1', [id, checked.campaign]);
    const [kept] = await tx.query<{version: number}>(
      `insert into form_versions (form, version, config, published_by, published_at)
       select $1, coalesce(max(version), 0) + 1, $2::text::jsonb, $3, $4 from form_versions where form = $1
       returning version`,
      [id, JSON.stringify(checked.config), by, at],
    );
    return {ok: true, version: kept!.version};
  });
}

type VersionRow = {version: number; component: FormComponent; config: Record<string, unknown>};

/**
 * The form's newest version not withdrawn, or version `version` (withdrawn or not: its config is still what it was);
 * null when there is no such form or version, or every version of the form is withdrawn.
 */
export async function readForm(db: Queryable, id: string, version?: number): Promise<FormAnswer | null> {
  const [row] = await db.query<VersionRow>(
    `select v.version, f.component, v.config from form_versions v join forms f on f.id = v.form
     where v.form = $1 and (v.version = $2 or ($2::integer is null and v.withdrawn_at is null)) order by v.version desc limit 1`,
    [id, version ?? null],
  );
  if (row === undefined) return null;
  // The campaign is the version's own: an older version may name another.
  return {form: id, version: row.version, component: row.component, campaign: String(row.config.campaign), config: row.config};
}

/**
 * A version's standing (standing.ts), as milliseconds: when it was withdrawn, and when the first newer version not
 * withdrawn was published. Null when the form has no such version.
 */
export async function readStanding(db: Queryable, id: string, version: number): Promise<VersionStanding | null> {
  const [row] = await db.query<{withdrawn_at: Date | null; superseded_at: Date | null}>(
    `select v.withdrawn_at,
       (select min(n.published_at) from form_versions n where n.form = v.form and n.version > v.version and n.withdrawn_at is null)
         as superseded_at
     from form_versions v where v.form = $1 and v.version = $2`,
    [id, version],
  );
  if (row === undefined) return null;
  return {withdrawnAt: row.withdrawn_at?.getTime() ?? null, supersededAt: row.superseded_at?.getTime() ?? null};
}

/** What a withdrawal did: the versions it withdrew now (none when all were already), or that there is no such form or version. */
export type Withdrawn = {ok: true; withdrawn: number[]} | {ok: false};

/**
 * Withdraws version `version` of the form, or every version of it: from `at` none of them takes a gift or signature,
 * and a page is given the newest version still standing, if any. A version already withdrawn keeps its first time.
 */
export async function withdrawForm(db: Database, id: string, version: number | null, by: string | null, at: Date): Promise<Withdrawn> {
  return db.transaction(async (tx: Queryable) => {
    const rows = await tx.query<{version: number; withdrawn_at: Date | null}>(
      `select version, withdrawn_at from form_versions where form = $1 and ($2::integer is null or version = $2) for update`,
      [id, version],
    );
    if (rows.length === 0) return {ok: false};
    const withdrawn = await tx.query<{version: number}>(
      `update form_versions set withdrawn_at = $3, withdrawn_by = $4
       where form = $1 and ($2::integer is null or version = $2) and withdrawn_at is null returning version`,
      [id, version, at, by],
    );
    return {ok: true, withdrawn: withdrawn.map((row) => row.version).sort((a, b) => a - b)};
  });
}

type ListRow = {
  id: string;
  component: FormComponent;
  campaign: string;
  created_at: Date;
  version: number;
  published_by: string | null;
  published_at: Date;
  withdrawn_by: string | null;
  withdrawn_at: Date | null;
};

/** Every form by id, each with its versions, oldest first. */
export async function listForms(db: Queryable): Promise<FormList['forms']> {
  const rows = await db.query<ListRow>(
    `select f.id, f.component, f.campaign, f.created_at, v.version, v.published_by, v.published_at, v.withdrawn_by, v.withdrawn_at
     from forms f join form_versions v on v.form = f.id order by f.id, v.version`,
  );
  const forms = new Map<string, FormList['forms'][number]>();
  for (const row of rows) {
    const form = forms.get(row.id) ?? {
      form: row.id,
      component: row.component,
      campaign: row.campaign,
      createdAt: row.created_at.toISOString(),
      versions: [],
    };
    form.versions.push({
      version: row.version,
      publishedBy: row.published_by,
      publishedAt: row.published_at.toISOString(),
      withdrawnAt: row.withdrawn_at?.toISOString() ?? null,
      withdrawnBy: row.withdrawn_by,
    });
    forms.set(row.id, form);
  }
  return [...forms.values()];
}
