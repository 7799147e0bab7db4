/** GET /export?kind=gifts|signatures&since=<ISO date>: the records as CSV (export.ts), for the bearer of the export token. */
import {downloadCsv, EXPORT_KINDS, parseSince, type ExportDeps} from './export';
import {rejected, respond, bearsToken} from '../http';

/** Replies 404 when export is off, 401 without the token, 400 for a bad kind or since, else the CSV. */
export async function answerExport(deps: ExportDeps, request: Request): Promise<Response> {
  const {token} = deps;
  if (token === null) return respond(rejected('not found', 404));
  if (request.method !== 'GET') return respond({...rejected('use GET', 405), headers: {allow: 'GET'}});
  if (!(await bearsToken(request, token))) return respond({...rejected('unauthorised', 401), headers: {'www-authenticate': 'Bearer'}});

  const params = new URL(request.url).searchParams;
  const kind = EXPORT_KINDS.find((known) => known === params.get('kind'));
  if (!kind) return respond(rejected('kind: expected gifts or signatures'));
  const sinceParam = params.get('since');
  const since = sinceParam === null || sinceParam === '' ? null : parseSince(sinceParam);
  if (since === null && sinceParam) {
    return respond(rejected('since: expected an ISO date such as 2026-01-31 or a date-time with its zone such as 2026-01-31T09:00:00Z'));
  }
  return downloadCsv(deps, kind, since);
}
