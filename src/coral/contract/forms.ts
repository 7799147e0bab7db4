/**
 * Forms published on the endpoint: one config per form, kept in numbered versions that never change, which a page
 * embeds by the form's id. `PUT /forms/<id>` publishes (with the admin token), `GET /forms/<id>` reads the newest or
 * `?version=N`, and `GET /forms` lists them (with the admin token).
 */
import * as zod from 'zod/mini';

/** The components a form can be; a form's is fixed once it exists. */
export const FORM_COMPONENTS = ['donate-form', 'powerform', 'thank-you'] as const;
export type FormComponent = (typeof FORM_COMPONENTS)[number];

/** A form's id as a page names it: letters, digits and dashes (lower case reads best in an address). */
export const FORM_ID = /^[A-Za-z0-9-]{1,64}$/;
export const FORM_ID_RULE = 'expected 1 to 64 letters, digits or dashes, e.g. "save-the-reef-2026"';

/** The part of a form's path that stands for its id (with the paths, which a bundle reads). */
export {FORM_PARAM} from './paths';

/** The longest name a version keeps of who published it (the `Coral-Published-By` header, or `--by`). */
export const PUBLISHED_BY_MAX = 100;

/**
 * `Coral-Published-By` as a browser sends it: a header holds Latin-1 only, so the name goes percent-encoded after
 * `UTF-8''` (RFC 8187's ext-value), e.g. `UTF-8''M%C4%81ori%20Ng%C4%81`. A tool may send the name's UTF-8 as it is.
 */
export const encodePublishedBy = (name: string): string => `UTF-8''${encodeURIComponent(name)}`;

const formId = zod.string().check(zod.regex(FORM_ID, {message: FORM_ID_RULE}));
const version = zod.int().check(zod.minimum(1));

/**
 * `PUT /forms/<id>`: the component's config as its page would give it, with a `component` key naming the component.
 * The rest is checked by that component's own parse, so its keys are not listed here.
 */
export const publishRequestSchema = zod.looseObject({component: zod.enum(FORM_COMPONENTS)});

/** 201: the version this publish made, and for a version with an experiment its plan in words (server/results/plan.ts). */
export const publishAnswerSchema = zod.object({form: formId, version, plan: zod.optional(zod.string())});

/** `GET /forms/<id>[?version=N]`: the newest version, or the one asked for. */
export const formAnswerSchema = zod.object({
  form: formId,
  version,
  component: zod.enum(FORM_COMPONENTS),
  campaign: zod.string(),
  config: zod.record(zod.string(), zod.unknown()),
});

/** `GET /forms`: every form, with each of its versions (the config left out: read one with `GET /forms/<id>`). */
export const formListSchema = zod.object({
  forms: zod.array(
    zod.object({
      form: formId,
      component: zod.enum(FORM_COMPONENTS),
      campaign: zod.string(),
      createdAt: zod.string(),
      versions: zod.array(
        zod.object({
          version,
          publishedBy: zod.nullable(zod.string()),
          publishedAt: zod.string(),
          // When it was withdrawn (`npm run forms -- withdraw`) and by whom; null while it is not.
          withdrawnAt: zod.nullable(zod.string()),
          withdrawnBy: zod.nullable(zod.string()),
        }),
      ),
    }),
  ),
});

export type PublishRequest = zod.output<typeof publishRequestSchema>;
export type PublishAnswer = zod.output<typeof publishAnswerSchema>;
export type FormAnswer = zod.output<typeof formAnswerSchema>;
export type FormList = zod.output<typeof formListSchema>;
