/** The endpoint's `GET /forms/<id>` as a page's fetch meets it, for tests: the forms published, and a way to make it fail. */
import {vi} from 'vitest';
import type {FormAnswer} from '../../contract';

export const ENDPOINT = 'https://give.example.org';

/** A published version of `config` as the endpoint answers it. */
export const published = (form: string, component: FormAnswer['component'], config: Record<string, unknown>, version = 3): FormAnswer => ({
  form,
  version,
  component,
  campaign: typeof config.campaign === 'string' ? config.campaign : '',
  config,
});

/**
 * Stubs the global fetch with the endpoint at ENDPOINT holding `forms`: a form it has is answered 200, any other 404
 * (as the endpoint says it), and while `offline` is set every request fails as a dropped connection does. Requests
 * to anywhere else go to `rest`, when given.
 */
export function stubPublishedForms(forms: readonly FormAnswer[], rest?: (request: Request) => Promise<Response>) {
  const stand = {offline: false, asked: [] as string[]};
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== ENDPOINT || !url.pathname.startsWith('/forms/')) {
      if (rest) return rest(request);
      throw new TypeError(`nothing answers ${request.url} here`);
    }
    stand.asked.push(url.pathname);
    if (stand.offline) throw new TypeError('Failed to fetch');
    const found = forms.find((form) => `/forms/${encodeURIComponent(form.form)}` === url.pathname);
    return found ? Response.json(found) : Response.json({status: 'rejected', reason: 'no such form'}, {status: 404});
  });
  vi.stubGlobal('fetch', fetch);
  return stand;
}
