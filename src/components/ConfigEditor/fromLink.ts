/** The config a demo link's `#config=` fragment carries, checked by the component's schema. */
import {describeError} from '../../coral/shared/configErrors';
import type {CoralTag} from '../../embed/snippet';
import {COMPONENTS} from './components';
import {readConfigFragment} from '../ConfigLink';

export type FromLink = {ok: true; config: unknown} | {ok: false; errors: string[]};

export function configFromLink(tag: CoralTag, hash: string): FromLink {
  const read = readConfigFragment(hash);
  if (!read.ok) return {ok: false, errors: [read.message]};
  const parsed = COMPONENTS[tag].parse(read.value);
  return parsed.ok ? {ok: true, config: read.value} : {ok: false, errors: parsed.errors.map(describeError)};
}
