/**
 * `forms import`: each donate form and powerform of the campaigns file (CORAL_CAMPAIGNS) published as a form whose id
 * is its campaign, so a page can move to embedding it by id. A form already there is never changed.
 */
import type {FormComponent} from '../../src/coral/contract';
import type {Database} from '../db';
import {checkForm} from './check';
import {publishForm, refusal} from './store';

export type CampaignForm = {component: FormComponent; config: Record<string, unknown>};

const LISTS = [
  ['donateForms', 'donate-form'],
  ['powerforms', 'powerform'],
] as const;

/** The configs of a campaigns file as written (not with the defaults its parse adds), each with its component. */
export function campaignForms(file: unknown): CampaignForm[] {
  const lists: Record<string, unknown> = Array.isArray(file) ? {donateForms: file} : ((file ?? {}) as Record<string, unknown>);
  return LISTS.flatMap(([list, component]) => {
    const configs = lists[list];
    return Array.isArray(configs) ? configs.map((config) => ({component, config: config as Record<string, unknown>})) : [];
  });
}

/** Publishes each as version 1 of the form named by its campaign; one line per form saying what became of it. */
export async function importForms(db: Database, forms: readonly CampaignForm[], at: Date, by: string | null): Promise<string[]> {
  const lines: string[] = [];
  for (const {component, config} of forms) {
    const checked = checkForm({...config, component});
    if (!checked.ok) {
      lines.push(`not imported: a ${component} of the campaigns file: ${checked.problems.join('; ')}`);
      continue;
    }
    const id = checked.form.campaign;
    const [kept] = await db.query<{component: FormComponent; versions: number; same: boolean}>(
      `select f.component, (select count(*)::integer from form_versions where form = f.id) as versions,
              (select config = $2::text::jsonb from form_versions where form = f.id order by version desc limit 1) as same
       from forms f where f.id = $1`,
      [id, JSON.stringify(checked.form.config)],
    );
    if (kept?.component !== undefined && kept.component !== component) {
      lines.push(`not imported: the ${component} of campaign ${id}: form ${id} is a ${kept.component}; publish it under an id of its own`);
    } else if (kept?.same) {
      lines.push(`skipped: ${id} (${component}) is already there with the same config`);
    } else if (kept !== undefined) {
      lines.push(
        `skipped: ${id} (${component}) is already there, with another config in version ${kept.versions}; publish a change with forms publish`,
      );
    } else {
      const published = await publishForm(db, id, checked.form, by, at);
      lines.push(
        published.ok
          ? `imported: ${id} (${component}) as version ${published.version}`
          : `not imported: ${refusal(id, published, component)}`,
      );
    }
  }
  return lines;
}
